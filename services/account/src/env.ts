import { z } from 'zod';
import { envFields } from '@cfs/common/env';

export const accountEnvSchema = z.object({
  ...envFields.listen('account'),
  /** A JSON plan catalog that replaces the shipped plans.json. */
  PLANS_FILE: z.string().min(1).optional(),
  /** Redis used to announce Site changes to the gateways (optional: without it, in-process only). */
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().default('cfs:'),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type AccountEnv = z.output<typeof accountEnvSchema>;
