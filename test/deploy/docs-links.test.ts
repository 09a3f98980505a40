/**
 * The documents' relative links resolve: every `[text](target)` in README.md, CHANGELOG.md, docs/*.md
 * and the README beside each deployable's code names a file of the repository and, with `#anchor`, a
 * heading of that file (GitHub's slug of it), and so does every `docs/<file>.md#…` or
 * `<folder>/README.md#…` a code comment cites. Nothing cites a document the repository does not
 * hold (`npm run lint` runs the same checks: scripts/check-citations.mjs). Docs are moved and
 * split; a link that rots is a reader sent nowhere. The README stays a landing page (under 12 KB):
 * the facts live in docs/.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinks, citedAnchors, CITING_DIRS, citingFiles, deadAnchors, documents, outsideCitations, repoReader, ROOT, sourceFiles } from './doc-checks.ts';

const DOCUMENTS = documents();
const readRepo = repoReader();

describe('the documents', () => {
  it.each(DOCUMENTS)('%s: every relative link names an existing file and heading', (file) => {
    expect(brokenLinks(file, readRepo)).toEqual([]);
  });

  it('every docs/<file>.md#… or README.md#… cited in code names an existing heading', () => {
    const cited = citedAnchors(
      CITING_DIRS.flatMap((dir) => sourceFiles(dir)),
      readRepo,
    );
    expect(cited.length).toBeGreaterThan(0);
    expect(deadAnchors(cited, readRepo)).toEqual([]);
  });

  it("every deployable of the README's table has a README of its own, linked from docs/architecture.md", () => {
    const architecture = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const deployables = [
      'gateway',
      ...['identity', 'account', 'feed', 'billing', 'seo', 'media', 'dashboard', 'admin', 'launcher', 'common'].map((s) => `services/${s}`),
    ];
    for (const dir of deployables) {
      expect(DOCUMENTS, dir).toContain(`${dir}/README.md`);
      expect(architecture, dir).toContain(`](../${dir}/README.md`);
    }
  });

  it('docs/architecture.md is a map: at most 25 KB', () => {
    expect(statSync(path.join(ROOT, 'docs/architecture.md')).size).toBeLessThanOrEqual(25 * 1024);
  });

  it('no tracked source or document cites a document outside the repository', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    const found = citingFiles(tracked).flatMap((file) => outsideCitations(readRepo(file) ?? '').map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });

  it('the citation check refuses what names an outside document, and allows an RFC section', () => {
    // Numbers and names filled in at run time, so that this file does not itself hold what it refuses.
    const [n, doc] = [9, 'design'];
    const refused = [
      `${doc} ${n}`,
      `(${doc} ${n})`,
      `${doc} section ${n}`,
      `${doc} §${n}b`,
      `issue ${n}`,
      `issue #${n}`,
      `Issue ${n}'s figures`,
      `shared/${doc}.md`,
      `shared/${'spec'}/api.md`,
      `shared/${'notes'}/x.md`,
      `as in section ${n}`,
    ];
    for (const line of refused) expect(outsideCitations(`ok\n${line}\n`), line).toEqual([`2: ${line}`]);
    expect(outsideCitations('Retry-After as an HTTP-date (RFC 9110 section 10.2.3); a redesigned page; tissue 3D')).toEqual([]);
  });

  it('the anchor check finds a dead README.md#… and a dead docs anchor in code', () => {
    const h = '#'; // so that this file cites no anchor itself
    const files: Record<string, string> = {
      'gateway/README.md': '# Gateway\n\n## The security rate limit\n',
      'docs/a.md': '# A\n\n## Errors\n',
      'src/x.ts': `// gateway/README.md${h}the-security-rate-limit docs/a.md${h}errors gateway/README.md${h}gone docs/a.md${h}nope`,
    };
    const read = (p: string) => files[p];
    const cited = citedAnchors(['src/x.ts'], read);
    expect(cited).toHaveLength(4);
    expect(deadAnchors(cited, read)).toEqual([`src/x.ts: gateway/README.md${h}gone`, `src/x.ts: docs/a.md${h}nope`]);
  });

  it('the README is a landing page: under 12 KB', () => {
    expect(statSync(path.join(ROOT, 'README.md')).size).toBeLessThan(12 * 1024);
  });

  it('the checker itself finds a missing file, a missing heading, and skips code', () => {
    const files: Record<string, string> = {
      'docs/a.md':
        '# A\n\n## The request pipeline\n\n## Walk: a warm GET /api/v1/feed\n\n[ok](b.md#plans-and-quotas) [self](#the-request-pipeline) [walk](#walk-a-warm-get-apiv1feed)\n',
      'docs/b.md':
        '# B\n\n## Plans and quotas\n\n[gone](missing.md) [bad anchor](a.md#route-walk) `[not a link](nowhere.md)`\n\n```\n[nor this](nowhere.md)\n```\n',
    };
    const read = (p: string) => files[p];
    expect(brokenLinks('docs/a.md', read)).toEqual([]);
    expect(brokenLinks('docs/b.md', read)).toEqual(['missing.md: no file docs/missing.md', 'a.md#route-walk: no heading #route-walk in docs/a.md']);
  });
});
