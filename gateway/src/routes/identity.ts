import { defineRoute } from '../route.ts';
import { presentCredential, presentCustomer, presentSite } from '../present.ts';
import { Me } from '../schemas.ts';

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
    handle: async ({ principal, rpc, sites }) => {
      const { site, customer } = await sites.get(principal.credential.siteId, rpc);
      return { customer: presentCustomer(customer), site: presentSite(site), credential: presentCredential(principal.credential) };
    },
  }),
];
