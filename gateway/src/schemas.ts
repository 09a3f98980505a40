/**
 * Public payload schemas (zod). The same schemas validate requests, shape responses and generate
 * the OpenAPI description, so the document cannot drift from the behaviour. Field names are
 * camelCase; times are RFC 3339 UTC strings.
 */
import { z } from 'zod';
import { TOKEN_PATTERN } from '@cfs/common/credential-token';
import { ERROR_CODES, type ErrorCode } from '@cfs/common/errors';
import { FEED_PAGE_DEFAULT_LIMIT, FEED_PAGE_MAX_LIMIT } from '@cfs/common/feed-limits';
import { MAX_MEDIA_KEY_LENGTH, MEDIA_PATH_PREFIX } from '@cfs/common/media-keys';
import * as rules from '@cfs/common/rules';
import { CURSOR_PATTERN, MAX_CURSOR_LENGTH } from './cursor.ts';
import { CAPABILITIES } from '@cfs/common/capabilities';
import { QUOTA_PERIODS } from '@cfs/common/periods';
import { CUSTOMER_SCOPES } from '@cfs/common/scopes';

// ---------------------------------------------------------------------------------------------
// Building blocks of the answers. Every string has a maximum length and every list a maximum
// size: the limits the services already apply to what they store (@cfs/common/rules), so an
// answer never exceeds them, and a client can size its buffers and columns from the description.
// ---------------------------------------------------------------------------------------------

/** RFC 3339 UTC times as the services write them (toISOString: 24 characters). */
const timestamp = z.iso.datetime({ offset: true }).max(64);

/** Ids the services mint: a prefix, `_` and 26 base32 characters (see @cfs/common/ids). */
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const id = z.string().min(1).max(64).regex(ID_PATTERN);

/** Text a person typed: the services refuse control characters in it (rules.text). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
const plainText = (max: number) => z.string().max(max).regex(NO_CONTROL_CHARACTERS);

/** An absolute http(s) address (rules.httpUrl). */
const webUrl = (max = 2048) => z.url({ protocol: /^https?$/ }).max(max);

/** A plan id of the catalog (rules.planId: at most 63 characters). */
const planId = rules.planId.max(63);

/** A category key of the taxonomy (rules.categoryKey: at most 64 characters). */
const categoryKey = rules.categoryKey.max(64);

/** The key of a generated media object: what @cfs/common/media-keys accepts, as a regular expression. */
export const MEDIA_KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const mediaKey = z.string().min(1).max(MAX_MEDIA_KEY_LENGTH).regex(MEDIA_KEY_PATTERN);

/** A count that cannot be negative (quota units, usage). */
const count = z.number().int().min(0);

/** Connection codes as the identity service mints them. */
const CONNECTION_CODE_PATTERN = /^cfc_[0-9A-Za-z]{32}$/;

// Example values shared by the examples below (they must stay valid against the schemas: the
// OpenAPI test validates every example).
const EX = {
  customerId: 'cus_01jd3k5q8r9s0t1v2w3x4y5z6a',
  siteId: 'site_01jd3k5q8r9s0t1v2w3x4y5z6b',
  credentialId: 'cred_01jd3k6a7b8c9d0e1f2g3h4j5k',
  subscriptionId: 'bsub_01jd3m0a1b2c3d4e5f6g7h8j9k',
  secret: 'cfs_0AbCdEfGhIjKlMnOpQrStUvWxYz1aBcDeFgHiJkLmNoPqRsTuVwXyZ',
  connectionCode: 'cfc_7Hq2Lm9XwR4tZb8KcN3vYp6sDf1GjA5e',
  created: '2026-01-15T09:30:00.000Z',
  updated: '2026-02-01T12:00:00.000Z',
} as const;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** Every code of the spec's error table, UNAUTHORIZED (reserved, never answered) included. */
export const ALL_ERROR_CODES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(ALL_ERROR_CODES).meta({
        description:
          'Stable machine-readable code; clients branch on it. Each operation lists the codes it can answer with, per status. UNAUTHORIZED is reserved: no endpoint answers it.',
      }),
      message: z.string().min(1).max(1000).meta({ description: 'Human-readable and safe to log. Not meant to be parsed: it may change.' }),
    }),
  })
  .meta({
    id: 'ErrorEnvelope',
    description: 'The body of every non-2xx answer.',
    examples: [{ error: { code: 'NOT_FOUND', message: ERROR_CODES.NOT_FOUND.message } }],
  });

