/**
 * The SEO service's composition root and package entry (`@cfs/seo`): `createSeoService(env, deps)`
 * builds everything the service needs. index.ts, the launcher and the tests all use it.
 */
import type { GrpcServer } from '@cfs/common/grpc';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import type { SeoEnv } from './env.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { createSeoServer } from './server.ts';

export { seoEnvSchema, type SeoEnv } from './env.ts';

export const SEO_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export async function createSeoService(_env: SeoEnv, deps: ServiceDeps): Promise<GrpcServer> {
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  return createSeoServer({ prisma, logger: deps.logger, callers: deps.callers }).addCleanup(() => prisma.$disconnect());
}
