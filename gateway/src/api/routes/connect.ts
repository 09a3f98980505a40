import { DomainError } from '@cfs/common/errors';
import { defineRoute, type AnyRoute } from '../../pipeline/route.ts';
import { RedeemRequest, Redemption } from '../../schemas/connect-schemas.ts';

export const connectRoutes = (): AnyRoute[] => [
  defineRoute({
    method: 'POST',
    path: '/connect/cms/redeem',
    operationId: 'redeemConnectionCode',
    summary: 'Redeem a connection code',
    description:
      'No Authorization header: the code authenticates. Atomic and single-use: of concurrent redemptions of one code exactly one ' +
      'succeeds. An unknown, expired or used code is 401, and so is a code whose issuing Credential has since been revoked or has expired. After a 503 nothing has changed and the same code can be redeemed again.',
    tag: 'Connect',
    auth: 'none',
    scope: undefined,
    body: RedeemRequest,
    errors: ['UNAUTHENTICATED'],
    errorNotes: {
      UNAUTHENTICATED: 'The connection code is unknown, expired or already used, or the Credential that created it has been revoked or has expired.',
    },
    response: { status: 201, description: "The connector's Credential.", schema: Redemption },
    handle: async ({ rpc, body }) => {
      const { credential, secret } = await rpc('identity', 'RedeemConnectionCode', { code: body.code });
      if (!credential) throw new DomainError('INTERNAL_ERROR');
      return {
        credential: {
          id: credential.id,
          secret,
          scopes: credential.scopes as never,
          audience: credential.audience,
          expiresAt: credential.expiresAt ?? null,
          createdAt: credential.createdAt,
        },
        site: { id: credential.siteId },
      };
    },
  }),
];