// ---------------------------------------------------------------------------------------------
// Identity
// ---------------------------------------------------------------------------------------------

/** A path parameter naming a resource id: anything else simply matches no resource. */
export const resourceId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

export const Scope = z.enum(CUSTOMER_SCOPES).meta({ id: 'Scope', description: 'A customer scope.' });

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

const siteExample = { id: EX.siteId, name: 'Acme News', url: 'https://news.acme.example', plan: 'starter', createdAt: EX.created, updatedAt: EX.updated };

export const Site = z
  .object({
    id,
    name: plainText(200),
    url: z.union([z.literal(''), webUrl()]).meta({ description: 'Public address of the Site; empty until set.' }),
    plan: planId.meta({ description: 'Id of the Plan of the Site.' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Site', examples: [siteExample] });

const credentialExample = {
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
export const revokedCredentialExample: z.output<typeof Credential> = { ...credentialExample, scopes: ['feed.read', 'subscription.manage'], revokedAt: EX.updated };

export const Me = z
  .object({ customer: Customer, site: Site, credential: Credential })
  .meta({
    id: 'Me',
    description: 'The Customer, Site and Credential behind the calling Credential.',
    examples: [
      {
        customer: { id: EX.customerId, name: 'Acme Media', email: 'ops@acme.example', createdAt: EX.created, updatedAt: EX.updated },
        site: siteExample,
        credential: { ...credentialExample, name: 'Owner', scopes: ['account.read', 'feed.read'] },
      },
    ],
  });

// ---------------------------------------------------------------------------------------------
// Account self-management
// ---------------------------------------------------------------------------------------------

export const SiteIdParams = z.object({ siteId: resourceId });
export const CredentialIdParams = z.object({ siteId: resourceId, credentialId: resourceId });

/**
 * Text fields of request bodies: the shared rules refuse control characters (after trimming), which
 * the description states as a pattern, so a client can check before sending.
 */
const typed = <T extends z.ZodType>(schema: T) => schema.meta({ pattern: NO_CONTROL_CHARACTERS.source });

// The request bodies are the shared rules (@cfs/common/rules) the services apply again, so the
// operator CLI accepts exactly what the API accepts; `.meta()` adds OpenAPI names to a copy.
export const AccountUpdate = rules.customer.extend({ name: typed(rules.customer.shape.name) }).meta({
  id: 'AccountUpdate',
  description: 'Replaces the Customer\'s name and e-mail.',
  examples: [{ name: 'Acme Media', email: 'ops@acme.example' }],
});

export const SiteInput = rules.site
  .extend({ name: typed(rules.site.shape.name), url: rules.site.shape.url.meta({ description: 'An absolute http(s) URL.', format: 'uri' }) })
  .meta({
    id: 'SiteInput',
    description: 'A Site\'s name and address. The plan cannot be set here.',
    examples: [{ name: 'Acme News', url: 'https://news.acme.example' }],
  });

export const SiteList = z
  .object({ data: z.array(Site).meta({ description: 'Every Site of the Customer, oldest first (not paginated).' }) })
  .meta({ id: 'SiteList', examples: [{ data: [siteExample] }] });
export const CredentialList = z
  .object({ data: z.array(Credential).meta({ description: 'Every Credential of the Site, newest first, revoked and expired ones included (not paginated).' }) })
  .meta({ id: 'CredentialList', examples: [{ data: [credentialExample, { ...revokedCredentialExample, id: 'cred_01jd3k0a1b2c3d4e5f6g7h8j9k', name: 'Old sync' }] }] });

export const CredentialCreate = z
  .strictObject({
    name: typed(rules.credentialName),
    scopes: rules.credentialScopes.meta({ description: 'Customer scopes; an empty list makes a Credential that can call nothing.', items: { $ref: '#/components/schemas/Scope' } }),
    audience: z.string().min(1).max(64).optional().meta({ description: 'Product the Credential is for; default content-feed. Only the calling Credential\'s own audience: another is 403 SCOPE_DENIED.', pattern: NO_CONTROL_CHARACTERS.source }),
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
  .object({ code: z.string().max(36).regex(CONNECTION_CODE_PATTERN).meta({ description: 'Single-use code for a CMS connector.' }), expiresAt: timestamp })
  .meta({ id: 'ConnectionCode', examples: [{ code: EX.connectionCode, expiresAt: '2026-02-01T13:00:00.000Z' }] });

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
    description: 'The connector\'s Credential (secret shown once) and its Site.',
    examples: [
      {
        credential: { id: EX.credentialId, secret: EX.secret, scopes: ['feed.read', 'subscription.manage'], audience: 'content-feed', expiresAt: null, createdAt: EX.created },
        site: { id: EX.siteId },
      },
    ],
  });

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
    plan: planId.meta({ description: 'Id of the Site\'s Plan.' }),
    capabilities: z.object(Object.fromEntries(CAPABILITIES.map((c) => [c, Entitlement])) as Record<(typeof CAPABILITIES)[number], typeof Entitlement>),
  })
  .meta({
    id: 'Entitlements',
    description: 'What the Site\'s Plan allows, per capability: feed, subscriptions, ai_usage, ai_images, seo_profile.',
    examples: [
      {
        plan: 'starter',
        capabilities: {
          feed: { included: true, quota: 50000, used: 1200, remaining: 48800, period: 'day', resetsAt: '2026-02-02T00:00:00.000Z' },
          subscriptions: { included: true, quota: 1000, used: 3, remaining: 997, period: 'day', resetsAt: '2026-02-02T00:00:00.000Z' },
          ai_usage: { included: true, quota: null, used: 17, remaining: null, period: 'month', resetsAt: '2026-03-01T00:00:00.000Z' },
          ai_images: notIncluded,
          seo_profile: { included: true, quota: 1000, used: 0, remaining: 1000, period: 'month', resetsAt: '2026-03-01T00:00:00.000Z' },
        },
      },
    ],
  });

// ---------------------------------------------------------------------------------------------
// Taxonomy, subscriptions and the feed
// ---------------------------------------------------------------------------------------------

export const CategoryKey = categoryKey.meta({ id: 'CategoryKey', description: 'A category key of the taxonomy (GET /api/v1/taxonomy).', examples: ['technology'] });

const categoryExample = { key: 'technology', name: 'Technology', topics: [{ key: 'ai', name: 'Artificial intelligence' }, { key: 'robotics', name: 'Robotics' }] };

export const Taxonomy = z
  .object({
    categories: z
      .array(
        z
          .object({
            key: CategoryKey,
            name: plainText(100),
            // The taxonomy import replaces a category's topics, at most 200 (services/feed).
            topics: z.array(z.object({ key: categoryKey, name: plainText(100) })).max(200),
          })
          .meta({ id: 'Category', examples: [categoryExample] }),
      )
      .meta({ description: 'Every category, in the taxonomy\'s order (not paginated).' }),
  })
  .meta({ id: 'Taxonomy', examples: [{ categories: [categoryExample, { key: 'science', name: 'Science', topics: [] }] }] });

export const Subscriptions = z
  .strictObject({
    categories: rules.subscribedCategories.meta({ description: 'Category keys; the feed contains their articles.', items: { $ref: '#/components/schemas/CategoryKey' } }),
  })
  .meta({ id: 'Subscriptions', description: 'The Site\'s subscriptions, replaced as a whole by PUT.', examples: [{ categories: ['technology', 'science'] }] });

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
    .max(MAX_CURSOR_LENGTH)
    .optional()
    .meta({
      description: 'The nextCursor of the previous page, as given. Opaque and tamper-evident: an altered cursor is a 400.',
      pattern: CURSOR_PATTERN.source,
    }),
});

const articleExample = {
  id: 'art_3f2a9c1e5b7d4a6c8e0f1a2b',
  title: 'Robots learn to sort recycling',
  url: 'https://news.example/robots-recycling',
  summary: 'A warehouse robot now sorts mixed recycling faster than people do.',
  publishedAt: '2026-02-01T08:00:00.000Z',
  categories: ['technology'],
  imageKey: 'covers/robots.png',
  imageUrl: `${MEDIA_PATH_PREFIX}covers/robots.png`,
};

export const Article = z
  .object({
    // Article ids: the operator's (1 to 64 of letters, digits, _ . : -) or art_ and 24 hex digits.
    id: z.string().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/),
    title: plainText(500),
    url: webUrl(),
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    summary: z.string().max(5000).regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/).nullable().meta({ description: 'Plain text; may hold line breaks.' }),
    publishedAt: timestamp,
    categories: z.array(categoryKey).max(20),
    imageKey: mediaKey.nullable().meta({ description: 'Key of a generated image, served at imageUrl.' }),
    imageUrl: z
      .string()
      .max(MEDIA_PATH_PREFIX.length + MAX_MEDIA_KEY_LENGTH)
      .regex(new RegExp(`^${MEDIA_PATH_PREFIX.replaceAll('/', '\\/')}${MEDIA_KEY_PATTERN.source.slice(1)}`))
      .nullable()
      .meta({ description: 'Path of the image under this API: /media/generated/{imageKey} (GET it without a Credential).' }),
  })
  .meta({ id: 'Article', examples: [articleExample] });

