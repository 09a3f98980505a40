import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Five layers, each runnable on its own (`npm run test:<layer>`); `npm test` runs them all.
// - unit: tests beside each package that need no server;
// - integration: package tests against the real PostgreSQL and/or Redis (`*.int.test.ts`);
// - system: the whole system over HTTP (test/e2e);
// - deploy: the chart, the kustomize overlays, skaffold and the Dockerfiles, rendered and checked;
// - connectors: the site connectors that are not TypeScript (test/connectors: PHP lint, PHPUnit, and the
//   WordPress plugin inside Debian's WordPress on MariaDB against a running system, and in Chromium).
// Layers that use PostgreSQL or Redis get a database and a Redis key prefix of their own per run
// (test/support/global-setup.ts), so concurrent runs never collide.
const withServers = { globalSetup: ['test/support/global-setup.ts'] };
const packageTests = ['services/*/test/**/', 'gateway/test/**/', 'protos/test/**/', 'clients/*/test/**/'];

export default defineConfig({
  // Workspace packages that publish built files (@cfs/client) point the `@cfs/source` export
  // condition at their TypeScript source, which the tests run (as tsconfig.base.json's customConditions).
  ssr: { resolve: { conditions: ['@cfs/source', ...defaultServerConditions] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: packageTests.map((d) => `${d}*.test.ts`), exclude: ['**/*.int.test.ts', '**/node_modules/**'] } },
      { extends: true, test: { name: 'integration', include: packageTests.map((d) => `${d}*.int.test.ts`), ...withServers } },
      { extends: true, test: { name: 'system', include: ['test/e2e/**/*.test.ts'], ...withServers } },
      { extends: true, test: { name: 'deploy', include: ['test/deploy/**/*.test.ts'] } },
      { extends: true, test: { name: 'connectors', include: ['test/connectors/**/*.test.ts'], ...withServers } },
    ],
    // CI also writes a JSON summary, from which .ci/run prints its closing "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.ci/results/vitest.json' },
  },
});
