/**
 * A V8 CPU profile (`.cpuprofile`: what `node --cpu-prof` and the inspector's Profiler.stop write)
 * summarized as self time by category, so that every "before" and "after" in docs/performance.md
 * is the same computation: each sample's time (the delta to the next sample) goes to the function
 * the sample was in; a function is put in a category by its script's URL and its name. The bundled
 * deployables' own code is one file per chunk, so its positions are mapped back to their sources
 * through the bundle's source map (gateway/dist/*.js.map) and counted by source folder. Native
 * functions without a script (a C++ builtin such as JSON.stringify or a hash's digest) count in
 * their caller's category, except the socket writes, which are a category of their own.
 *
 *   npx tsx test/bench/cpuprofile.ts <file.cpuprofile>…   prints the summary of each file
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled time, the idle time and the rest (busy), in ms. */
  totalMs: number;
  idleMs: number;
  busyMs: number;
  /** Self time by category, in ms, largest first. */
  categories: Array<{ category: string; ms: number }>;
  /** Self time by function (name, where, category), in ms, largest first. */
  functions: Array<{ name: string; where: string; category: string; ms: number }>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The natives that write to a socket (node's stream_base: the answers and the Redis commands). */
const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String', 'writeAsciiString', 'writeUcs2String']);
/** Functions of node's HTTP modules and of express's response that set, check or write headers. */
const HEADER_FUNCTION = /header|writeHead|checkIsHttpToken|checkInvalidHeaderChar|^(?:set|append|vary|type|contentType)$/i;
/** npm packages by category (the rest of node_modules is "other npm packages"). */
const PACKAGES: Array<[RegExp, string]> = [
  [
    /^(?:express|router|body-parser|finalhandler|on-finished|parseurl|type-is|content-type|send|serve-static|depd|qs|proxy-addr|forwarded|fresh|vary|accepts|negotiator|mime-types|mime-db|encodeurl|escape-html|setprototypeof|statuses|ee-first|merge-descriptors|http-errors|cookie|cookie-signature|path-to-regexp|range-parser|raw-body|iconv-lite|bytes|media-typer|content-disposition|etag|ipaddr\.js|is-promise|debug|ms|inherits|toidentifier|unpipe|utils-merge|methods|array-flatten|safe-buffer|side-channel.*|call-bind.*|get-intrinsic|object-inspect|es-.*|gopd|has-.*|hasown|function-bind|math-intrinsics|dunder-proto|get-proto)$/,
    'express and its router',
  ],
  [/^(?:ioredis|redis-errors|redis-parser|denque|cluster-key-slot|standard-as-callback|lodash\..*)$/, 'ioredis'],
  [/^helmet$/, 'helmet'],
  [/^@opentelemetry$/, 'metrics (OpenTelemetry)'],
  [
    /^(?:pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|atomic-sleep|on-exit-leak-free|safe-stable-stringify)$/,
    'logging (pino)',
  ],
  [/^(?:@grpc|protobufjs|@protobufjs|long|lodash\.camelcase)$/, 'gRPC'],
  [/^zod$/, 'zod'],
  [/^lru-cache$/, "lru-cache (the gateway's caches)"],
];

/** A script's positions mapped to their sources, when it has a source map beside it. */
const sourceMaps = new Map<string, SourceMap | null>();
function sourceMapOf(file: string): SourceMap | null {
  if (!sourceMaps.has(file)) {
    const map = `${file}.map`;
    sourceMaps.set(file, existsSync(map) ? new SourceMap(JSON.parse(readFileSync(map, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]) : null);
  }
  return sourceMaps.get(file)!;
}

/** Where a frame is, as a path relative to the repository (its source's, for bundled code). */
function whereOf(frame: CpuProfileNode['callFrame']): string {
  if (!frame.url.startsWith('file://')) return frame.url;
  const file = fileURLToPath(frame.url);
  const map = sourceMapOf(file);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  const source = entry && 'originalSource' in entry ? entry.originalSource : undefined;
  const resolved = source ? (source.startsWith('file://') ? fileURLToPath(source) : path.resolve(path.dirname(file), source)) : file;
  return path.relative(ROOT, resolved);
}

/** The category of a frame with a script, or undefined for one without (a native: its caller's). */
function categoryOf(frame: CpuProfileNode['callFrame'], where: string): string | undefined {
  const { functionName: name, url } = frame;
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === '(idle)') return '(idle)';
  if (name === '(program)') return 'V8 and native, unattributed ((program))';
  if (name === '(root)') return 'other';
  if (url === '') return SOCKET_WRITES.has(name) ? 'socket writes' : undefined;
  if (url.startsWith('node:')) {
    const module = url.slice('node:'.length);
    // The answer's headers; the request's are parsed by node's HTTP parser (node http).
    if (/^_http_outgoing$|^_http_server$/.test(module) && HEADER_FUNCTION.test(name)) return 'headers';
    if (/^_http_|^http$|^internal\/http/.test(module)) return 'node http';
    if (/^net$|stream_base|^internal\/streams\/|^stream$|^internal\/net|^internal\/stream_base_commons/.test(module)) return 'node net and streams';
    if (/crypto/.test(module)) return 'crypto';
    if (/^events$|^internal\/(?:process\/task_queues|timers|async_hooks|process\/promises)|^timers$/.test(module)) return 'node events, timers, promises';
    return 'node, other';
  }
  const modules = where.split('node_modules/');
  if (modules.length > 1) {
    const rest = modules.at(-1)!;
    // A scoped package by its scope (@opentelemetry, @grpc).
    const pkg = rest.split('/')[0]!;
    const found = PACKAGES.find(([pattern]) => pattern.test(pkg));
    if (found?.[1] === 'express and its router' && HEADER_FUNCTION.test(name) && /express\/lib\/response/.test(rest)) return 'headers';
    return found?.[1] ?? 'other npm packages';
  }
  // A build copied elsewhere (profile.ts --snapshot) maps to the same folders under its own root.
  const own = /(?:^|\/)(gateway|services\/[^/]+)\/src\/(?:([^/]+)\/)?(?:([^/]+)\/)?/.exec(where);
  if (own) {
    const [, pkg, folder, sub] = own;
    if (pkg === 'services/common') return '@cfs/common';
    if (pkg !== 'gateway') return pkg!;
    return `gateway: ${folder === undefined || folder.endsWith('.ts') ? '(top)' : sub && !sub.endsWith('.ts') ? `${folder}/${sub}` : folder}`;
  }
  return 'other';
}

export function summarize(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const self = new Map<number, number>();
  // Sample i lasted until sample i + 1 (the last one: the profile's end).
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const us = i + 1 < samples.length ? timeDeltas[i + 1]! : 0;
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + Math.max(us, 0));
  }
  const categoryCache = new Map<number, string>();
  const whereCache = new Map<number, string>();
  const where = (id: number) => {
    let w = whereCache.get(id);
    if (w === undefined) whereCache.set(id, (w = whereOf(byId.get(id)!.callFrame)));
    return w;
  };
  const category = (id: number): string => {
    const cached = categoryCache.get(id);
    if (cached !== undefined) return cached;
    const own = categoryOf(byId.get(id)!.callFrame, where(id));
    const up = parent.get(id);
    const found = own ?? (up === undefined ? 'other' : category(up));
    categoryCache.set(id, found);
    return found;
  };
  const categories = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; category: string; ms: number }>();
  let totalMs = 0;
  for (const [id, us] of self) {
    const ms = us / 1000;
    totalMs += ms;
    const c = category(id);
    categories.set(c, (categories.get(c) ?? 0) + ms);
    const frame = byId.get(id)!.callFrame;
    const at = frame.url ? `${where(id)}` : '(native)';
    const key = `${frame.functionName}\0${at}\0${c}`;
    const f = functions.get(key) ?? { name: frame.functionName || '(anonymous)', where: at, category: c, ms: 0 };
    f.ms += ms;
    functions.set(key, f);
  }
  const idleMs = categories.get('(idle)') ?? 0;
  categories.delete('(idle)');
  return {
    totalMs,
    idleMs,
    busyMs: totalMs - idleMs,
    categories: [...categories].map(([c, ms]) => ({ category: c, ms })).sort((a, b) => b.ms - a.ms),
    functions: [...functions.values()].filter((f) => f.category !== '(idle)').sort((a, b) => b.ms - a.ms),
  };
}

