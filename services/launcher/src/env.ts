import { z } from 'zod';
import { envFields } from '@cfs/common/env';

export const launcherEnvSchema = z.object({
  PORT: envFields.port(8080),
  /** One PostgreSQL database for the whole system; each service keeps its tables in its own schema. */
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  CREDENTIAL_PEPPER: z.string().min(32).optional(),
  CURSOR_SECRET: z.string().min(32).optional(),
  /** Where local state lives (the generated development pepper). */
  DATA_DIR: z.string().default('.cfs-data'),
  // The internal listeners of `npm start` with DATABASE_URL (separate processes). The embedded mode
  // ignores them: its internal servers take free ports (embedded.ts).
  IDENTITY_GRPC_PORT: envFields.port(7001),
  ACCOUNT_GRPC_PORT: envFields.port(7002),
  FEED_GRPC_PORT: envFields.port(7003),
  BILLING_GRPC_PORT: envFields.port(7004),
  SEO_GRPC_PORT: envFields.port(7005),
  MEDIA_GRPC_PORT: envFields.port(7006),
  MEDIA_HTTP_PORT: envFields.port(7016),
  /** The dashboard's own port; it is served at http://127.0.0.1:<PORT>/dashboard/ through the gateway. */
  DASHBOARD_HTTP_PORT: envFields.port(7020),
  /** Load the demo articles into an empty feed database. */
  FEED_LOAD_DEMO_ARTICLES: z.enum(['true', 'false']).default('true'),
  STARTUP_TIMEOUT_MS: envFields.positiveInt(60_000),
  /** The embedded PostgreSQL's port (embedded mode only); 0: a free one, so nothing else on the machine is in its way. */
  EMBEDDED_PG_PORT: envFields.port(0),
});

export type LauncherEnv = z.output<typeof launcherEnvSchema>;
