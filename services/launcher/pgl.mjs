import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
const db = await PGlite.create();
const srv = new PGLiteSocketServer({ db, port: 54399, host: '127.0.0.1', maxConnections: Number(process.argv[2]) || undefined, debug: false });
await srv.start();
const mk = async () => {
  const c = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:54399/postgres', options: '-c search_path=public' });
  c.on('error', (e) => console.log('client error', e.message));
  await c.connect();
  return c;
};
try {
  const a = await mk();
  console.log('a');
  const b = await mk();
  console.log('b');
  await a.query('create table t (x int)');
  console.log('created');
} catch (e) {
  console.log('ERR', e.message);
}
await srv.stop();
await db.close();
process.exit(0);
