/**
 * Public payload schemas (zod). The same schemas validate requests, shape responses and generate
 * the OpenAPI description, so the document cannot drift from the behaviour. Field names are
 * camelCase; times are RFC 3339 UTC strings.
 */
import { z } from 'zod';
import { FEED_PAGE_DEFAULT_LIMIT, FEED_PAGE_MAX_LIMIT } from '@cfs/common/feed-limits';
import * as rules from '@cfs/common/rules';
import { CAPABILITIES } from '@cfs/common/capabilities';
import { QUOTA_PERIODS } from '@cfs/common/periods';
import { CUSTOMER_SCOPES } from '@cfs/common/scopes';

const timestamp = z.iso.datetime({ offset: true });

/** A path parameter naming a resource id: anything else simply matches no resource. */
export const resourceId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable machine-readable code; clients branch on it.' }),
      message: z.string().meta({ description: 'Human-readable and safe to log.' }),
    }),
  })
  .meta({ id: 'ErrorEnvelope', description: 'The body of every non-2xx answer.' });

export const Scope = z.enum(CUSTOMER_SCOPES).meta({ id: 'Scope', description: 'A customer scope.' });

export const Customer = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Customer' });

export const Site = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string().meta({ description: 'Public address of the Site; empty until set.' }),
    plan: z.string().meta({ description: 'Id of the Plan of the Site.' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Site' });

export const Credential = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(Scope),
    audience: z.string().meta({ description: 'The product the Credential is issued for, e.g. content-feed.' }),
    expiresAt: timestamp.nullable(),
    revokedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Credential', description: 'A Credential as every read shows it: never with its secret.' });

export const Me = z
  .object({ customer: Customer, site: Site, credential: Credential })
  .meta({ id: 'Me', description: 'The Customer, Site and Credential behind the calling Credential.' });

// ---------------------------------------------------------------------------------------------
// Account self-management
// ---------------------------------------------------------------------------------------------

export const SiteIdParams = z.object({ siteId: resourceId });
export const CredentialIdParams = z.object({ siteId: resourceId, credentialId: resourceId });

// The request bodies are the shared rules (@cfs/common/rules) the services apply again, so the
// operator CLI accepts exactly what the API accepts; `.meta()` adds OpenAPI names to a copy.
export const AccountUpdate = rules.customer.meta({ id: 'AccountUpdate', description: 'Replaces the Customer\'s name and e-mail.' });

export const SiteInput = rules.site
  .extend({ url: rules.site.shape.url.meta({ description: 'An absolute http(s) URL.', format: 'uri' }) })
  .meta({ id: 'SiteInput', description: 'A Site\'s name and address. The plan cannot be set here.' });

export const SiteList = z.object({ data: z.array(Site) }).meta({ id: 'SiteList' });
export const CredentialList = z.object({ data: z.array(Credential) }).meta({ id: 'CredentialList' });

export const CredentialCreate = z
  .strictObject({
    name: rules.credentialName,
    scopes: rules.credentialScopes.meta({ description: 'Customer scopes; an empty list makes a Credential that can call nothing.', items: { $ref: '#/components/schemas/Scope' } }),
    audience: z.string().min(1).max(64).optional().meta({ description: 'Product the Credential is for; default content-feed.' }),
    expiresAt: z.iso.datetime({ offset: true }).optional().meta({ description: 'When it stops working; must be in the future.' }),
  })
  .meta({ id: 'CredentialCreate' });

export const CreatedCredential = Credential.extend({
  secret: z.string().meta({ description: 'The bearer token. Shown in this answer only; store it now.' }),
}).meta({ id: 'CreatedCredential', description: 'A new Credential with its secret, returned once.' });

export const ConnectionCodeCreate = z
  .strictObject({ expiresIn: rules.connectionCodeLifetime.optional().meta({ description: 'Lifetime in seconds; default 900.' }) })
  .optional()
  .meta({ id: 'ConnectionCodeCreate' });

export const ConnectionCode = z
  .object({ code: z.string().meta({ description: 'Single-use code for a CMS connector.' }), expiresAt: timestamp })
  .meta({ id: 'ConnectionCode' });

export const RedeemRequest = z.strictObject({ code: z.string().min(1).max(128) }).meta({ id: 'RedeemRequest' });

export const Redemption = z
  .object({
    credential: z.object({ id: z.string(), secret: z.string(), scopes: z.array(Scope), audience: z.string(), expiresAt: timestamp.nullable(), createdAt: timestamp }),
    site: z.object({ id: z.string() }),
  })
  .meta({ id: 'Redemption', description: 'The connector\'s Credential (secret shown once) and its Site.' });

export const Entitlement = z
  .object({
    included: z.boolean().meta({ description: 'Whether the Plan includes the capability at all.' }),
    quota: z.number().int().nullable().meta({ description: 'Units per period; null means unlimited; 0 when not included.' }),
    used: z.number().int().meta({ description: 'Units used in the current period.' }),
    remaining: z.number().int().nullable().meta({ description: 'null when unlimited.' }),
    period: z.enum(QUOTA_PERIODS).nullable().meta({ description: 'Calendar period in UTC; null when not included.' }),
    resetsAt: timestamp.nullable().meta({ description: 'When the current period ends and usage resets.' }),
  })
  .meta({ id: 'Entitlement' });

export const Entitlements = z
  .object({
    plan: z.string().meta({ description: 'Id of the Site\'s Plan.' }),
    capabilities: z.object(Object.fromEntries(CAPABILITIES.map((c) => [c, Entitlement])) as Record<(typeof CAPABILITIES)[number], typeof Entitlement>),
  })
  .meta({ id: 'Entitlements', description: 'What the Site\'s Plan allows, per capability: feed, subscriptions, ai_usage, ai_images, seo_profile.' });

// ---------------------------------------------------------------------------------------------
// Taxonomy, subscriptions and the feed
// ---------------------------------------------------------------------------------------------

export const CategoryKey = rules.categoryKey.meta({ id: 'CategoryKey', description: 'A category key of the taxonomy (GET /api/v1/taxonomy).' });

export const Taxonomy = z
  .object({
    categories: z.array(
      z
        .object({ key: CategoryKey, name: z.string(), topics: z.array(z.object({ key: z.string(), name: z.string() })) })
        .meta({ id: 'Category' }),
    ),
  })
  .meta({ id: 'Taxonomy' });

export const Subscriptions = z
  .strictObject({
    categories: rules.subscribedCategories.meta({ description: 'Category keys; the feed contains their articles.', items: { $ref: '#/components/schemas/CategoryKey' } }),
  })
  .meta({ id: 'Subscriptions', description: 'The Site\'s subscriptions, replaced as a whole by PUT.' });

export const FeedQuery = z.object({
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, `must be an integer from 1 to ${FEED_PAGE_MAX_LIMIT}`)
    .transform(Number)
    .pipe(z.number().max(FEED_PAGE_MAX_LIMIT, `must be an integer from 1 to ${FEED_PAGE_MAX_LIMIT}`))
    .optional()
    .meta({
      description: `Page size, an integer from 1 to ${FEED_PAGE_MAX_LIMIT}; default ${FEED_PAGE_DEFAULT_LIMIT}.`,
      type: 'integer',
      minimum: 1,
      maximum: FEED_PAGE_MAX_LIMIT,
      default: FEED_PAGE_DEFAULT_LIMIT,
    }),
  cursor: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .meta({ description: 'The nextCursor of the previous page, as given. Opaque and tamper-evident: an altered cursor is a 400.' }),
});

export const Article = z
  .object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    summary: z.string().nullable(),
    publishedAt: timestamp,
    categories: z.array(z.string()),
    imageKey: z.string().nullable().meta({ description: 'Key of a generated image, served at imageUrl.' }),
    imageUrl: z.string().nullable().meta({ description: 'Path of the image under this API: /media/generated/{imageKey}.' }),
  })
  .meta({ id: 'Article' });

