import type { Credential } from '../authenticator.ts';
import { presentCredential, presentCustomer, presentSite } from '../present.ts';
import { defineRoute, SerializedAnswer } from '../route.ts';
import { Me } from '../schemas.ts';
import type { SiteContext } from '../sites.ts';

/**
 * GET /me's answer, kept beside the cached Credential it describes while that Credential's Site
 * entry is the same object: the authenticator and the Site directory replace their entries when
 * they change (revocation, expiry, a Site's announcement), so a kept answer is never older than
 * what they hold, and the hottest route skips the schema check and the encoding.
 */
const answers = new WeakMap<Credential, { context: SiteContext; answer: SerializedAnswer }>();

export const identityRoutes = [
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
    handle: async ({ principal: { credential }, rpc, sites }) => {
      const context = await sites.get(credential.siteId, rpc);
      const kept = answers.get(credential);
      if (kept?.context === context) return kept.answer;
      const { site, customer } = context;
      const answer = SerializedAnswer.of(Me, { customer: presentCustomer(customer), site: presentSite(site), credential: presentCredential(credential) });
      answers.set(credential, { context, answer });
      return answer;
    },
  }),
];
