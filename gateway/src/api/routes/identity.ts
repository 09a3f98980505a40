import { DomainError } from '@cfs/common/errors';
import type { Credential } from '../../caches/authenticator.ts';
import { presentCredential, presentCustomer, presentSite } from '../present.ts';
import { defineRoute, type AnyRoute } from '../../pipeline/route.ts';
import { SerializedAnswer } from '../../schemas/serialized-answer.ts';
import type { SiteContext, SiteDirectory } from '../../caches/sites.ts';
import { Credential as CredentialSchema, revokedCredentialExample } from '../../schemas/account-schemas.ts';
import { Me } from '../../schemas/identity-schemas.ts';

/** What GET /me uses besides the services: the Site, Customer and Plan behind a Site id, cached. */
export interface IdentityRouteDeps {
  sites: SiteDirectory;
}

/**
 * GET /me's answer, kept beside the cached Credential it describes while that Credential's Site
 * entry is the same object: the authenticator and the Site directory replace their entries when
 * they change (revocation, expiry, a Site's announcement), so a kept answer is never older than
 * what they hold, and the hottest route skips the schema check and the encoding.
 */
const answers = new WeakMap<Credential, { context: SiteContext; answer: SerializedAnswer }>();

export const identityRoutes = (deps: IdentityRouteDeps): AnyRoute[] => [
  defineRoute({
    method: 'GET',
    path: '/api/v1/me',
    operationId: 'getMe',
    summary: 'Who am I',
    description: 'The Customer, Site and Credential behind the calling Credential. Never charged against an entitlement.',
    tag: 'Identity',
    auth: 'credential',
    scope: 'account.read',
    response: { status: 200, description: 'The caller.', schema: Me },
    handle: async ({ principal: { credential }, rpc }) => {
      const context = await deps.sites.get(credential.siteId, rpc);
      const kept = answers.get(credential);
      if (kept?.context === context) return kept.answer;
      const { site, customer } = context;
      const answer = SerializedAnswer.of(Me, { customer: presentCustomer(customer), site: presentSite(site), credential: presentCredential(credential) });
      answers.set(credential, { context, answer });
      return answer;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/me/revoke',
    operationId: 'revokeMe',
    summary: 'Revoke the calling credential',
    description:
      "Revokes the Credential that makes the call, whatever its scopes (no scope is needed): a client that is done with its Credential, such as a site connector that disconnects or is uninstalled, ends it so that no copy of its secret keeps working. Takes effect on the very next request, on every gateway replica; the Site's other Credentials are not affected. Never charged against an entitlement.",
    tag: 'Identity',
    auth: 'credential',
    scope: null,
    response: { status: 200, description: 'The calling Credential, revokedAt set.', schema: CredentialSchema, example: revokedCredentialExample },
    handle: async ({ principal: { credential }, rpc }) => {
      const { credential: revoked } = await rpc('identity', 'RevokeCredential', {
        credentialId: credential.id,
        siteId: credential.siteId,
        customerId: credential.customerId,
      });
      if (!revoked) throw new DomainError('INTERNAL_ERROR');
      return presentCredential(revoked);
    },
  }),
];
