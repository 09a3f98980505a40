/** The schemas of the connection-code redemption (api/routes/connect.ts). */
import { z } from 'zod';
import { TOKEN_PATTERN } from '@cfs/common/credential-token';
import { CUSTOMER_SCOPES } from '@cfs/common/scopes';
import { EX, id, plainText, Scope, timestamp } from './blocks.ts';

export const RedeemRequest = z
  .strictObject({
    code: z.string().min(1).max(128).meta({
      description: 'The connection code. Any string of 1 to 128 characters is accepted here: one that is not a valid, unused code is 401, not 400.',
    }),
  })
  .meta({ id: 'RedeemRequest', examples: [{ code: EX.connectionCode }] });

export const Redemption = z
  .object({
    credential: z.object({
      id,
      secret: z.string().max(58).regex(TOKEN_PATTERN),
      scopes: z.array(Scope).max(CUSTOMER_SCOPES.length),
      audience: plainText(64),
      expiresAt: timestamp.nullable(),
      createdAt: timestamp,
    }),
    site: z.object({ id }),
  })
  .meta({
    id: 'Redemption',
    description: "The connector's Credential (secret shown once) and its Site.",
    examples: [
      {
        credential: {
          id: EX.credentialId,
          secret: EX.secret,
          scopes: ['feed.read', 'subscription.manage'],
          audience: 'content-feed',
          expiresAt: null,
          createdAt: EX.created,
        },
        site: { id: EX.siteId },
      },
    ],
  });
