/**
 * The documents' relative links resolve: every `[text](target)` in README.md, CHANGELOG.md and
 * docs/*.md names a file of the repository and, with `#anchor`, a heading of that file (GitHub's
 * slug of it), and so does every `docs/<file>.md#anchor` a code comment cites. Docs are moved and
 * split; a link that rots is a reader sent nowhere. The README stays a landing page (under 12 KB):
 * the facts live in docs/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENTS = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text without fenced code blocks and inline code spans, where brackets are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown file's headings (a repeated heading gets -1, -2 …, as on GitHub). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of prose(markdown.replace(/`([^`\n]*)`/g, '$1')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(text!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The relative links of a document that do not resolve, as `target: why`. */
function brokenLinks(file: string, read: (p: string) => string | undefined): string[] {
  const text = read(file)!;
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto: …
    const [pathPart, anchor] = target!.split('#', 2) as [string, string | undefined];
    const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(pathPart)));
    const content = read(resolved);
    if (content === undefined) broken.push(`${target}: no file ${resolved}`);
    else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(content).has(anchor))
      broken.push(`${target}: no heading #${anchor} in ${resolved}`);
  }
  return broken;
}

/** A file of the repository (a folder reads as empty text), or undefined when there is none. */
function readRepo(relative: string): string | undefined {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return undefined;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
}

/** The source files whose comments may cite the docs (generated code and builds left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return ['node_modules', 'generated', 'dist', '.openapi'].includes(e.name) ? [] : sourceFiles(rel);
    return /\.(ts|mjs|prisma|proto|yaml)$/.test(e.name) ? [rel] : [];
  });
}

describe('the documents', () => {
  it.each(DOCUMENTS)('%s: every relative link names an existing file and heading', (file) => {
    expect(brokenLinks(file, readRepo)).toEqual([]);
  });

  it('every docs/<file>.md#anchor cited in code names an existing heading', () => {
    const dirs = ['gateway', 'services', 'protos', 'test', 'charts'];
    const cited = dirs
      .flatMap(sourceFiles)
      .flatMap((file) => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/docs\/[a-z-]+\.md#[a-z0-9-]+/g)].map(([ref]) => `${file}: ${ref}`));
    expect(cited.length).toBeGreaterThan(0);
    const broken = cited.filter((c) => {
      const [file, anchor] = c.split(': ')[1]!.split('#') as [string, string];
      const content = readRepo(file);
      return content === undefined || !anchorsOf(content).has(anchor);
    });
    expect(broken).toEqual([]);
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
