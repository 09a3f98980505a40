import { z } from 'zod';
import { envFields } from '@cfs/common/env';

export const seoEnvSchema = z.object({
  ...envFields.listen('seo'),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type SeoEnv = z.output<typeof seoEnvSchema>;
