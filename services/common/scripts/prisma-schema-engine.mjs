#!/usr/bin/env node
// Kept in the repository so that `npm run migrate:dev` works on a fresh clone; services/common/scripts/prisma.sh points Prisma at it.
// Offline stand-in for Prisma's schema-engine binary (PostgreSQL only), for machines that cannot
// download it. Use: PRISMA_SCHEMA_ENGINE_BINARY=<path of this file> npx prisma migrate dev|deploy|diff|status|reset
// It speaks the binary's CLI + JSON-RPC protocol and runs @prisma/schema-engine-wasm over @prisma/adapter-pg.
// Its packages are resolved from the directory Prisma runs it in (the project), which must have as
// dependencies: prisma, pg, @prisma/adapter-pg, @prisma/driver-adapter-utils, @prisma/schema-engine-wasm.
// See docs/development.md#change-a-database-schema.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import readline from 'node:readline';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const load = async (name) => import(pathToFileURL(require.resolve(name)).href);
const pg = (await load('pg')).default;
const { PrismaPg } = await load('@prisma/adapter-pg');
const { bindMigrationAwareSqlAdapterFactory } = await load('@prisma/driver-adapter-utils');
const { parse: parseUrl } = createRequire(require.resolve('pg'))('pg-connection-string');
const argv = process.argv.slice(2), datamodels = [];
let datasource = {}, cliCmd = null;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--version') { console.log('schema-engine-cli wasm-stand-in'); process.exit(0); }
  else if (argv[i] === '--datamodels') datamodels.push(argv[++i]);
  else if (argv[i] === '--datasource') datasource = JSON.parse(argv[++i]);
  else if (argv[i] === 'cli') cliCmd = argv[++i];
  else if (argv[i].startsWith('--')) i++; // --enabled-preview-features, --extension-types
}
const log = (level, message, extra = {}) =>
  process.stderr.write(JSON.stringify({ level, target: 'schema_engine::logger', fields: { message, ...extra } }) + '\n');

// URL -> discrete pg fields (a connectionString would override `database`, so adapter-pg's shadow pool
// would silently use the main DB). One connection per pool, like the binary.
function pgConfig(url) {
  const { schema, connection_limit, pool_timeout, socket_timeout, sslaccept, ...c } = parseUrl(url);
  if (c.port) c.port = Number(c.port);
  if (schema && schema !== 'public') c.options = `${c.options ?? ''} -c search_path="${schema}"`.trim();
  return { config: { ...c, max: 1 }, schema: schema ?? 'public' };
}

async function runCli(cmd) { // can-connect-to-database | create-database | drop-database
  log('INFO', `cli ${cmd}`); // the CLI skips the first stderr line when parsing errors
  const { config: c } = pgConfig(datasource.url), where = `${c.host}:${c.port ?? 5432}`;
  const sql = { 'create-database': 'CREATE', 'drop-database': 'DROP' }[cmd];
  const client = new pg.Client(sql ? { ...c, database: 'postgres' } : c);
  try {
    await client.connect();
    if (sql) await client.query(`${sql} DATABASE "${String(c.database).replace(/"/g, '""')}"`);
    await client.end();
    process.exit(0);
  } catch (e) {
    const code = e.code === '3D000' ? 'P1003' : /^E(CONNREFUSED|NOTFOUND|HOSTUNREACH|TIMEDOUT)$/.test(e.code) ? 'P1001' : 'P1000';
    log('ERROR', code === 'P1003' ? `Database \`${c.database}\` does not exist on the database server at \`${where}\`.`
      : code === 'P1001' ? `Can't reach database server at \`${where}\`` : e.message, { error_code: code });
    process.exit(1);
  }
}

// Patches on every adapter-pg connection/transaction handed to the engine.
function fix(q) {
  // Postgres "char" (OID 18, e.g. pg_constraint.contype): adapter-pg throws on it, and the engine reads it
  // with get_char(), so report it as ColumnType Character (6); mapping it to Text panics the engine.
  const performIO = q.performIO.bind(q), queryRaw = q.queryRaw.bind(q), charCols = new WeakMap();
  q.performIO = async (query) => {
    const res = await performIO(query), idx = [];
    res?.fields?.forEach((f, i) => { if (f.dataTypeID === 18) { f.dataTypeID = 25; idx.push(i); } });
    if (idx.length) charCols.set(query, idx);
    return res;
  };
  q.queryRaw = async (query) => {
    const out = await queryRaw(query);
    for (const i of charCols.get(query) ?? []) out.columnTypes[i] = 6;
    return out;
  };
  if (q.startTransaction) { const start = q.startTransaction.bind(q); q.startTransaction = async (...a) => fix(await start(...a)); }
  // adapter-pg's executeScript splits scripts on ';' (breaks $$ bodies, strings); send it whole, like the binary.
  if (q.executeScript) q.executeScript = async (s) => { try { await q.underlyingDriver().query(s); } catch (e) { q.onError(e); } };
  return q;
}