export const FeedPage = z
  .object({
    data: z.array(Article).meta({ description: 'Newest first (publishedAt, then id, descending); no article twice.' }),
    nextCursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last page.' }),
  })
  .meta({ id: 'FeedPage' });

// ---------------------------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------------------------

export const BillingSubscription = z
  .object({
    id: z.string(),
    plan: z.string(),
    status: z.enum(['pending', 'active', 'past_due', 'canceled', 'expired']).meta({
      description:
        'pending: checkout started, not yet paid; active: paid, the Site has the plan; past_due: a payment failed, the Site keeps the plan for a grace period; canceled: ended (the Site has the default plan); expired: checkout never completed.',
    }),
    provider: z.string().meta({ description: 'The payment provider: local or stripe.' }),
    createdAt: timestamp,
    activatedAt: timestamp.nullable(),
    currentPeriodEnd: timestamp.nullable().meta({ description: 'End of the paid period; the subscription renews then unless cancelAtPeriodEnd.' }),
    cancelAtPeriodEnd: z.boolean().meta({ description: 'True when the subscription ends at currentPeriodEnd instead of renewing (the Site keeps its plan until then).' }),
    pastDueSince: timestamp.nullable().meta({ description: 'When the payment failed (status past_due).' }),
    canceledAt: timestamp.nullable(),
  })
  .meta({ id: 'BillingSubscription' });

export const CancelRequest = z
  .strictObject({
    atPeriodEnd: z.boolean().optional().meta({ description: 'true: keep the subscription and the plan until the end of the paid period; false or absent: end it now.' }),
  })
  .optional()
  .meta({ id: 'CancelRequest' });

export const CheckoutRequest = z
  .strictObject({ plan: rules.planId.meta({ description: 'A paid plan id of the catalog (not the default plan).' }) })
  .meta({ id: 'CheckoutRequest' });

export const Checkout = z
  .object({
    checkoutUrl: z.string().meta({ description: 'Where the customer pays (hosted checkout).' }),
    subscription: BillingSubscription,
  })
  .meta({ id: 'Checkout' });

// ---------------------------------------------------------------------------------------------
// SEO profile, AI usage and AI images
// ---------------------------------------------------------------------------------------------

export const SeoProfileInput = rules.seoProfile.meta({
  id: 'SeoProfileInput',
  description: 'The whole profile; PUT replaces it. Unknown fields, wrong types and control characters are a 400. tone is free text such as neutral, friendly or formal.',
});

export const SeoProfile = SeoProfileInput.extend({ updatedAt: timestamp }).meta({ id: 'SeoProfile' });

export const AiUsage = z
  .object({
    period: z.enum(QUOTA_PERIODS).meta({ description: 'The budget period (UTC calendar).' }),
    periodStart: timestamp,
    resetsAt: timestamp,
    used: z.number().int().meta({ description: 'AI generation units used this period.' }),
    budget: z.number().int().nullable().meta({ description: 'Units per period from the plan; null means unlimited.' }),
    remaining: z.number().int().nullable(),
    status: z.enum(['ok', 'warning', 'exhausted']).meta({ description: 'warning from 80 % of the budget used.' }),
  })
  .meta({ id: 'AiUsage' });

export const AiImagesStatus = z
  .object({
    status: z.enum(['operational', 'degraded', 'paused']).meta({ description: 'Platform-wide status of AI image generation.' }),
    updatedAt: timestamp,
  })
  .meta({ id: 'AiImagesStatus' });
