import { z } from 'zod';
import { envFields } from '@cfs/common/env';
import { serviceTokenEnvField } from '@cfs/common/service-auth';

export const adminEnvSchema = z.object({
  IDENTITY_ADDR: envFields.address('127.0.0.1:7001'),
  ACCOUNT_ADDR: envFields.address('127.0.0.1:7002'),
  FEED_ADDR: envFields.address('127.0.0.1:7003'),
  MEDIA_ADDR: envFields.address('127.0.0.1:7006'),
  GRPC_DEADLINE_MS: envFields.positiveInt(30_000),
  /** The operator's service token; by default the one `npm start` keeps in DATA_DIR (service-auth.ts). */
  SERVICE_TOKEN: serviceTokenEnvField,
  /**
   * The dashboard's public address, for invitation links (`customer create`, `user invite`): where
   * customers open it (https://feeds.example.com/dashboard/), not the dashboard's internal address.
   */
  DASHBOARD_URL: z.string().url().default('http://127.0.0.1:8080/dashboard/'),
  /** The data folder of an `npm start` on this machine, relative to the repository root. */
  DATA_DIR: z.string().default('.cfs-data'),
});
