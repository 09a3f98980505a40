import { z } from 'zod';
import { envFields } from '@cfs/common/env';
import { DEFAULT_KNOWN_PRODUCTS } from '@cfs/common/products';

export const identityEnvSchema = z.object({
  ...envFields.listen('identity'),
  /** Key of the HMAC that stores credentials and connection codes. Rotating it invalidates them all. */
  CREDENTIAL_PEPPER: z.string().min(32, 'must be at least 32 characters'),
  /** Products (audiences) a Credential may be issued for. */
  KNOWN_PRODUCTS: envFields.csv(DEFAULT_KNOWN_PRODUCTS.join(',')),
  CONNECTION_CODE_TTL_SECONDS: envFields.positiveInt(900),
  /** How long a dashboard invitation link works: 72 hours unless set. */
  INVITATION_TTL_SECONDS: envFields.positiveInt(259200),
  /** Redis of the gateways: revocation markers and announcements go there. Without it, only an in-process gateway hears of revocations. */
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().default('cfs:'),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type IdentityEnv = z.output<typeof identityEnvSchema>;
