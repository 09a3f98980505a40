/**
 * The boot sequence every gRPC service shares, so entrypoints only wire: parse the env (fail fast),
 * apply the service's migrations, open its Prisma client, serve gRPC with a health service whose
 * readiness pings the database, and shut down in order on SIGTERM/SIGINT.
 * `node dist/index.js migrate` only applies the migrations and exits (the Kubernetes migration Job).
 */
import type { z } from 'zod';
import { databaseTarget, type DatabaseTarget } from './database.ts';
import { parseEnv } from './env.ts';
import type { GrpcServer } from './grpc.ts';
import { Lifecycle } from './lifecycle.ts';
import { createLogger, type Logger } from './logger.ts';
import { applyMigrations } from './migrate.ts';
import type { Telemetry } from './telemetry.ts';

export interface PrismaLike {
  $disconnect(): Promise<void>;
  $queryRawUnsafe(query: string): Promise<unknown>;
}

export interface GrpcServiceSpec<S extends z.ZodType, P extends PrismaLike> {
  name: string;
  envSchema: S;
  /** host:port to listen on, from the parsed env. */
  address: (env: z.output<S>) => string;
  migrationsDir: string;
  /** `onConnectionError` is for the pool: a connection dropped while idle is reported there. */
  createPrisma: (target: DatabaseTarget, onConnectionError: (err: Error) => void) => Promise<P>;
  createServer: (deps: { env: z.output<S>; prisma: P; logger: Logger; target: DatabaseTarget }) => GrpcServer | Promise<GrpcServer>;
  telemetry: Telemetry;
}

export async function runGrpcService<S extends z.ZodType, P extends PrismaLike>(spec: GrpcServiceSpec<S, P>): Promise<void> {
  const logger = createLogger(spec.name);
  try {
    const env = parseEnv(spec.envSchema);
    const target = databaseTarget(spec.name);
    const migrateOnly = process.argv[2] === 'migrate';
    if (migrateOnly || (env as { MIGRATE_ON_START?: boolean }).MIGRATE_ON_START !== false) {
      const { applied } = await applyMigrations({ target, migrationsDir: spec.migrationsDir, logger });
      logger.info({ schema: target.schema, applied: applied.length }, 'migrations up to date');
      if (migrateOnly) return;
    }
    const prisma = await spec.createPrisma(target, (err) => logger.warn({ err: { message: err.message } }, 'database connection dropped; the pool replaces it'));
    const server = await spec.createServer({ env, prisma, logger, target });
    const port = await server.listen(spec.address(env));
    const lifecycle = new Lifecycle(logger)
      .onShutdown('stop gRPC (drain in-flight calls)', () => server.shutdown())
      .onShutdown('disconnect Prisma', () => prisma.$disconnect())
      .onShutdown('flush telemetry', () => spec.telemetry.shutdown());
    lifecycle.installSignalHandlers();
    logger.info({ port }, `${spec.name} service listening`);
  } catch (err) {
    logger.fatal({ err: err instanceof Error ? { name: err.name, message: err.message } : err }, 'failed to start');
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  }
}

/** Readiness of a service backed by Prisma: the database answers. */
export function prismaReadiness(prisma: PrismaLike): () => Promise<void> {
  return async () => {
    await prisma.$queryRawUnsafe('SELECT 1');
  };
}
