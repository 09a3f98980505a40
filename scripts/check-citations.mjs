// Comments and documents cite only files and headings of the repository: no design section, issue
// number or shared note a reader of the repository cannot open, and no `#anchor` that names no
// heading (in the documents' links and in code comments citing docs/<file>.md#… or README.md#…).
// The checks are test/deploy/doc-checks.ts, which test/deploy/docs-links.test.ts runs too; Node
// reads that TypeScript module by stripping its types.
import { execFileSync } from 'node:child_process';
import {
  brokenLinks,
  citedAnchors,
  CITING_DIRS,
  citingFiles,
  deadAnchors,
  documents,
  outsideCitations,
  repoReader,
  ROOT,
  sourceFiles,
} from '../test/deploy/doc-checks.ts';

const read = repoReader();
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const problems = [
  ...citingFiles(tracked).flatMap((file) => outsideCitations(read(file) ?? '').map((line) => `${file}:${line}: cites a document outside the repository`)),
  ...documents().flatMap((file) => brokenLinks(file, read).map((why) => `${file}: ${why}`)),
  ...deadAnchors(
    citedAnchors(
      CITING_DIRS.flatMap((dir) => sourceFiles(dir)),
      read,
    ),
    read,
  ).map((c) => `${c}: no such heading`),
];
for (const problem of problems) console.error(problem);
console.log(`citations: ${tracked.length} tracked files read, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
