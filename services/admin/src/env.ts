import { z } from 'zod';
import { envFields } from '@cfs/common/env';

export const adminEnvSchema = z.object({
  IDENTITY_ADDR: envFields.address('127.0.0.1:7001'),
  ACCOUNT_ADDR: envFields.address('127.0.0.1:7002'),
  FEED_ADDR: envFields.address('127.0.0.1:7003'),
  MEDIA_ADDR: envFields.address('127.0.0.1:7006'),
  GRPC_DEADLINE_MS: envFields.positiveInt(30_000),
});
