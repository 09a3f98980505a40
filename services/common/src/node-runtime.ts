/**
 * How node runs every deployable, in its image (the ENTRYPOINT that scripts/dockerfiles.mjs writes)
 * and under `npm start`'s launcher alike (README: Evidence, Benchmarks).
 *
 * `--max-semi-space-size=2` caps V8's young generation at 4 MB. Left alone, V8 grows it to 128 MB
 * under a steady request load (measured on the gateway: RSS 310 MB after 8 s of GET /api/v1/feed,
 * 216–237 MB with 16, about 210 MB with 8). From 8 to 2, `npm run bench -- --short`, two runs each:
 * the gateway's RSS under load 143–145 → 130–134 MB, identity, account and feed 117–124 → 108–114,
 * and no more CPU per request (GET /api/v1/me 264–282 → 234–239 CPU ms per 1 000, /feed 210–248 →
 * 178–223): what a request allocates dies before a 2 MB semi-space fills.
 *
 * `--no-concurrent-recompilation` has TurboFan optimize on the main thread instead of its worker
 * threads. The compiler's working memory is malloc'd by the thread that compiles, and glibc keeps
 * what a worker thread freed in that thread's own arena: under the short bench's load the gateway
 * held 10–19 MB in five thread arenas besides 6–12 MB in the main one (smaps), and with this flag
 * 2 MB and 7 MB. Gateway RSS after 6 s of /me and 6 s of /feed, three alternating runs each:
 * 128–143 → 116–122 MB, the services 2–3 MB lower; CPU per request within the runs' noise
 * (/me 99–115 against 97–120 CPU ms per 1 000, /feed 128–145 against 137–152). Hot functions are
 * optimized in the first seconds of load; a deployable that shares two cores with its neighbours
 * gains little from compiling in parallel.
 */
export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2', '--no-concurrent-recompilation'] as const;

/**
 * The old generation's size (`--max-old-space-size`, MB) of each process `npm start` runs against
 * PostgreSQL. V8 sizes it from the machine's memory and lets garbage pile up toward it: the gateway
 * held 60–114 MB of old space after the load above, 32 MB with this bound. The services' live heaps
 * are 15–35 MB; the gateway's caches are bounded (AUTH_CACHE_MAX_ENTRIES, FEED_PAGE_CACHE_MAX_BYTES).
 * In Kubernetes the chart derives it from the memory limit instead (heapPercentOfMemoryLimit).
 */
export const LOCAL_HEAP_MB = 128;

/**
 * How `npm start` runs the launcher: package.json's start script carries these (a unit test checks
 * it) and the bench launches the embedded mode with them. In the embedded mode the launcher's own
 * process runs PGlite, and `--liftoff-only` keeps PGlite's WebAssembly on V8's baseline compiler:
 * with TurboFan, tiering up one function of PostgreSQL (104 937 bytes of wasm, 2.4 s of compilation)
 * takes 604 MB of compiler memory, so the process peaked near 800 MB RSS under load and at 1.2 GB on
 * its first start (`--trace-wasm-compilation-times`); with Liftoff alone, 255–277 MB and 650 MB. In
 * the short bench's 3 s of load it also costs less CPU (151–220 ms per 1 000 feed requests against
 * 360–431: that compilation shares the two cores with the load). In the PostgreSQL mode the launcher runs no WebAssembly, and its children get
 * NODE_FLAGS, not these.
 *
 * The embedded process also bounds its old generation at LOCAL_HEAP_MB: its live heap is 47 MB
 * (every service and PGlite's JavaScript side; the same after 10 s and after 70 s of load, measured
 * after a full GC), but V8 let garbage grow the heap with the load: RSS 276 MB after 3 s of
 * GET /api/v1/feed, 364–367 after 10 s, 377 after 30 s. With the bound, 249 MB after 30 s and the
 * same requests/s (96 MB cost a third of the throughput in GC). And `--no-concurrent-recompilation`
 * for the reason NODE_FLAGS gives: 364–367 → 339–343 MB after 10 s by itself.
 */
export const LAUNCHER_NODE_FLAGS = ['--liftoff-only', '--no-concurrent-recompilation', `--max-old-space-size=${LOCAL_HEAP_MB}`] as const;
