/**
 * The embedded mode's PostgreSQL: one PGlite database (one session) served to every service's pool
 * through PGlite's socket server (embedded.ts).
 */
import { PGlite, protocol } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  /** postgresql://postgres@host:port/postgres */
  databaseUrl: string;
  stop: () => Promise<void>;
}

/** Starts PGlite on `dataDir` (in memory without one) behind its socket server on 127.0.0.1:`port` (a free one with 0). */
export async function startEmbeddedPostgres(options: { dataDir?: string; port: number }): Promise<EmbeddedPostgres> {
  // PostgreSQL's 128 MB of shared buffers live in PGlite's WebAssembly memory, inside this process:
  // 16 MB hold the demo's working set and keep the process small (docs/performance.md#node-runtime-flags).
  const pglite = await PGlite.create(options.dataDir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
  // maxConnections defaults to 1; the services' pools need more. Messages are queued one at a time.
  const server = new PGLiteSocketServer({ db: keepExchangesWhole(pglite), port: options.port, host: '127.0.0.1', maxConnections: 100 });
  await server.start();
  return {
    // getServerConn() is the bound host:port (a free one with port 0).
    databaseUrl: `postgresql://postgres@${server.getServerConn()}/postgres`,
    stop: async () => {
      await server.stop();
      await pglite.close();
    },
  };
}

/** Extended-protocol messages after which the session awaits more of the same exchange (up to its Sync). */
const EXCHANGE_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));

/**
 * The socket server queues the connections' messages one by one and keeps serving one connection
 * only while `isInTransaction()`. A parameterized query outside a transaction is several messages
 * (Parse, Bind, Describe, Execute, Sync) that arrive in more than one socket read when large or
 * split: another connection's Parse then replaced the unnamed statement this Bind used, and a query
 * got another's statement or rows (test/embedded-postgres.test.ts). Reporting an open exchange as a
 * transaction keeps each exchange whole, as pglite-socket 0.2.17 already does for transactions.
 */
export function keepExchangesWhole(pglite: PGlite): PGlite {
  let exchangeOpen = false;
  return new Proxy(pglite, {
    get(target, prop) {
      if (prop === 'isInTransaction') return () => exchangeOpen || target.isInTransaction();
      if (prop === 'execProtocolRawStream') {
        return async (message: Uint8Array, opts: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          exchangeOpen = EXCHANGE_MESSAGES.has(message[0]!);
          await target.execProtocolRawStream(message, opts);
        };
      }
      if (prop === 'exec') {
        // The server rolls back what a vanished connection left open: end its exchange first, as
        // PostgreSQL ignores every message but Sync after an error inside one.
        return async (...args: Parameters<PGlite['exec']>) => {
          if (exchangeOpen) {
            exchangeOpen = false;
            await target.execProtocolRaw(protocol.serialize.sync());
          }
          return target.exec(...args);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