export const FeedPage = z
  .object({
    data: z.array(Article).max(FEED_PAGE_MAX_LIMIT).meta({ description: 'Newest first (publishedAt, then id, descending); no article twice.' }),
    nextCursor: z.string().max(MAX_CURSOR_LENGTH).regex(CURSOR_PATTERN).nullable().meta({ description: 'Pass as cursor for the next page; null on the last page.' }),
  })
  .meta({
    id: 'FeedPage',
    examples: [{ data: [articleExample], nextCursor: 'MjAyNi0wMi0wMVQwODowMDowMC4wMDBafGFydF8zZjJhOWMxZTViN2Q0YTZjOGUwZjFhMmI.q1Xc5mT0bW8yZk3NfA2hVg' }],
  });

// ---------------------------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------------------------

const subscriptionExample = {
  id: EX.subscriptionId,
  plan: 'starter',
  status: 'active',
  provider: 'stripe',
  createdAt: EX.created,
  activatedAt: '2026-01-15T09:32:10.000Z',
  currentPeriodEnd: '2026-02-15T09:32:10.000Z',
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  canceledAt: null,
};

export const BillingSubscription = z
  .object({
    id,
    plan: planId,
    status: z.enum(['pending', 'active', 'past_due', 'canceled', 'expired']).meta({
      description:
        'pending: checkout started, not yet paid; active: paid, the Site has the plan; past_due: a payment failed, the Site keeps the plan for a grace period; canceled: ended (the Site has the default plan); expired: checkout never completed.',
    }),
    provider: z.enum(['local', 'stripe']).meta({ description: 'The payment provider: local (grants plans without payment, evaluation only) or stripe.' }),
    createdAt: timestamp,
    activatedAt: timestamp.nullable(),
    currentPeriodEnd: timestamp.nullable().meta({ description: 'End of the paid period; the subscription renews then unless cancelAtPeriodEnd.' }),
    cancelAtPeriodEnd: z.boolean().meta({ description: 'True when the subscription ends at currentPeriodEnd instead of renewing (the Site keeps its plan until then).' }),
    pastDueSince: timestamp.nullable().meta({ description: 'When the payment failed (status past_due).' }),
    canceledAt: timestamp.nullable(),
  })
  .meta({ id: 'BillingSubscription', examples: [subscriptionExample] });

