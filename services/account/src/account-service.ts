/**
 * The account service's composition root and package entry (`@cfs/account`):
 * `createAccountService(env, deps)` builds everything the service needs from its env. index.ts,
 * the launcher and the tests all use it.
 */
import { CHANNELS, createBus, type Bus } from '@cfs/common/bus';
import type { GrpcServer } from '@cfs/common/grpc';
import type { Logger } from '@cfs/common/logger';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import { Account } from './account.ts';
import type { AccountEnv } from './env.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { loadPlanCatalog, type PlanCatalog } from './plans.ts';
import { createAccountServer } from './server.ts';

export { accountEnvSchema, type AccountEnv } from './env.ts';
export { loadPlanCatalog, type PlanCatalog } from './plans.ts';

export const ACCOUNT_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface AccountServiceDeps extends ServiceDeps {
  /** Announcements of Site changes (default: Redis from REDIS_URL, else in-process); closed with the server. */
  bus?: Bus;
  /** The plan catalog (default: PLANS_FILE, else the shipped plans.json). */
  catalog?: PlanCatalog;
}

/**
 * Tells the gateways that Sites changed: each Site's facts shared in Redis are retracted and its
 * generation moves on, with the announcement (@cfs/common/site-facts). One that Redis cannot take is
 * done again when it answers (the bus keeps it): the write never fails for it.
 */
function announceSiteChanges(bus: Bus, logger: Logger): (siteIds: string[]) => Promise<void> {
  return async (siteIds) => {
    await Promise.all(siteIds.map((id) => bus.announceSiteChange(CHANNELS.siteChanged, id))).catch((err: unknown) =>
      logger.warn({ err: { message: (err as Error).message } }, 'could not announce a site change'),
    );
  };
}

export async function createAccountService(env: AccountEnv, deps: AccountServiceDeps): Promise<GrpcServer> {
  const { logger } = deps;
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  const bus = deps.bus ?? createBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger });
  const catalog = deps.catalog ?? loadPlanCatalog(env.PLANS_FILE);
  const account = new Account(prisma, catalog, announceSiteChanges(bus, logger));
  return createAccountServer({ prisma, account, catalog, logger, callers: deps.callers })
    .addCleanup(() => bus.close())
    .addCleanup(() => prisma.$disconnect());
}
