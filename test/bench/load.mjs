// The load generator, in its own process: autocannon against one URL, rotating bearer tokens.
// Usage: node load.mjs <url> <seconds> <connections> [tokensFile]  → prints one JSON line.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, seconds, connections, tokensFile] = process.argv.slice(2);
const tokens = tokensFile ? readFileSync(tokensFile, 'utf8').split('\n').filter(Boolean) : [];
let next = 0;
const result = await autocannon({
  url,
  duration: Number(seconds),
  connections: Number(connections),
  requests: [
    {
      method: 'GET',
      setupRequest: (req) => {
        if (tokens.length) req.headers = { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` };
        return req;
      },
    },
  ],
});
const ok = result['2xx'];
process.stdout.write(
  `${JSON.stringify({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, ok, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts })}\n`,
);
