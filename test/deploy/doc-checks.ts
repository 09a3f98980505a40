/**
 * What the documents and comments may point at, shared by test/deploy/docs-links.test.ts and
 * `npm run lint` (scripts/check-citations.mjs runs it with Node's type stripping, so this module uses
 * only erasable TypeScript): relative links and `#anchor`s that resolve to a file and a heading of
 * the repository, and no citation of a document the repository does not hold.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The documents whose links are checked: the top-level ones, docs/, the README beside each
 * deployable's code, and a README in one of a service's source folders (services/feed/src/sources/).
 */
export function documents(root: string = ROOT): string[] {
  const inDir = (dir: string) =>
    existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir))
          .filter((f) => f.endsWith('.md'))
          .map((f) => `${dir}/${f}`)
      : [];
  const readmes = [
    'gateway',
    ...readdirSync(path.join(root, 'services')).flatMap((s) => [
      `services/${s}`,
      ...(existsSync(path.join(root, 'services', s, 'src'))
        ? readdirSync(path.join(root, 'services', s, 'src'), { withFileTypes: true })
            .filter((e) => e.isDirectory() && e.name !== 'generated')
            .map((e) => `services/${s}/src/${e.name}`)
        : []),
    ]),
    'connectors/wordpress',
    'clients/typescript',
    'charts/content-feed',
    'k8s',
  ]
    .map((dir) => `${dir}/README.md`)
    .filter((f) => existsSync(path.join(root, f)));
  return ['README.md', 'CHANGELOG.md', ...inDir('docs'), ...readmes];
}

/** The text without fenced code blocks and inline code spans, where brackets are not links. */
export function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown file's headings (a repeated heading gets -1, -2 …, as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
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

export type Read = (relative: string) => string | undefined;

/** The relative links of a document that do not resolve, as `target: why`. */
export function brokenLinks(file: string, read: Read): string[] {
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
export function repoReader(root: string = ROOT): Read {
  return (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return undefined;
    return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
  };
}

/** The source files whose comments may cite the docs (generated code and builds left out). */
export function sourceFiles(dir: string, root: string = ROOT): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return ['node_modules', 'generated', 'dist', '.openapi'].includes(e.name) ? [] : sourceFiles(rel, root);
    return /\.(ts|mjs|prisma|proto|yaml)$/.test(e.name) ? [rel] : [];
  });
}

/** The folders whose source files may cite documents by anchor. */
export const CITING_DIRS = ['gateway', 'services', 'protos', 'test', 'charts', 'clients', 'scripts'];

/** Every `docs/<file>.md#anchor` or `<folder>/README.md#anchor` a source file cites, as `file: target`. */
export function citedAnchors(files: string[], read: Read): string[] {
  return files.flatMap((file) =>
    [...read(file)!.matchAll(/(docs\/[a-z-]+\.md#[a-z0-9-]+|(?<![\w/.-])(?:[\w-]+\/)*README\.md#[a-z0-9-]+)/g)].map(([, ref]) => `${file}: ${ref}`),
  );
}

/** The cited anchors that name no heading (targets are paths from the repository's root). */
export function deadAnchors(cited: string[], read: Read): string[] {
  return cited.filter((c) => {
    const [file, anchor] = c.split(': ')[1]!.split('#') as [string, string];
    const content = read(file);
    return content === undefined || !anchorsOf(content).has(anchor);
  });
}

/**
 * Citations of documents the repository does not hold: a design's numbered sections, issue
 * numbers, the shared folder of design notes and the API contract. A reader of the repository
 * cannot open them; cite a file and heading of the repository, or say the thing. A numbered
 * section of an RFC stays allowed.
 */
export const OUTSIDE_CITATIONS: readonly RegExp[] = [
  /\bdesign(?:'s)?\s*(?:doc(?:ument)?\s*)?(?:section\s*|§\s*)?\d+[a-z]?\b/i,
  /\bissues?\s*#?\d+/i,
  /(?<!\bRFC\s*\d+,?\s*)(?:\bsection\s+|§\s*)\d+/i,
  /\bshared\/(?:design|spec|notes)\b/i,
  /\bcontent-feed-public-api-v\d/i,
  /(?:^|[\s(])\.\.\/notes\//,
];

/** The lines of a text that cite a document outside the repository, as `line: text`. */
export function outsideCitations(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (OUTSIDE_CITATIONS.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

/** The tracked files whose text is read for citations: sources and docs, not lock files or generated code. */
export function citingFiles(tracked: string[]): string[] {
  return tracked.filter(
    (f) =>
      !/(^|\/)(generated|dist|node_modules|fixtures)\//.test(f) &&
      !/(^|\/)package-lock\.json$/.test(f) &&
      !/\.(png|jpe?g|gif|webp|ico|woff2?|ttf|zip|gz)$/i.test(f),
  );
}
