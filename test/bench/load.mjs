// The load generator, in its own process: autocannon against one origin, cycling through a list of
// requests, one a line: "<path> [<bearer token> or -] [<If-None-Match>]".
// Usage: node load.mjs <origin> <seconds> <connections> <requestsFile> [amount]  → prints one JSON line
// (with `amount`, that many requests instead of a duration). `non2xx` leaves out the 304s, which it
// counts apart (`notModified`): a conditional load expects them. With LOAD_COUNT_PERSONALIZED=1 it also
// counts the 200 answers of GET /api/v1/feed… (`feedAnswers`) and those of them whose body carries a
// `personalized` item (`personalizedAnswers`).
import autocannon from 'autocannon';
import { readRequests } from './requests-file.mjs';

const [origin, seconds, connections, requestsFile, amount] = process.argv.slice(2);
const planned = readRequests(requestsFile);
const countPersonalized = process.env.LOAD_COUNT_PERSONALIZED === '1';
const counts = { feedAnswers: 0, personalizedAnswers: 0 };
let next = 0;
const result = await autocannon({
  url: origin,
  ...(amount ? { amount: Number(amount) } : { duration: Number(seconds) }),
  connections: Number(connections),
  requests: [
    {
      method: 'GET',
      setupRequest: (req, context) => {
        const { path, headers } = planned[next++ % planned.length];
        if (countPersonalized) context.feed = path.startsWith('/api/v1/feed');
        return { ...req, path, headers: { ...req.headers, ...headers } };
      },
      ...(countPersonalized
        ? {
            onResponse: (status, body, context) => {
              if (!context.feed || status !== 200) return;
              counts.feedAnswers += 1;
              if (body.includes('"personalized":{')) counts.personalizedAnswers += 1;
            },
          }
        : {}),
    },
  ],
});
const notModified = result.statusCodeStats['304']?.count ?? 0;
process.stdout.write(
  `${JSON.stringify({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, non2xx: result.non2xx - notModified, notModified, errors: result.errors, ...(countPersonalized ? counts : {}) })}\n`,
);
