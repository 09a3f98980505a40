/**
 * Where each service keeps its data: `<SERVICE>_DATABASE_URL` if set, else the shared
 * `DATABASE_URL`; the tables live in the schema named by the URL's `schema` parameter, or else in
 * a schema named after the service. So one PostgreSQL database serves the whole system, one schema
 * a service, and a service can still be pointed at a database of its own.
 */
export interface DatabaseTarget {
  /** Connection string without the `schema` parameter. */
  connectionString: string;
  schema: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function databaseTarget(service: string, env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const key = `${service.toUpperCase()}_DATABASE_URL`;
  const raw = env[key] ?? env.DATABASE_URL;
  if (!raw) throw new Error(`${key} or DATABASE_URL must be set`);
  return splitSchema(raw, service);
}

export function splitSchema(raw: string, fallbackSchema: string): DatabaseTarget {
  const url = new URL(raw);
  const schema = url.searchParams.get('schema') ?? fallbackSchema;
  url.searchParams.delete('schema');
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name for ${fallbackSchema}`);
  return { connectionString: url.toString(), schema };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * `"schema"."table"` for raw SQL (wrap it in the service's `Prisma.raw`). Raw SQL never relies on
 * search_path: on the embedded PostgreSQL (PGlite) every connection shares one session, so another
 * service's connection may have set it to its own schema (services/launcher/src/embedded.ts).
 */
export function qualifiedTable(schema: string, table: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(table)}`;
}

// 57014: a statement cancelled by its statement timeout (the call's budget ran out).
const TRANSIENT_PG_CODES = new Set(['40001', '40P01', '57014', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
/** Prisma's codes for an unreachable server, a dropped connection, a timeout, an exhausted pool or a transaction past its timeout. */
const TRANSIENT_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2034']);
const TRANSIENT_NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/**
 * True for failures where nothing was committed and a retry is safe: the database is unreachable,
 * the connection dropped, or a serialization/deadlock abort. Looks through Prisma's wrappers.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const o = e as { code?: unknown; cause?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown };
    for (const c of [o.code, o.originalCode]) {
      if (typeof c === 'string' && (TRANSIENT_PG_CODES.has(c) || TRANSIENT_NET_CODES.has(c) || TRANSIENT_PRISMA_CODES.has(c))) return true;
    }
    if (o.kind === 'DatabaseNotReachable' || o.kind === 'ConnectionClosed' || o.kind === 'TransactionWriteConflict') return true;
    if (
      typeof o.message === 'string' &&
      /Connection terminated|connection error|Connection ended|timeout exceeded when trying to connect|terminating connection|Server has closed the connection/i.test(
        o.message,
      )
    )
      return true;
    e = o.cause;
  }
  return false;
}

/**
 * The driver adapter of a service's Prisma client. The schema is set twice on purpose: the
 * adapter's `schema` qualifies model queries, `search_path` serves raw SQL. The pool is ours so that
 * a connection the server drops while idle is logged and replaced, never an uncaught error.
 */
export async function createPgAdapter(target: DatabaseTarget, poolSize = 10, onConnectionError?: (err: Error) => void) {
  const [{ PrismaPg }, { default: pg }] = await Promise.all([import('@prisma/adapter-pg'), import('pg')]);
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    options: `-c search_path=${quoteIdent(target.schema)}`,
    max: poolSize,
    // Names the service in pg_stat_activity (operators, and the fault tests, see whose connection it is).
    application_name: `cfs-${target.schema}`,
  });
  pool.on('error', (err) => onConnectionError?.(err));
  // A connection checked out (e.g. inside a transaction) reports a drop on itself, not on the pool.
  pool.on('connect', (client) => client.on('error', (err) => onConnectionError?.(err)));
  return new PrismaPg(pool, { schema: target.schema });
}
