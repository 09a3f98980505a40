import { z } from 'zod';
import { SERVERS } from '@cfs/common/deployables';
import { envFields } from '@cfs/common/env';

export const launcherEnvSchema = z.object({
  // PORT (the gateway's, the one the user opens) and, for `npm start` with DATABASE_URL (separate
  // processes), the internal listeners: IDENTITY_GRPC_PORT, …, MEDIA_HTTP_PORT, DASHBOARD_HTTP_PORT
  // (the dashboard is served at http://127.0.0.1:<PORT>/dashboard/ through the gateway). The embedded
  // mode ignores the internal ones: its internal servers take free ports (embedded.ts).
  ...envFields.ports(SERVERS),
  /** One PostgreSQL database for the whole system; each service keeps its tables in its own schema. */
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  CREDENTIAL_PEPPER: z.string().min(32).optional(),
  CURSOR_SECRET: z.string().min(32).optional(),
  /** Where local state lives (the generated development pepper). */
  DATA_DIR: z.string().default('.cfs-data'),
  /** Load the demo articles into an empty feed database. */
  FEED_LOAD_DEMO_ARTICLES: z.enum(['true', 'false']).default('true'),
  STARTUP_TIMEOUT_MS: envFields.positiveInt(60_000),
  /** The embedded PostgreSQL's port (embedded mode only); 0: a free one, so nothing else on the machine is in its way. */
  EMBEDDED_PG_PORT: envFields.port(0),
});

export type LauncherEnv = z.output<typeof launcherEnvSchema>;
