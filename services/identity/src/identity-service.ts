/**
 * The identity service's composition root and package entry (`@cfs/identity`):
 * `createIdentityService(env, deps)` builds everything the service needs from its env. index.ts,
 * the launcher and the tests all use it.
 */
import { createBus, type Bus } from '@cfs/common/bus';
import type { GrpcServer } from '@cfs/common/grpc';
import { createRevocationMarkers, type RevocationMarkers } from '@cfs/common/revocations';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import type { IdentityEnv } from './env.ts';
import { Credentials } from './credentials.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { createIdentityServer } from './server.ts';
import { DashboardUsers } from './users.ts';

export { identityEnvSchema, type IdentityEnv } from './env.ts';

export const IDENTITY_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface IdentityServiceDeps extends ServiceDeps {
  /** Where revocations are marked for the gateways (default: Redis from REDIS_URL, else this process). */
  revocationMarkers?: RevocationMarkers;
  /** Announcements to the gateways (default: Redis from REDIS_URL, else in-process). */
  bus?: Bus;
}

export async function createIdentityService(env: IdentityEnv, deps: IdentityServiceDeps): Promise<GrpcServer> {
  const redis = { redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger: deps.logger };
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  const markers = deps.revocationMarkers ?? createRevocationMarkers(redis);
  const bus = deps.bus ?? createBus(redis);
  const credentials = new Credentials(
    prisma,
    {
      pepper: env.CREDENTIAL_PEPPER,
      schema: deps.database.schema,
      knownProducts: env.KNOWN_PRODUCTS,
      connectionCodeTtlSeconds: env.CONNECTION_CODE_TTL_SECONDS,
    },
    { markers, bus },
  );
  const users = new DashboardUsers(prisma, { pepper: env.CREDENTIAL_PEPPER, invitationTtlSeconds: env.INVITATION_TTL_SECONDS });
  return createIdentityServer({ prisma, logger: deps.logger, callers: deps.callers, credentials, users })
    .addCleanup(() => markers.close())
    .addCleanup(() => bus.close())
    .addCleanup(() => prisma.$disconnect());
}
