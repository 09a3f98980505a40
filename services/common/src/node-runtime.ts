/**
 * How node runs every deployable, in its image (the ENTRYPOINT that scripts/dockerfiles.mjs writes)
 * and under `npm start`'s launcher alike: `nodeFlagsOf(deployable)`. The figures behind each flag:
 * docs/performance.md#node-runtime-flags.
 *
 * `--max-semi-space-size` caps V8's young generation (its semi-spaces, in MB): left alone,
 * V8 grows it to 128 MB under a steady request load. The services take 2 MB: what a call allocates
 * dies before a 2 MB semi-space fills, and their memory stays low. The gateway takes
 * GATEWAY_SEMI_SPACE_MB: under its load (50 requests in flight, each waiting on its Redis round trip)
 * a 2 MB semi-space fills faster than a request lives, so what requests allocate is promoted and
 * marked; a larger one cut its CPU per cached request and costs RSS within its memory target
 * (docs/performance.md#gateway-profile-before-and-after-2026-11-27).
 *
 * `--no-concurrent-recompilation` has TurboFan optimize on the main thread: glibc keeps what a
 * compiler worker thread freed in that thread's own arena, so parallel compilation holds memory,
 * and a deployable sharing two cores with its neighbours gains little from it.
 */
import { getSourceMapsSupport, setSourceMapsSupport } from 'node:module';

export const SEMI_SPACE_MB = 2;
export const GATEWAY_SEMI_SPACE_MB = 16;

/** The semi-space size (MB) of a deployable (its name in deployables.ts). */
export function semiSpaceMbOf(deployable: string): number {
  return deployable === 'gateway' ? GATEWAY_SEMI_SPACE_MB : SEMI_SPACE_MB;
}

/** The node flags of a deployable (its name in deployables.ts), before its entry script. */
export function nodeFlagsOf(deployable: string): string[] {
  return ['--enable-source-maps', `--max-semi-space-size=${semiSpaceMbOf(deployable)}`, '--no-concurrent-recompilation'];
}

/** The flags of every deployable but the gateway (and of the processes they start, as media's generation child). */
export const NODE_FLAGS = nodeFlagsOf('service');

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
 * with the load; and `--no-concurrent-recompilation` for the reason NODE_FLAGS gives. The young
 * generation is capped at LAUNCHER_SEMI_SPACE_MB: left alone V8 grew it to 64 MB semi-spaces and
 * the embedded system answered a quarter of the requests at five times the CPU per request; with 4,
 * what requests allocate was promoted and the old generation filled with garbage, RSS highest
 * (figures: docs/performance.md#embedded-memory-2026-11-27). In the PostgreSQL mode the launcher runs no
 * WebAssembly, and each child gets its nodeFlagsOf, not these.
 */
export const LAUNCHER_SEMI_SPACE_MB = 16;
export const LAUNCHER_NODE_FLAGS = [
  '--liftoff-only',
  '--no-concurrent-recompilation',
  `--max-old-space-size=${LOCAL_HEAP_MB}`,
  `--max-semi-space-size=${LAUNCHER_SEMI_SPACE_MB}`,
] as const;
