import { z } from 'zod';
import { envFields } from '@cfs/common/env';

export const feedEnvSchema = z.object({
  ...envFields.listen('feed'),
  /** Redis used to tell the gateways about imports and subscription changes (they cache feed pages). */
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().default('cfs:'),
  /** Load the demo article set when there are no articles yet (local runs). */
  FEED_LOAD_DEMO_ARTICLES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type FeedEnv = z.output<typeof feedEnvSchema>;
