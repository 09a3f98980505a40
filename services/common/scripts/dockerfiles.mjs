#!/usr/bin/env node
// Generates the Dockerfile of every deployable from one template (never edit them by hand).
//   node services/common/scripts/dockerfiles.mjs           write them
//   node services/common/scripts/dockerfiles.mjs --check   fail if any is stale (npm run lint)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPLOYABLES as TABLE } from '../src/deployables.ts';
import { MALLOC_ARENA_MAX, nodeFlagsOf } from '../src/node-runtime.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The images prune with the turbo the repository pins (root devDependencies). */
const TURBO_VERSION = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies.turbo;

// Ports and their variables come from the deployables' table (src/deployables.ts).
const grpcHealth = (name) => {
  const { portEnv, port } = TABLE[name].grpc;
  return [
    '# Docker/Compose only (Kubernetes uses native gRPC probes): grpc.health.v1 Check must answer SERVING.',
    'HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \\',
    `  CMD ["node", "-e", "const g=require('@grpc/grpc-js');const c=new g.Client('127.0.0.1:'+(process.env.${portEnv}||${port}),g.credentials.createInsecure());c.makeUnaryRequest('/grpc.health.v1.Health/Check',(b)=>b,(b)=>b,Buffer.alloc(0),new g.Metadata(),{deadline:Date.now()+4000},(e,r)=>process.exit(!e&&r.length===2&&r[0]===8&&r[1]===1?0:1))"]`,
    '# `docker run IMAGE migrate` applies the migrations and exits (the Helm hook Job does this).',
  ];
};
/** `what` answers 200 at `path`. */
const httpHealth = (name, path, what) => {
  const { portEnv, port } = TABLE[name].http;
  return [
    `# Docker/Compose only (Kubernetes uses the chart's probes): ${what} answers 200.`,
    'HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \\',
    `  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.${portEnv}||${port})+'${path}').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]`,
  ];
};
/** Where a deployable listens, e.g. "gRPC :<port>, HTTP :<port>". */
const listens = (name) =>
  [TABLE[name].grpc && `gRPC :${TABLE[name].grpc.port}`, TABLE[name].http && `HTTP :${TABLE[name].http.port}`].filter(Boolean).join(', ');
const expose = (name) => [TABLE[name].grpc?.port, TABLE[name].http?.port].filter(Boolean).join(' ');

/** One entry per deployable: what differs between their images. */
const DEPLOYABLES = [
  {
    name: 'gateway',
    summary: `the public HTTP API v1 (${listens('gateway')}).`,
    migrations: false,
    // The API reference page (scripts/build-api-reference.ts) is read at run time from <package>/assets, beside dist/ (src/api/api-reference.ts).
    runtimeFiles: 'assets/',
    extraCopies: [
      '# Read at run time beside dist/ (src/api/api-reference.ts: <package>/assets): the API reference page served at /docs/.',
      'COPY --from=build /app/gateway/assets/ ./assets/',
    ],
    health: httpHealth('gateway', '/docs/public.json', 'the OpenAPI document'),
  },
  { name: 'identity', summary: `credentials and connection codes (${listens('identity')}).`, migrations: true, health: grpcHealth('identity') },
  {
    name: 'account',
    summary: `customers, sites and plans (${listens('account')}; plans.json is bundled, PLANS_FILE overrides it).`,
    migrations: true,
    health: grpcHealth('account'),
  },
  {
    name: 'feed',
    summary: `articles, subscriptions and feed pages (${listens('feed')}).`,
    migrations: true,
    extraCopies: ['COPY --from=build /app/services/feed/demo-articles.jsonl ./demo-articles.jsonl'],
    health: grpcHealth('feed'),
  },
  { name: 'billing', summary: `subscriptions and checkout (${listens('billing')}).`, migrations: true, health: grpcHealth('billing') },
  { name: 'seo', summary: `SEO profiles (${listens('seo')}).`, migrations: true, health: grpcHealth('seo') },
  {
    name: 'media',
    summary: `generated media and the AI usage ledger (${listens('media')}).`,
    migrations: true,
    env: ['# Without S3_ENDPOINT objects go to a local folder: keep it off the (read-only) image filesystem.', 'ENV MEDIA_DIR=/tmp/cfs-media'],
    // @resvg/resvg-js (the built-in AI provider's renderer, AI_PROVIDER=local) ships its native binary as
    // an optional dependency, which the deps stage's --omit=optional drops.
    nativeFromBuild: ['@resvg/'],
    health: grpcHealth('media'),
  },
  { name: 'webhooks', summary: `webhook endpoints and deliveries (${listens('webhooks')}).`, migrations: true, health: grpcHealth('webhooks') },
  {
    name: 'dashboard',
    summary: `the customer dashboard, pages under /dashboard/ (${listens('dashboard')}).`,
    migrations: false,
    // The browser assets (scripts/build-assets.mjs) are read at run time from <package>/assets, beside dist/ (src/assets.ts).
    runtimeFiles: 'assets/',
    extraCopies: [
      '# Read at run time beside dist/ (src/assets.ts: <package>/assets): the browser assets and their manifest.json.',
      'COPY --from=build /app/services/dashboard/assets/ ./assets/',
    ],
    health: httpHealth('dashboard', '/healthz', '/healthz'),
  },
  {
    name: 'admin',
    summary: 'the operator CLI (one command per run; not a server).',
    migrations: false,
    health: ['# No HEALTHCHECK: a CLI that runs one command and exits.'],
  },
].map((d) => ({ ...d, folder: TABLE[d.name].folder, expose: expose(d.name) }));

