/**
 * Account, Site and Credential self-management (scope account.manage). Everything is scoped to the
 * caller's Customer: a Site or Credential of another Customer is NOT_FOUND, exactly like one that
 * never existed. The plan of a Site cannot be changed here.
 */
import { planIncludes, type PlanEntitlements } from '@cfs/common/entitlements';
import { DomainError } from '@cfs/common/errors';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import { defineRoute, type AnyRoute, type Principal, type Rpc } from '../../pipeline/route.ts';
import { presentCredential, presentCustomer, presentSite } from '../present.ts';
import {
  AccountUpdate,
  ConnectionCode,
  ConnectionCodeCreate,
  CreatedCredential,
  Credential,
  CredentialCreate,
  CredentialIdParams,
  CredentialList,
  Customer,
  Entitlements,
  Site,
  SiteIdParams,
  SiteInput,
  SiteList,
  revokedCredentialExample,
} from '../../schemas/account-schemas.ts';

const base = { tag: 'Account', auth: 'credential', scope: 'account.manage' } as const;

function required<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new DomainError('INTERNAL_ERROR');
  return value;
}

/** The caller's own Site, or NOT_FOUND. */
async function ownSite(rpc: Rpc, principal: Principal, siteId: string): Promise<Site__Output> {
  const { site } = await rpc('account', 'GetSite', { customerId: principal.credential.customerId, siteId });
  return required(site);
}

/** What the account routes use besides the services: the plan's entitlements (the quota counters). */
export interface AccountRouteDeps {
  entitlements: PlanEntitlements;
}

