/**
 * What every gRPC service shares around its composition root: the deps it is built from, the
 * database adapter, readiness, and the process around it (runGrpcService), so entrypoints only wire.
 */
import type { z } from 'zod';
import { bindAddress, type ServiceName } from './deployables.ts';
import { createPgAdapter, databaseTarget, type DatabaseTarget } from './database.ts';
import { parseEnv } from './env.ts';
import type { GrpcServer } from './grpc.ts';
import { Lifecycle } from './lifecycle.ts';
import { createLogger, type Logger } from './logger.ts';
import { applyMigrations } from './migrate.ts';
import { serviceAuthEnvSchema, type ServiceCallers } from './service-auth.ts';
import type { Telemetry } from './telemetry.ts';

export interface PrismaLike {
  $disconnect(): Promise<void>;
  $queryRawUnsafe(query: string): Promise<unknown>;
}

/** What every service's composition root (`create<Name>Service(env, deps)`) is given. */
export interface ServiceDeps {
  logger: Logger;
  /** Where its tables are: a database and a schema of its own. */
  database: DatabaseTarget;
  /** Connections of its pool (default 10). */
  poolSize?: number;
  /** Who may call it (SERVICE_CALLERS); each RPC names the callers it admits. */
  callers: ServiceCallers;
}

/** The Prisma driver adapter of a service: its pool logs a dropped idle connection instead of crashing. */
export function serviceAdapter(deps: Pick<ServiceDeps, 'logger' | 'database' | 'poolSize'>) {
  return createPgAdapter(deps.database, deps.poolSize ?? 10, (err) =>
    deps.logger.warn({ err: { message: err.message }, schema: deps.database.schema }, 'database connection dropped; the pool replaces it'),
  );
}

export interface GrpcServiceSpec<S extends z.ZodType> {
  /** Its name in the deployables' table: where it listens (deployables.ts) and its database schema. */
  name: ServiceName;
  /** Its env schema, with the listen fields of envFields.listen(name). */
  envSchema: S;
  migrationsDir: string;
  /** The service's composition root: everything it needs, built from its env. */
  create: (env: z.output<S>, deps: ServiceDeps) => Promise<GrpcServer>;
  telemetry: Telemetry;
}

/**
 * The process of one gRPC service: parse the env (fail fast), apply its migrations, build it with
 * its composition root, serve, and shut down in order on SIGTERM/SIGINT. `node dist/index.js
 * migrate` only applies the migrations and exits (the Kubernetes migration Job).
 */
export async function runGrpcService<S extends z.ZodType>(spec: GrpcServiceSpec<S>): Promise<void> {
  const logger = createLogger(spec.name);
  try {
    const env = parseEnv(spec.envSchema);
    const database = databaseTarget(spec.name);
    const migrateOnly = process.argv[2] === 'migrate';
    if (migrateOnly || (env as { MIGRATE_ON_START?: boolean }).MIGRATE_ON_START !== false) {
      const { applied } = await applyMigrations({ target: database, migrationsDir: spec.migrationsDir, logger });
      logger.info({ schema: database.schema, applied: applied.length }, 'migrations up to date');
      if (migrateOnly) return;
    }
    const { callers } = parseEnv(serviceAuthEnvSchema);
    if (callers.open) logger.warn('SERVICE_AUTH=off: any caller that reaches this port may call every RPC, operator RPCs included');
    const server = await spec.create(env, { logger, database, callers });
    const port = await server.listen(bindAddress(spec.name, env as Record<string, unknown>));
    new Lifecycle(logger)
      .onShutdown('stop gRPC (drain in-flight calls), then close what the service opened', () => server.shutdown())
      .onShutdown('flush telemetry', () => spec.telemetry.shutdown())
      .installSignalHandlers();
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
