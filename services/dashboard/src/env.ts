import { z } from 'zod';
import { DEPLOYABLES } from '@cfs/common/deployables';
import { envFields } from '@cfs/common/env';
import { DEFAULT_KNOWN_PRODUCTS } from '@cfs/common/products';
import { serviceTokenEnvField } from '@cfs/common/service-auth';

export const dashboardEnvSchema = z.object({
  ...envFields.listen('dashboard'),
  ...envFields.addresses(DEPLOYABLES.dashboard.calls),
  /** The dashboard's own service token, presented on every call to a service (service-auth.ts). */
  SERVICE_TOKEN: serviceTokenEnvField,
  /** Deadline of every call to a service; past it the page says nothing was changed. */
  GRPC_DEADLINE_MS: envFields.positiveInt(2000),
  /**
   * Sessions and sign-in throttling shared by every replica, and the gateway's quota counters (read
   * for the usage bars); without it sessions live in this process (one replica only) and quota
   * usage is not shown.
   */
  REDIS_URL: z.string().url().optional(),
  /** The gateway's REDIS_KEY_PREFIX: the dashboard's own keys go under `<prefix>dashboard:`. */
  REDIS_KEY_PREFIX: z.string().default('cfs:'),
  /** A session ends after this long without a request… */
  SESSION_IDLE_MINUTES: envFields.positiveInt(30),
  /** …and at the latest this long after sign-in. */
  SESSION_MAX_HOURS: envFields.positiveInt(12),
  /** Failed sign-ins per e-mail, and per client IP, before sign-in is refused for SIGN_IN_BLOCK_MINUTES. */
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: envFields.positiveInt(5),
  SIGN_IN_MAX_FAILURES_PER_IP: envFields.positiveInt(20),
  SIGN_IN_BLOCK_MINUTES: envFields.positiveInt(15),
  /** Which proxies are trusted to say who the client is and which scheme it used (envFields.trustProxy). */
  TRUST_PROXY: envFields.trustProxy(),
  /** Audiences offered when creating a Credential (identity's KNOWN_PRODUCTS). */
  KNOWN_PRODUCTS: envFields.csv(DEFAULT_KNOWN_PRODUCTS.join(',')),
  /** After SIGTERM, how long /readyz answers 503 before the server stops taking connections. */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  LOG_LEVEL: envFields.logLevel,
});

export type DashboardEnv = z.output<typeof dashboardEnvSchema>;
