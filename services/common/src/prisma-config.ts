/**
 * The prisma.config.ts of every service: Prisma's CLI (generate, and migrate dev for authoring
 * migrations with the offline schema engine) gets the service's schema and migrations folder and
 * its database URL, `<SERVICE>_DATABASE_URL` or `DATABASE_URL` with `?schema=<service>`, and
 * SHADOW_DATABASE_URL when given (migrate diff --from-migrations replays the migrations there).
 */
import path from 'node:path';
import { defineConfig } from 'prisma/config';

export function prismaConfigFor(service: string, dir: string) {
  const own = process.env[`${service.toUpperCase()}_DATABASE_URL`];
  let url = own;
  if (!url && process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    if (!u.searchParams.has('schema')) u.searchParams.set('schema', service);
    url = u.toString();
  }
  return defineConfig({
    schema: path.join(dir, 'prisma/schema.prisma'),
    migrations: { path: path.join(dir, 'prisma/migrations') },
    ...(url ? { datasource: { url, ...(process.env.SHADOW_DATABASE_URL ? { shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL } : {}) } } : {}),
  });
}