function dockerfile(d) {
  const f = d.folder;
  return [
    `# @cfs/${d.name}: ${d.summary}`,
    '# Generated by services/common/scripts/dockerfiles.mjs from one template for every deployable: do not edit.',
    '#',
    '# Build from the repository root (the context is the whole monorepo, filtered by /.dockerignore):',
    `#   docker build -f ${f}/Dockerfile -t cfs-${d.name} .`,
    '#',
    `# prune   → turbo prune @cfs/${d.name} --docker: only this workspace and the workspaces it uses`,
    '#           (@cfs/common, @cfs/protos), with a lockfile cut down to them.',
    '# build   → npm ci (dev deps included: esbuild) and the esbuild bundle dist/ (the workspace',
    '#           libraries are TypeScript source and end up inside the bundle).',
    '# deps    → production node_modules only (npm packages are external to the bundle).',
    `# runtime → node + node_modules + dist/${d.migrations ? ' + prisma/migrations' : ''}${d.runtimeFiles ? ` + ${d.runtimeFiles}` : ''}; no npm, yarn, turbo or esbuild;`,
    '#           runs as uid 1000 and writes nothing to its root filesystem.',
    'ARG NODE_IMAGE=node:24-bookworm-slim',
    '',
    'FROM ${NODE_IMAGE} AS prune',
    `ARG TURBO_VERSION=${TURBO_VERSION}`,
    'WORKDIR /repo',
    'RUN npm install --global --ignore-scripts --no-audit --no-fund --loglevel=error turbo@${TURBO_VERSION}',
    'COPY . .',
    `RUN TURBO_TELEMETRY_DISABLED=1 turbo prune @cfs/${d.name} --docker --out-dir /pruned`,
    '',
    'FROM ${NODE_IMAGE} AS build',
    'WORKDIR /app',
    '# Manifests and lockfile first: this layer (the slow install) is reused until a dependency changes.',
    '# --ignore-scripts: as in the repository (npm 11 runs no install scripts), nothing needs them.',
    'COPY --from=prune /pruned/json/ ./',
    'RUN npm ci --ignore-scripts --no-audit --no-fund',
    'COPY --from=prune /pruned/full/ ./',
    'COPY tsconfig.base.json ./',
    `RUN npm run build -w @cfs/${d.name}`,
    '',
    'FROM ${NODE_IMAGE} AS deps',
    'WORKDIR /app',
    'COPY --from=prune /pruned/json/ ./',
    '# --omit=optional as well: the Prisma CLI (an optional peer of @prisma/client, ~250 MB with its',
    '# tree) is "devOptional" in the lockfile and --omit=dev alone would keep it. The workspace links',
    '# (node_modules/@cfs) are dropped: those libraries are inside the bundle.',
    'RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \\',
    ' && rm -rf node_modules/@cfs \\',
    ` && mkdir -p /runtime/${f} \\`,
    ' && cp -a node_modules /runtime/node_modules \\',
    ` && if [ -d ${f}/node_modules ]; then cp -a ${f}/node_modules /runtime/${f}/node_modules; fi`,
    '',
    'FROM ${NODE_IMAGE} AS runtime',
    '# The package managers are not needed at run time: less to patch, less to abuse.',
    'RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack /opt/yarn-* \\',
    '      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg',
    'ENV NODE_ENV=production',
    '# Two malloc arenas, not one a thread: less memory held (src/node-runtime.ts).',
    `ENV MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX}`,
    ...(d.env ?? []),
    `WORKDIR /app/${f}`,
    'COPY --from=deps /runtime/ /app/',
    `COPY --from=build /app/${f}/package.json ./package.json`,
    `COPY --from=build /app/${f}/dist/ ./dist/`,
    ...(d.migrations
      ? [
          "# Read at run time relative to dist/ (new URL('../prisma/migrations', import.meta.url)).",
          `COPY --from=build /app/${f}/prisma/migrations/ ./prisma/migrations/`,
        ]
      : []),
    ...(d.nativeFromBuild ?? []).flatMap((dir) => [
      `# ${dir} keeps its platform binary (an optional dependency, dropped by --omit=optional above): the build`,
      '# stage installed it from the same lockfile on the same base image.',
      `COPY --from=build /app/node_modules/${dir} /app/node_modules/${dir}`,
    ]),
    ...(d.extraCopies ?? []),
    '# uid/gid 1000 is the image\'s "node" user; numeric, so runAsNonRoot can verify it.',
    'USER 1000:1000',
    ...(d.expose ? [`EXPOSE ${d.expose}`] : []),
    'STOPSIGNAL SIGTERM',
    ...d.health,
    `ENTRYPOINT ${JSON.stringify(['node', ...nodeFlagsOf(d.name), 'dist/index.js']).replaceAll(',', ', ')}`,
    '',
  ].join('\n');
}

const check = process.argv.includes('--check');
let stale = 0;
for (const d of DEPLOYABLES) {
  const file = path.join(root, d.folder, 'Dockerfile');
  const want = dockerfile(d);
  let have = '';
  try {
    have = readFileSync(file, 'utf8');
  } catch {
    // missing: stale
  }
  if (have === want) continue;
  if (check) {
    process.stderr.write(`${path.relative(root, file)} is stale; run node services/common/scripts/dockerfiles.mjs\n`);
    stale += 1;
  } else writeFileSync(file, want);
}
if (stale) process.exitCode = 1;
