import { z } from 'zod';
import { envFields } from '@cfs/common/env';

export const seoEnvSchema = z.object({
  ...envFields.listen('seo'),
  /** Redis used to tell the media service that a profile was replaced (its variants are regenerated). */
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().default('cfs:'),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type SeoEnv = z.output<typeof seoEnvSchema>;
