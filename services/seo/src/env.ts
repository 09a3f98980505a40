import { z } from 'zod';
import { envFields } from '@cfs/common/env';

export const seoEnvSchema = z.object({
  SEO_GRPC_PORT: envFields.port(7005),
  SEO_GRPC_HOST: z.string().default('0.0.0.0'),
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
});
export type SeoEnv = z.output<typeof seoEnvSchema>;
