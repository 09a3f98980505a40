import type { Credential } from '../authenticator.ts';
import { presentCredential, presentCustomer, presentSite } from '../present.ts';
import { defineRoute, SerializedAnswer, type AnyRoute } from '../route.ts';
import type { SiteContext, SiteDirectory } from '../sites.ts';
import { Me } from './identity-schemas.ts';

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
];