export const accountRoutes = (deps: AccountRouteDeps): AnyRoute[] => [
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/account',
    operationId: 'getAccount',
    summary: 'Read the account',
    description: "The Customer that owns the calling Credential's Site: its id, name, e-mail and when it was created and last changed.",
    response: { status: 200, description: 'The Customer.', schema: Customer },
    handle: async ({ principal, rpc }) => {
      const { customer } = await rpc('account', 'GetCustomer', { customerId: principal.credential.customerId });
      return presentCustomer(required(customer));
    },
  }),
  defineRoute({
    ...base,
    method: 'PUT',
    path: '/api/v1/account',
    operationId: 'replaceAccount',
    summary: 'Replace the account',
    description: "Replaces the Customer's name and e-mail as a whole: both are required, and any other field is a 400. Sites and Credentials are not affected.",
    body: AccountUpdate,
    response: { status: 200, description: 'The updated Customer.', schema: Customer },
    handle: async ({ principal, rpc, body }) => {
      const { customer } = await rpc('account', 'UpdateCustomer', { customerId: principal.credential.customerId, ...body });
      return presentCustomer(required(customer));
    },
  }),
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/account/sites',
    operationId: 'listSites',
    summary: 'List the sites',
    description: "Every Site of the calling Credential's Customer, oldest first, each with its plan. Not paginated.",
    response: { status: 200, description: 'Every Site of the Customer, oldest first.', schema: SiteList },
    handle: async ({ principal, rpc }) => {
      const { sites } = await rpc('account', 'ListSites', { customerId: principal.credential.customerId });
      return { data: sites.map(presentSite) };
    },
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/account/sites',
    operationId: 'createSite',
    summary: 'Create a site',
    description: 'The new Site gets the default plan.',
    body: SiteInput,
    response: { status: 201, description: 'The new Site.', schema: Site },
    handle: async ({ principal, rpc, body }) => {
      const { site } = await rpc('account', 'CreateSite', { customerId: principal.credential.customerId, ...body });
      return presentSite(required(site));
    },
  }),
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/account/sites/:siteId',
    operationId: 'getSite',
    summary: 'Read a site',
    description: "One Site of the caller's Customer. A Site of another Customer is 404, exactly like one that does not exist.",
    params: SiteIdParams,
    errors: ['NOT_FOUND'],
    response: { status: 200, description: 'The Site.', schema: Site },
    handle: async ({ principal, rpc, params }) => presentSite(await ownSite(rpc, principal, params.siteId)),
  }),
  defineRoute({
    ...base,
    method: 'PUT',
    path: '/api/v1/account/sites/:siteId',
    operationId: 'replaceSite',
    summary: 'Replace a site',
    description: 'Replaces name and url. The plan is not part of this payload; a field that is not listed is a 400.',
    params: SiteIdParams,
    body: SiteInput,
    errors: ['NOT_FOUND'],
    response: { status: 200, description: 'The updated Site.', schema: Site },
    handle: async ({ principal, rpc, params, body }) => {
      const { site } = await rpc('account', 'UpdateSite', { customerId: principal.credential.customerId, siteId: params.siteId, ...body });
      return presentSite(required(site));
    },
  }),
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/account/sites/:siteId/credentials',
    operationId: 'listCredentials',
    summary: 'List the credentials of a site',
    description: 'Newest first, revoked and expired ones included. Never contains a secret.',
    params: SiteIdParams,
    errors: ['NOT_FOUND'],
    response: { status: 200, description: 'The Credentials.', schema: CredentialList },
    handle: async ({ principal, rpc, params }) => {
      const site = await ownSite(rpc, principal, params.siteId);
      const { credentials } = await rpc('identity', 'ListCredentials', { siteId: site.id, customerId: site.customerId });
      return { data: credentials.map(presentCredential) };
    },
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/account/sites/:siteId/credentials',
    operationId: 'createCredential',
    summary: 'Create a credential',
    description:
      'Returns the secret once. Operator scopes and unknown scopes or audiences are refused with 400 and nothing is created. ' +
      'No escalation: asking for a scope the calling Credential does not hold, or an audience other than its own, is 403 SCOPE_DENIED and creates nothing; ' +
      'a calling Credential that expires cannot create one that outlives it: expiresAt is capped at its own (the answer shows the capped value). ' +
      'Rotation: create a new Credential, move the client to it, then revoke the old one; both work in between.',
    params: SiteIdParams,
    body: CredentialCreate,
    errors: ['NOT_FOUND', 'SCOPE_DENIED'],
    errorNotes: {
      SCOPE_DENIED:
        'The Credential lacks account.manage, or asks for a scope it does not hold itself or another audience than its own (no escalation); nothing is created.',
    },
    response: { status: 201, description: 'The new Credential with its secret.', schema: CreatedCredential },
    handle: async ({ principal, rpc, params, body }) => {
      const site = await ownSite(rpc, principal, params.siteId);
      const { credential, secret } = await rpc('identity', 'CreateCredential', {
        siteId: site.id,
        customerId: site.customerId,
        name: body.name,
        scopes: body.scopes,
        audience: body.audience ?? 'content-feed',
        ...(body.expiresAt ? { expiresAt: body.expiresAt } : {}),
        // No escalation: identity grants only scopes and the audience the caller holds, and caps the expiry at the caller's.
        issuerCredentialId: principal.credential.id,
      });
      return { ...presentCredential(required(credential)), secret };
    },
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/account/sites/:siteId/credentials/:credentialId/revoke',
    operationId: 'revokeCredential',
    summary: 'Revoke a credential',
    description: 'Takes effect on the very next request, on every gateway replica. Revoking again answers the Credential unchanged.',
    params: CredentialIdParams,
    errors: ['NOT_FOUND'],
    response: { status: 200, description: 'The revoked Credential, revokedAt set.', schema: Credential, example: revokedCredentialExample },
    handle: async ({ principal, rpc, params }) => {
      const site = await ownSite(rpc, principal, params.siteId);
      const { credential } = await rpc('identity', 'RevokeCredential', { credentialId: params.credentialId, siteId: site.id, customerId: site.customerId });
      return presentCredential(required(credential));
    },
  }),
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/account/sites/:siteId/entitlements',
    operationId: 'getEntitlements',
    summary: 'Read the entitlements of a site',
    description: 'Per capability: whether the Plan includes it, its quota, what is used and remaining this period, and when it resets (UTC calendar periods).',
    params: SiteIdParams,
    errors: ['NOT_FOUND'],
    response: { status: 200, description: 'The entitlements.', schema: Entitlements },
    handle: async ({ principal, rpc, params }) => {
      const { site, plan } = await rpc('account', 'GetSite', { customerId: principal.credential.customerId, siteId: params.siteId });
      const s = required(site);
      // Webhook endpoints count as held, not per period: the webhooks service says how many the Site has.
      const held = planIncludes(required(plan), 'webhooks')
        ? { webhooks: (await rpc('webhooks', 'ListEndpoints', { siteId: s.id, customerId: principal.credential.customerId })).endpoints.length }
        : {};
      return { plan: s.plan, capabilities: await deps.entitlements.describe(s.id, required(plan), held) };
    },
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/account/sites/:siteId/connection-codes',
    operationId: 'createConnectionCode',
    summary: 'Create a connection code',
    description:
      'A single-use code a CMS connector redeems at POST /connect/cms/redeem for a Credential with feed.read and subscription.manage, and webhooks.manage when the calling Credential holds it. ' +
      'No escalation: the calling Credential must hold feed.read and subscription.manage itself, else 403 SCOPE_DENIED and no code is made; without webhooks.manage its codes grant none. ' +
      'The code expires no later than the calling Credential, stops working when it is revoked, and the Credential it redeems for expires when the calling one does.',
    params: SiteIdParams,
    body: ConnectionCodeCreate,
    errors: ['NOT_FOUND', 'SCOPE_DENIED'],
    errorNotes: { SCOPE_DENIED: 'The Credential lacks account.manage, feed.read or subscription.manage (no escalation); no code is made.' },
    response: { status: 201, description: 'The code and when it expires.', schema: ConnectionCode },
    handle: async ({ principal, rpc, params, body }) => {
      const site = await ownSite(rpc, principal, params.siteId);
      const { code, expiresAt } = await rpc('identity', 'CreateConnectionCode', {
        siteId: site.id,
        customerId: site.customerId,
        expiresInSeconds: body?.expiresIn ?? 0,
        // No escalation, as for Credentials: identity checks the caller can grant the connector's scopes, now and at redemption.
        issuerCredentialId: principal.credential.id,
      });
      return { code, expiresAt };
    },
  }),
];
