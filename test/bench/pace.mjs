// The paced load generator (an open model), in its own process: the requests of a list, one a line as
// load.mjs reads them ("<path> [<bearer token> or -] [<If-None-Match>]"), each sent once at its own
// time, `rate` a second, whatever the answers before it took: a Site polls on its clock, not when the
// previous Site's answer came. Latency is counted from the time a request was due, not from when it
// was sent, so a generator that falls behind shows in the figures instead of hiding the wait
// (coordinated omission); `lagMs` says how late the latest send was.
// Usage: node pace.mjs <origin> <rate per second> <requestsFile>  → prints one JSON line, in the shape
// of load.mjs's (`non2xx` leaves out the 304s, counted apart in `notModified`).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { readRequests } from './requests-file.mjs';

const [origin, rateArg, requestsFile] = process.argv.slice(2);
const rate = Number(rateArg);
const { hostname, port } = new URL(origin);
const planned = readRequests(requestsFile);
// Keep-alive, as a proxy in front of the gateway keeps its connections; enough sockets that a slow
// answer never holds back the next due request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const latencies = [];
const statuses = new Map();
let errors = 0;
let lagMs = 0;

function send(request, due) {
  return new Promise((resolve) => {
    const req = http.get({ agent, hostname, port, path: request.path, headers: request.headers }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(performance.now() - due);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        resolve();
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    req.on('error', () => {
      errors += 1;
      resolve();
    });
  });
}

const start = performance.now() + 50;
const inFlight = [];
for (let i = 0; i < planned.length; i++) {
  const due = start + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  lagMs = Math.max(lagMs, performance.now() - due);
  inFlight.push(send(planned[i], due));
}
await Promise.all(inFlight);
const seconds = (performance.now() - start) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
const count = (test) => [...statuses].filter(([s]) => test(s)).reduce((sum, [, n]) => sum + n, 0);
process.stdout.write(
  `${JSON.stringify({
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    requests: latencies.length,
    non2xx: count((s) => (s < 200 || s > 299) && s !== 304),
    notModified: statuses.get(304) ?? 0,
    errors,
    lagMs,
  })}\n`,
);
