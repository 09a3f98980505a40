/** The scope vocabulary (spec section 5) and the product (audience) ids. */
export const CUSTOMER_SCOPES = [
  'account.read',
  'feed.read',
  'subscription.manage',
  'ai.usage.read',
  'ai.images.read',
  'account.manage',
  'billing.manage',
  'seo.profile.manage',
] as const;
export type CustomerScope = (typeof CUSTOMER_SCOPES)[number];

/** Platform-operator scopes: part of the vocabulary, never held by a customer Credential. */
export const OPERATOR_SCOPES = ['platform.admin', 'platform.operator', 'platform.billing'] as const;

export function isCustomerScope(scope: string): scope is CustomerScope {
  return (CUSTOMER_SCOPES as readonly string[]).includes(scope);
}

export function isOperatorScope(scope: string): boolean {
  return (OPERATOR_SCOPES as readonly string[]).includes(scope);
}

/** The product this gateway serves; Credentials of any other audience get WRONG_AUDIENCE. */
export const CONTENT_FEED_PRODUCT = 'content-feed';
export const DEFAULT_KNOWN_PRODUCTS = ['content-feed', 'seo-suite'];

/** Scopes of a Credential minted by redeeming a connection code (a CMS connector). */
export const CONNECTOR_SCOPES: CustomerScope[] = ['feed.read', 'subscription.manage'];

/** Plan capabilities (design section 5). Account, billing and /me are not plan-gated. */
export const CAPABILITIES = ['feed', 'subscriptions', 'ai_usage', 'ai_images', 'seo_profile'] as const;
export type Capability = (typeof CAPABILITIES)[number];
export const QUOTA_PERIODS = ['hour', 'day', 'month'] as const;
export type QuotaPeriod = (typeof QUOTA_PERIODS)[number];
