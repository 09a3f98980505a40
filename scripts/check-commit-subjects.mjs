// Commit subjects say what changed in at most 72 characters; the detail goes in the body. Checked for
// every commit since SINCE (the commit that introduced this check: older history is left as it is).
// Outside a git checkout, or in a shallow clone without SINCE, there is nothing to check.
import { execFileSync } from 'node:child_process';

const SINCE = '038acaf';
const MAX = 72;

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

let subjects;
try {
  git('rev-parse', '--verify', '--quiet', `${SINCE}^{commit}`);
  subjects = git('log', '--no-merges', '--format=%h %s', `${SINCE}..HEAD`).split('\n').filter(Boolean);
} catch {
  console.log(`commit subjects: not checked (no git history reaching ${SINCE})`);
  process.exit(0);
}
const long = subjects.filter((line) => line.length - line.indexOf(' ') - 1 > MAX);
for (const line of long) console.error(`subject longer than ${MAX} characters: ${line}`);
console.log(`commit subjects: ${subjects.length} checked, ${long.length} too long`);
process.exit(long.length ? 1 : 0);
