/**
 * Feed page latency at 10 000 and at 1 000 000 articles: the feed service's page read
 * against a real PostgreSQL, for first pages and deep pages, and its changes feed's poll, caught up
 * and 20 changes behind (feed-latency.ts). Prints a table;
 * asserts nothing (the machine is shared and noisy).
 *
 *   npm run bench:feed            BENCH_SIZES=10000,1000000 BENCH_ITERATIONS=300
 */
import { cleanUp } from './harness.ts';
import { CATEGORIES, feedLatency } from './feed-latency.ts';

const sizes = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 300);
const fmt = (x: number) => x.toFixed(2).padStart(8);

console.log(`feed page latency (ms), ${iterations} reads each, subscriptions: 3 of ${CATEGORIES} categories, limit 20`);
console.log(`${'articles'.padStart(10)} ${'read'.padEnd(22)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'mean'.padStart(8)}`);
try {
  await feedLatency(sizes, iterations, ({ articles, first, deep, caughtUp, behind, loadSeconds }) => {
    for (const [label, r] of [
      ['first page', first],
      ['deep page (random)', deep],
      ['changes, caught up', caughtUp],
      ['changes, 20 behind', behind],
    ] as const) {
      console.log(`${String(articles).padStart(10)} ${label.padEnd(22)} ${fmt(r.p50)} ${fmt(r.p99)} ${fmt(r.mean)}`);
    }
    console.log(`${''.padStart(10)} (loaded in ${loadSeconds.toFixed(1)} s)`);
  });
} finally {
  await cleanUp();
}