/**
 * Several summaries' categories side by side, as % of each profile's busy time, or (`cpuPer1000`
 * given for every column) as CPU ms per 1 000 requests: each share times the process's CPU per
 * 1 000 requests measured over the same load, so that processes that do different work compare.
 */
export function printCategories(columns: Array<{ label: string; summary: ProfileSummary; cpuPer1000?: number }>, perThousand = false): void {
  const names = new Map<string, number>();
  for (const { summary } of columns) for (const c of summary.categories) names.set(c.category, (names.get(c.category) ?? 0) + c.ms / summary.busyMs);
  const order = [...names].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const width = Math.max(...columns.map((c) => c.label.length), 7);
  const value = (column: (typeof columns)[number], ms: number) =>
    perThousand ? ((ms / column.summary.busyMs) * (column.cpuPer1000 ?? NaN)).toFixed(0) : ((100 * ms) / column.summary.busyMs).toFixed(1);
  console.log(
    `  ${(perThousand ? 'self time, CPU ms per 1 000 requests' : 'self time, % of busy').padEnd(42)} ${columns.map((c) => c.label.padStart(width)).join(' ')}`,
  );
  for (const name of order) {
    const cells = columns.map((column) => value(column, column.summary.categories.find((c) => c.category === name)?.ms ?? 0).padStart(width));
    console.log(`  ${name.padEnd(42)} ${cells.join(' ')}`);
  }
  const [totalLabel, total] = perThousand
    ? ['CPU ms per 1 000 requests (/proc)', (c: (typeof columns)[number]) => (c.cpuPer1000 ?? NaN).toFixed(0)]
    : ['busy ms (sampled, idle excluded)', (c: (typeof columns)[number]) => c.summary.busyMs.toFixed(0)];
  console.log(`  ${totalLabel.padEnd(42)} ${columns.map((c) => total(c).padStart(width)).join(' ')}`);
}

/** The functions with the most self time of one summary. */
export function printTopFunctions(summary: ProfileSummary, count = 20): void {
  for (const f of summary.functions.slice(0, count)) {
    console.log(`    ${((100 * f.ms) / summary.busyMs).toFixed(1).padStart(5)} %  ${f.name.slice(0, 40).padEnd(40)} ${f.category.padEnd(28)} ${f.where}`);
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  for (const file of process.argv.slice(2)) {
    const summary = summarize(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
    console.log(`\n${file}: ${summary.busyMs.toFixed(0)} ms busy of ${summary.totalMs.toFixed(0)} ms sampled`);
    printCategories([{ label: 'share', summary }]);
    console.log('  top functions (self time, % of busy):');
    printTopFunctions(summary);
  }
}