function adapterFactory() {
  const main = pgConfig(datasource.url);
  const connect = async ({ config, schema }) => fix(await new PrismaPg(config, { schema }).connect());
  let pglite = null; // PGlite's socket server ignores the database name: any name reaches the main DB
  return bindMigrationAwareSqlAdapterFactory({
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      const a = await connect(main);
      pglite ??= /PGlite/.test((await a.queryRaw({ sql: 'SELECT version()', args: [], argTypes: [] })).rows[0][0]);
      return a;
    },
    async connectToShadowDb() {
      const m = main.config;
      if (datasource.shadowDatabaseUrl) {
        const sh = pgConfig(datasource.shadowDatabaseUrl);
        if (sh.config.host === m.host && (sh.config.port ?? 5432) === (m.port ?? 5432) && (pglite || sh.config.database === m.database))
          throw new Error('shadowDatabaseUrl points at the main database');
        const a = await connect(sh); // wiped before use, like the binary does
        await a.executeScript(`DO $$ DECLARE r record; BEGIN FOR r IN SELECT nspname FROM pg_namespace
          WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' LOOP
          EXECUTE format('DROP SCHEMA %I CASCADE', r.nspname); END LOOP; END $$; CREATE SCHEMA IF NOT EXISTS public;`);
        return a;
      }
      if (pglite) throw new Error('PGlite has no separate shadow database: set shadowDatabaseUrl to a 2nd PGlite server');
      const name = `prisma_migrate_shadow_db_${crypto.randomUUID()}`, admin = new pg.Client(m);
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const a = await connect({ config: { ...m, database: name }, schema: main.schema }), dispose = a.dispose.bind(a);
      a.dispose = async () => { // adapter-pg drops the DB before closing its pool; close first
        await dispose();
        try { await admin.query(`DROP DATABASE IF EXISTS "${name}"`); } finally { await admin.end(); }
      };
      return a;
    },
  });
}

let panic = '', inFlight = null, poisoned = null;
globalThis.PRISMA_WASM_PANIC_REGISTRY = { set_message: (m) => { panic = `RuntimeError: ${m}`; }, get: () => panic };
const send = (msg) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n');
const rpcError = (e) => {
  const data = { is_panic: !!panic, message: panic || String(e?.message ?? e), meta: null };
  if (/^P\d{4}$/.test(e?.code)) data.error_code = e.code;
  return { code: 4466, message: panic || 'An error happened. Check the data field for details.', data };
};

async function main() {
  if (cliCmd) return runCli(cliCmd);
  // The package's ESM entry imports the .wasm directly; instantiate it by hand.
  const dir = require.resolve('@prisma/schema-engine-wasm').replace(/schema_engine\.js$/, '');
  const bg = await import(dir + 'schema_engine_bg.js');
  const wasm = fs.readFileSync(process.env.STANDIN_SCHEMA_ENGINE_WASM || dir + 'schema_engine_bg.wasm');
  const { instance } = await WebAssembly.instantiate(wasm, { './schema_engine_bg.js': bg });
  bg.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();

  const factory = adapterFactory();
  const explain = (e) => { // "External error id#N" = JS error kept in the adapter's error registry
    const id = /External error id#(\d+)/.exec(String(e?.message))?.[1];
    const js = id && factory.errorRegistry.consumeError(Number(id))?.error;
    if (js && e instanceof Error) e.message += `\nCaused by: ${js.message ?? js}`;
    return e;
  };
  const onLog = (line) => {
    line = String(line).trimEnd();
    process.stderr.write((line.startsWith('{') ? line : JSON.stringify({ level: 'INFO', fields: { message: line } })) + '\n');
  };
  let engine, initError; // the wasm engine connects at start-up; if that fails, answer every request with it
  try {
    const files = datamodels.map((p) => [p, fs.readFileSync(p, 'utf8')]);
    engine = await bg.SchemaEngine.new({ datamodels: files.length ? files : undefined }, onLog, factory);
  } catch (e) { initError = explain(e); log('ERROR', String(e?.message ?? e)); }

  const prints = new Map();
  let queue = Promise.resolve(), printId = 1e9;
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (!line.trim()) return;
    const msg = JSON.parse(line);
    if (prints.has(msg.id) && !msg.method) { prints.get(msg.id)(); prints.delete(msg.id); return; }
    if (poisoned) return send({ id: msg.id, error: rpcError(poisoned) });
    queue = queue.then(async () => {
      const method = msg.method === 'getDatabaseVersion' ? 'version' : msg.method, params = msg.params ?? {};
      inFlight = msg.id;
      try {
        if (initError) throw initError;
        if (typeof engine[method] !== 'function') throw new Error(`Unsupported method: ${msg.method}`);
        let result;
        try { result = await engine[method](params); } catch (e) {
          // evaluateDataLoss/createMigration only read a migrations->schema cache filled by devDiagnostic; after
          // migrate dev applied pending migrations it misses. Refill it via diagnoseMigrationHistory, retry once.
          if (!params.migrationsList || !/shadow DB must be provided through an external factory/.test(e?.message)) throw e;
          await engine.diagnoseMigrationHistory({ migrationsList: params.migrationsList, optInToShadowDatabase: true,
            filters: params.filters ?? { externalTables: [], externalEnums: [] } });
          result = await engine[method](params);
        }
        if (method === 'diff' && result?.stdout) { // the binary prints diffs through a `print` request
          const id = printId++;
          await new Promise((resolve) => { prints.set(id, resolve); send({ id, method: 'print', params: { content: result.stdout } }); });
          delete result.stdout;
        }
        send({ id: msg.id, result: result ?? {} });
      } catch (e) {
        if (e !== initError) explain(e);
        if (panic) poisoned = e;
        log('ERROR', String(e?.message ?? e));
        send({ id: msg.id, error: rpcError(e) });
      } finally { inFlight = null; }
    });
  }).on('close', () => (poisoned ? process.exit(101) : queue.then(() => process.exit(0))));
}

// A wasm panic may surface as an uncaught RuntimeError while the request's promise never settles: answer
// the request (is_panic) and wait for stdin to close; exiting right away makes the CLI exit 0 silently.
const die = (e) => {
  log('ERROR', panic || String(e?.stack ?? e));
  if (inFlight === null) process.exit(panic ? 101 : 1);
  poisoned = e; send({ id: inFlight, error: rpcError(e) }); inFlight = null;
};
process.on('uncaughtException', die).on('unhandledRejection', die);
main().catch(die);
