/**
 * How node runs every deployable, in its image (the ENTRYPOINT that scripts/dockerfiles.mjs writes)
 * and under `npm start`'s launcher alike. The figures behind each flag: docs/performance.md#node-runtime-flags.
 *
 * `--max-semi-space-size=2` caps V8's young generation at 4 MB: left alone, V8 grows it to 128 MB
 * under a steady request load, while what a request allocates dies before a 2 MB semi-space fills.
 *
 * `--no-concurrent-recompilation` has TurboFan optimize on the main thread: glibc keeps what a
 * compiler worker thread freed in that thread's own arena, so parallel compilation holds memory,
 * and a deployable sharing two cores with its neighbours gains little from it.
 */
import { getSourceMapsSupport, setSourceMapsSupport } from 'node:module';

export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2', '--no-concurrent-recompilation'] as const;

/**
 * Narrows `--enable-source-maps` to the code built in this repository, for every file loaded from
 * then on: a deployable's dist/ keeps its source maps, the packages under node_modules lose theirs
 * (their stack frames still name their own file and line). Node keeps each loaded file's map for
 * the life of the process: the packages' maps held 3 MB of the webhooks process's 31 MB live heap
 * (docs/performance.md#webhooks-2026-11-27). An entrypoint calls it first.
 */
export function sourceMapsOfOwnCodeOnly(): void {
  const support = getSourceMapsSupport();
  if (support.enabled && support.nodeModules) setSourceMapsSupport(true, { nodeModules: false, generatedCode: support.generatedCode });
}

/**
 * glibc's malloc arenas of every deployable (MALLOC_ARENA_MAX), in its image's environment and in
 * the environment `npm start` gives its children (an operator's own value wins). glibc gives each
 * thread that allocates (libuv's pool: crypto, zlib, file reads, media's image renders) an arena of
 * its own, up to 8 a core, and keeps what was freed in each: two arenas hold far less than one a
 * thread (docs/performance.md#node-runtime-flags).
 */
export const MALLOC_ARENA_MAX = '2';

/**
 * The old generation's size (`--max-old-space-size`, MB) of each process `npm start` runs against
 * PostgreSQL. V8 sizes it from the machine's memory and lets garbage pile up toward it; the live
 * heaps are far below this, and the gateway's caches are bounded (AUTH_CACHE_MAX_ENTRIES,
 * FEED_PAGE_CACHE_MAX_BYTES). In Kubernetes the chart derives it from the memory limit instead
 * (heapPercentOfMemoryLimit).
 */
export const LOCAL_HEAP_MB = 128;

/**
 * How `npm start` runs the launcher: package.json's start script carries these (a unit test checks
 * it) and the bench launches the embedded mode with them. In the embedded mode the launcher's own
 * process runs PGlite: `--liftoff-only` keeps PGlite's WebAssembly on V8's baseline compiler,
 * because tiering one PostgreSQL function up to TurboFan takes hundreds of MB of compiler memory;
 * the old generation is bounded at LOCAL_HEAP_MB because V8 otherwise lets garbage grow the heap
 * with the load; and `--no-concurrent-recompilation` for the reason NODE_FLAGS gives. In the
 * PostgreSQL mode the launcher runs no WebAssembly, and its children get NODE_FLAGS, not these.
 */
export const LAUNCHER_NODE_FLAGS = ['--liftoff-only', '--no-concurrent-recompilation', `--max-old-space-size=${LOCAL_HEAP_MB}`] as const;
