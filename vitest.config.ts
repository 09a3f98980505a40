import { defineConfig } from 'vitest/config';

// One run, two kinds of tests: unit tests next to each package (no servers), and integration /
// end-to-end tests that use the real PostgreSQL and Redis. Every run gets its own database
// (test/support/global-setup.ts), so concurrent runs never collide.
export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    include: ['services/*/test/**/*.test.ts', 'gateway/test/**/*.test.ts', 'protos/test/**/*.test.ts', 'test/**/*.test.ts'],
    // CI also writes a JSON summary, from which .ci/run prints its closing "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.ci/results/vitest.json' },
  },
});
