// The load generator, in its own process: autocannon against one origin, cycling through a list of
// requests, one a line: "<path> [<bearer token> or -] [<If-None-Match>]".
// Usage: node load.mjs <origin> <seconds> <connections> <requestsFile> [amount]  → prints one JSON line
// (with `amount`, that many requests instead of a duration). `non2xx` leaves out the 304s, which it
// counts apart (`notModified`): a conditional load expects them.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [origin, seconds, connections, requestsFile, amount] = process.argv.slice(2);
const planned = readFileSync(requestsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [path, token, ifNoneMatch] = line.split(' ');
    return {
      path,
      headers: { ...(token && token !== '-' ? { authorization: `Bearer ${token}` } : {}), ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
    };
  });
let next = 0;
const result = await autocannon({
  url: origin,
  ...(amount ? { amount: Number(amount) } : { duration: Number(seconds) }),
  connections: Number(connections),
  requests: [
    {
      method: 'GET',
      setupRequest: (req) => {
        const { path, headers } = planned[next++ % planned.length];
        return { ...req, path, headers: { ...req.headers, ...headers } };
      },
    },
  ],
});
const notModified = result.statusCodeStats['304']?.count ?? 0;
process.stdout.write(
  `${JSON.stringify({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, non2xx: result.non2xx - notModified, notModified, errors: result.errors })}\n`,
);
