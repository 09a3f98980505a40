import { z } from 'zod';
import { envFields } from '@cfs/common/env';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './webhook-rules.ts';

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

export const webhooksEnvSchema = z.object({
  ...envFields.listen('webhooks'),
  /** Endpoints may be http:// as well as https:// (evaluation, tests). */
  WEBHOOKS_ALLOW_HTTP: flag('false'),
  /** Deliveries may connect to loopback, private and unique-local addresses (the embedded npm start, tests). */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: flag('false'),
  /** An attempt succeeds with a 2xx within this many milliseconds. */
  WEBHOOK_TIMEOUT_MS: envFields.positiveInt(15_000),
  /** Seconds to wait before each retry: N entries make N + 1 attempts. */
  WEBHOOK_RETRY_SCHEDULE: z.string().default(DEFAULT_RETRY_SCHEDULE.join(',')).transform(parseRetrySchedule),
  /** An endpoint whose every delivery failed for this many hours is disabled. */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().default(120),
  /** At most this many bytes of a receiver's answer are read (never shown). */
  WEBHOOK_MAX_PAYLOAD_BYTES: envFields.positiveInt(65_536),
  /** Attempts in flight at once in this replica (each endpoint has at most one in the system). */
  WEBHOOK_MAX_IN_FLIGHT: envFields.positiveInt(20),
  /** How often pending deliveries past due are looked for, in milliseconds. */
  WEBHOOK_SWEEP_MS: envFields.positiveInt(15_000),
  /** Whether this replica makes attempts (false: it serves the API only). */
  WEBHOOKS_WORKER: flag('true'),
  MIGRATE_ON_START: flag('true'),
});
export type WebhooksEnv = z.output<typeof webhooksEnvSchema>;
