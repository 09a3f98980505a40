/**
 * The SEO service's composition root and package entry (`@cfs/seo`): `createSeoService(env, deps)`
 * builds everything the service needs. index.ts, the launcher and the tests all use it.
 */
import { CHANNELS, createBus, type Bus } from '@cfs/common/bus';
import type { GrpcServer } from '@cfs/common/grpc';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import type { SeoEnv } from './env.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { createSeoServer } from './server.ts';

export { seoEnvSchema, type SeoEnv } from './env.ts';

export const SEO_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface SeoServiceDeps extends ServiceDeps {
  /** Announcements of replaced profiles (default: Redis from REDIS_URL, else in-process); closed with the server. */
  bus?: Bus;
}

export async function createSeoService(env: SeoEnv, deps: SeoServiceDeps): Promise<GrpcServer> {
  const { logger } = deps;
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  const bus = deps.bus ?? createBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger });
  // A lost announcement delays the new profile's variants until the media service's next sweep; the write never fails for it.
  const profileReplaced = (siteId: string) =>
    bus
      .publish(CHANNELS.seoProfileChanged, siteId)
      .catch((err: unknown) => logger.warn({ err: { message: (err as Error).message } }, 'could not announce a profile'));
  return createSeoServer({ prisma, logger, callers: deps.callers, profileReplaced })
    .addCleanup(() => bus.close())
    .addCleanup(() => prisma.$disconnect());
}
