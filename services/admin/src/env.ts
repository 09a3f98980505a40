import { z } from 'zod';
import { DEPLOYABLES } from '@cfs/common/deployables';
import { envFields } from '@cfs/common/env';
import { serviceTokenEnvField } from '@cfs/common/service-auth';
import { LOCAL_DASHBOARD_URL } from './clients.ts';

export const adminEnvSchema = z.object({
  ...envFields.addresses(DEPLOYABLES.admin.calls),
  GRPC_DEADLINE_MS: envFields.positiveInt(30_000),
  /** The operator's service token; by default the one `npm start` keeps in DATA_DIR (service-auth.ts). */
  SERVICE_TOKEN: serviceTokenEnvField,
  /**
   * The dashboard's public address, for invitation links (`customer create`, `user invite`): where
   * customers open it (https://feeds.example.com/dashboard/), not the dashboard's internal address.
   */
  DASHBOARD_URL: z.string().url().default(LOCAL_DASHBOARD_URL),
  /** The data folder of an `npm start` on this machine, relative to the repository root. */
  DATA_DIR: z.string().default('.cfs-data'),
});
