// The requests a load generator sends (load.mjs, pace.mjs), read from the file harness.ts writes:
// one a line, "<path> [<bearer token> or -] [<If-None-Match>]".
import { readFileSync } from 'node:fs';

/** Each line as a path and the headers to send with it. */
export function readRequests(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [path, token, ifNoneMatch] = line.split(' ');
      return {
        path,
        headers: { ...(token && token !== '-' ? { authorization: `Bearer ${token}` } : {}), ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
      };
    });
}