/** The subscription after POST .../cancel without atPeriodEnd. */
export const canceledSubscriptionExample: z.output<typeof BillingSubscription> = {
  ...subscriptionExample,
  status: 'canceled',
  provider: 'stripe',
  canceledAt: '2026-02-01T12:00:00.000Z',
};

export const CancelRequest = z
  .strictObject({
    atPeriodEnd: z.boolean().optional().meta({ description: 'true: keep the subscription and the plan until the end of the paid period; false or absent: end it now.' }),
  })
  .optional()
  .meta({ id: 'CancelRequest', examples: [{ atPeriodEnd: true }] });

export const CheckoutRequest = z
  .strictObject({ plan: planId.meta({ description: 'A paid plan id of the catalog (not the default plan).' }) })
  .meta({ id: 'CheckoutRequest', examples: [{ plan: 'starter' }] });

export const Checkout = z
  .object({
    checkoutUrl: webUrl(4096).meta({ description: 'Where the customer pays (hosted checkout).' }),
    subscription: BillingSubscription,
  })
  .meta({
    id: 'Checkout',
    examples: [
      {
        checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8',
        subscription: { ...subscriptionExample, status: 'pending', activatedAt: null, currentPeriodEnd: null },
      },
    ],
  });

// ---------------------------------------------------------------------------------------------
// SEO profile, AI usage and AI images
// ---------------------------------------------------------------------------------------------

