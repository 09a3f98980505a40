/**
 * Steps 4 and 5: the Credential holds the route's scope (403 SCOPE_DENIED; a Credential with no
 * scopes is refused everywhere but on a route whose scope is null, POST /api/v1/me/revoke), and
 * was issued for this product (403 WRONG_AUDIENCE).
 */
import { DomainError } from '@cfs/common/errors';
import type { CustomerScope } from '@cfs/common/scopes';
import type { Credential } from '../../caches/authenticator.ts';

export function authorize(credential: Credential, scope: CustomerScope | null, product: string): void {
  if (scope !== null && !credential.scopes.includes(scope)) throw new DomainError('SCOPE_DENIED', `This endpoint requires the scope ${scope}.`);
  if (credential.audience !== product) {
    throw new DomainError('WRONG_AUDIENCE', `The credential was issued for a different product; a credential for ${product} is required.`);
  }
}
