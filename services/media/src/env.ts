import { z } from 'zod';
import { envFields } from '@cfs/common/env';

export const mediaEnvSchema = z.object({
  /** gRPC, and the HTTP port that serves /media/generated/{key} (the gateway streams it through). */
  ...envFields.listen('media'),
  /** S3/MinIO endpoint, e.g. http://minio:9000. Without it objects are kept in MEDIA_DIR (local runs). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{2,62}$/, 'must be an S3 bucket name')
    .default('cfs-media'),
  S3_REGION: z.string().default('us-east-1'),
  MEDIA_DIR: z.string().default('.cfs-data/media'),
  MEDIA_MAX_OBJECT_BYTES: envFields.positiveInt(10 * 1024 * 1024),
  /** Budget units a text generation costs (GET /api/v1/ai-usage calls the budget exhausted below one text and one image). */
  AI_UNITS_TEXT: envFields.positiveInt(1),
  /** Budget units an image generation costs. */
  AI_UNITS_IMAGE: envFields.positiveInt(10),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type MediaEnv = z.output<typeof mediaEnvSchema>;