const seoProfileExample = { siteName: 'Acme News', locale: 'en-GB', keywords: ['robotics', 'recycling'], tone: 'friendly', topics: ['technology'] };

export const SeoProfileInput = rules.seoProfile
  .extend({
    siteName: typed(rules.seoProfile.shape.siteName),
    // rules.locale is a BCP 47 tag of at most 12 characters (its pattern says so; maxLength too).
    locale: rules.seoProfile.shape.locale.max(16),
    keywords: rules.seoProfile.shape.keywords.meta({ items: { type: 'string', minLength: 1, maxLength: 100, pattern: NO_CONTROL_CHARACTERS.source } }),
    tone: typed(rules.seoProfile.shape.tone),
    topics: rules.seoProfile.shape.topics.meta({ items: { type: 'string', minLength: 1, maxLength: 100, pattern: NO_CONTROL_CHARACTERS.source } }),
  })
  .meta({
    id: 'SeoProfileInput',
    description: 'The whole profile; PUT replaces it. Unknown fields, wrong types and control characters are a 400. tone is free text such as neutral, friendly or formal.',
    examples: [seoProfileExample],
  });

export const SeoProfile = SeoProfileInput.extend({ updatedAt: timestamp }).meta({ id: 'SeoProfile', examples: [{ ...seoProfileExample, updatedAt: EX.updated }] });

export const AiUsage = z
  .object({
    period: z.enum(QUOTA_PERIODS).meta({ description: 'The budget period (UTC calendar).' }),
    periodStart: timestamp,
    resetsAt: timestamp,
    used: count.meta({ description: 'AI generation units used this period.' }),
    budget: count.nullable().meta({ description: 'Units per period from the plan; null means unlimited.' }),
    remaining: count.nullable().meta({ description: 'null when unlimited.' }),
    status: z.enum(['ok', 'warning', 'exhausted']).meta({ description: 'warning from 80 % of the budget used.' }),
  })
  .meta({
    id: 'AiUsage',
    examples: [{ period: 'month', periodStart: '2026-02-01T00:00:00.000Z', resetsAt: '2026-03-01T00:00:00.000Z', used: 850, budget: 1000, remaining: 150, status: 'warning' }],
  });

export const AiImagesStatus = z
  .object({
    status: z.enum(['operational', 'degraded', 'paused']).meta({ description: 'Platform-wide status of AI image generation.' }),
    updatedAt: timestamp,
  })
  .meta({ id: 'AiImagesStatus', examples: [{ status: 'operational', updatedAt: EX.updated }] });
