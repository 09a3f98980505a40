/** The schemas of the account routes (api/routes/account.ts): the Customer, its Sites and their Credentials, entitlements. */
import { z } from 'zod';
import { TOKEN_PATTERN } from '@cfs/common/credential-token';
import { CAPABILITIES } from '@cfs/common/capabilities';
import { QUOTA_PERIODS } from '@cfs/common/periods';
import * as rules from '@cfs/common/rules';
import { CUSTOMER_SCOPES } from '@cfs/common/scopes';
import { count, EX, id, planId, plainText, resourceId, Scope, timestamp, typed } from './blocks.ts';

export const Customer = z
  .object({
    id,
    name: plainText(200),
    email: z.email().max(320),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'Customer',
    examples: [{ id: EX.customerId, name: 'Acme Media', email: 'ops@acme.example', createdAt: EX.created, updatedAt: EX.updated }],
  });

export const siteExample = {
  id: EX.siteId,
  name: 'Acme News',
  url: 'https://news.acme.example',
  plan: 'starter',
  createdAt: EX.created,
  updatedAt: EX.updated,
};

export const Site = z
  .object({
    id,
    name: plainText(200),
    url: z.union([z.literal(''), rules.webAddress()]).meta({ description: 'Public address of the Site; empty until set.' }),
    plan: planId.meta({ description: 'Id of the Plan of the Site.' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Site', examples: [siteExample] });

export const credentialExample = {
  id: EX.credentialId,
  name: 'Feed sync',
  scopes: ['feed.read', 'subscription.manage'],
  audience: 'content-feed',
  expiresAt: null,
  revokedAt: null,
  createdAt: EX.created,
};

export const Credential = z
  .object({
    id,
    name: plainText(100),
    scopes: z.array(Scope).max(CUSTOMER_SCOPES.length),
    audience: plainText(64).meta({ description: 'The product the Credential is issued for, e.g. content-feed.' }),
    expiresAt: timestamp.nullable(),
    revokedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Credential', description: 'A Credential as every read shows it: never with its secret.', examples: [credentialExample] });

/** The same Credential after POST .../revoke. */
export const revokedCredentialExample: z.output<typeof Credential> = {
  ...credentialExample,
  scopes: ['feed.read', 'subscription.manage'],
  revokedAt: EX.updated,
};

export const SiteIdParams = z.object({ siteId: resourceId });
export const CredentialIdParams = z.object({ siteId: resourceId, credentialId: resourceId });

// The request bodies are the shared rules (@cfs/common/rules) the services apply again, so the
// operator CLI accepts exactly what the API accepts; `.meta()` adds OpenAPI names to a copy.
export const AccountUpdate = rules.customer.extend({ name: typed(rules.customer.shape.name) }).meta({
  id: 'AccountUpdate',
  description: "Replaces the Customer's name and e-mail.",
  examples: [{ name: 'Acme Media', email: 'ops@acme.example' }],
});

export const SiteInput = rules.site
  .extend({ name: typed(rules.site.shape.name), url: rules.site.shape.url.meta({ description: 'An absolute http(s) URL.', format: 'uri' }) })
  .meta({
    id: 'SiteInput',
    description: "A Site's name and address. The plan cannot be set here.",
    examples: [{ name: 'Acme News', url: 'https://news.acme.example' }],
  });

export const SiteList = z
  .object({ data: z.array(Site).meta({ description: 'Every Site of the Customer, oldest first (not paginated).' }) })
  .meta({ id: 'SiteList', examples: [{ data: [siteExample] }] });
export const CredentialList = z
  .object({ data: z.array(Credential).meta({ description: 'Every Credential of the Site, newest first, revoked and expired ones included (not paginated).' }) })
  .meta({
    id: 'CredentialList',
    examples: [{ data: [credentialExample, { ...revokedCredentialExample, id: 'cred_01jd3k0a1b2c3d4e5f6g7h8j9k', name: 'Old sync' }] }],
  });

export const CredentialCreate = z
  .strictObject({
    name: typed(rules.credentialName),
    scopes: rules.credentialScopes.meta({
      description: 'Customer scopes; an empty list makes a Credential that can call nothing.',
      items: { $ref: '#/components/schemas/Scope' },
    }),
    audience: z.string().min(1).max(64).optional().meta({
      description: "Product the Credential is for; default content-feed. Only the calling Credential's own audience: another is 403 SCOPE_DENIED.",
      pattern: rules.NO_CONTROL_CHARACTERS.source,
    }),
    expiresAt: z.iso.datetime({ offset: true }).max(64).optional().meta({ description: 'When it stops working; must be in the future.' }),
  })
  .meta({
    id: 'CredentialCreate',
    examples: [{ name: 'Feed sync', scopes: ['feed.read', 'subscription.manage'], expiresAt: '2027-01-01T00:00:00Z' }],
  });

export const CreatedCredential = Credential.extend({
  secret: z.string().max(58).regex(TOKEN_PATTERN).meta({ description: 'The bearer token. Shown in this answer only; store it now.' }),
}).meta({
  id: 'CreatedCredential',
  description: 'A new Credential with its secret, returned once.',
  examples: [{ ...credentialExample, expiresAt: '2027-01-01T00:00:00.000Z', secret: EX.secret }],
});

export const ConnectionCodeCreate = z
  .strictObject({ expiresIn: rules.connectionCodeLifetime.optional().meta({ description: 'Lifetime in seconds; default 900.' }) })
  .optional()
  .meta({ id: 'ConnectionCodeCreate', examples: [{ expiresIn: 3600 }] });

export const ConnectionCode = z
  .object({ code: z.string().max(36).regex(rules.CONNECTION_CODE_PATTERN).meta({ description: 'Single-use code for a CMS connector.' }), expiresAt: timestamp })
  .meta({ id: 'ConnectionCode', examples: [{ code: EX.connectionCode, expiresAt: '2026-02-01T13:00:00.000Z' }] });

export const Entitlement = z
  .object({
    included: z.boolean().meta({ description: 'Whether the Plan includes the capability at all.' }),
    quota: count.nullable().meta({ description: 'Units per period; null means unlimited; 0 when not included.' }),
    used: count.meta({ description: 'Units used in the current period.' }),
    remaining: count.nullable().meta({ description: 'null when unlimited.' }),
    period: z.enum(QUOTA_PERIODS).nullable().meta({ description: 'Calendar period in UTC; null when not included.' }),
    resetsAt: timestamp.nullable().meta({ description: 'When the current period ends and usage resets.' }),
  })
  .meta({
    id: 'Entitlement',
    examples: [{ included: true, quota: 50000, used: 1200, remaining: 48800, period: 'day', resetsAt: '2026-02-02T00:00:00.000Z' }],
  });

const notIncluded = { included: false, quota: 0, used: 0, remaining: 0, period: null, resetsAt: null };

export const Entitlements = z
  .object({
    plan: planId.meta({ description: "Id of the Site's Plan." }),
    capabilities: z.object(Object.fromEntries(CAPABILITIES.map((c) => [c, Entitlement])) as Record<(typeof CAPABILITIES)[number], typeof Entitlement>),
  })
  .meta({
    id: 'Entitlements',
    description:
      "What the Site's Plan allows, per capability: feed, subscriptions, ai_usage, ai_images, seo_profile, webhooks. The quota of webhooks is the most endpoints the Site holds at once (deleting one frees its place), not a count per period: used is how many it holds, period and resetsAt are null.",
    examples: [
      {
        plan: 'starter',
        capabilities: {
          feed: { included: true, quota: 50000, used: 1200, remaining: 48800, period: 'day', resetsAt: '2026-02-02T00:00:00.000Z' },
          subscriptions: { included: true, quota: 1000, used: 3, remaining: 997, period: 'day', resetsAt: '2026-02-02T00:00:00.000Z' },
          ai_usage: { included: true, quota: null, used: 17, remaining: null, period: 'month', resetsAt: '2026-03-01T00:00:00.000Z' },
          ai_images: notIncluded,
          seo_profile: { included: true, quota: 1000, used: 0, remaining: 1000, period: 'month', resetsAt: '2026-03-01T00:00:00.000Z' },
          webhooks: { included: true, quota: 3, used: 1, remaining: 2, period: null, resetsAt: null },
        },
      },
    ],
  });
