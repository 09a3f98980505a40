/**
 * The account service's composition root and package entry (`@cfs/account`):
 * `createAccountService(env, deps)` builds everything the service needs from its env. index.ts,
 * the launcher and the tests all use it.
 */
import { createBus, type Bus } from '@cfs/common/bus';
import type { GrpcServer } from '@cfs/common/grpc';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import type { AccountEnv } from './env.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { loadPlanCatalog, type PlanCatalog } from './plans.ts';
import { createAccountServer } from './server.ts';

export { accountEnvSchema, type AccountEnv } from './env.ts';
export { loadPlanCatalog, type PlanCatalog } from './plans.ts';

export const ACCOUNT_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface AccountServiceDeps extends ServiceDeps {
  /** Announcements of Site changes (default: Redis from REDIS_URL, else in-process). */
  bus?: Bus;
  /** The plan catalog (default: PLANS_FILE, else the shipped plans.json). */
  catalog?: PlanCatalog;
}

export async function createAccountService(env: AccountEnv, deps: AccountServiceDeps): Promise<GrpcServer> {
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  const bus = deps.bus ?? createBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger: deps.logger });
  return createAccountServer({ prisma, logger: deps.logger, catalog: deps.catalog ?? loadPlanCatalog(env.PLANS_FILE), bus })
    .addCleanup(() => bus.close())
    .addCleanup(() => prisma.$disconnect());
}
