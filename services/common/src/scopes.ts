/** The scope vocabulary of the API v1 reference. */
export const CUSTOMER_SCOPES = [
  'account.read',
  'feed.read',
  'subscription.manage',
  'ai.usage.read',
  'ai.images.read',
  'account.manage',
  'billing.manage',
  'seo.profile.manage',
  'webhooks.manage',
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

/** Scopes of a Credential minted by redeeming a connection code (a CMS connector): its issuer must hold them all. */
export const CONNECTOR_SCOPES: CustomerScope[] = ['feed.read', 'subscription.manage'];

/**
 * Scopes a connection code grants besides CONNECTOR_SCOPES when its issuer holds them (a code
 * minted by a dashboard user or the operator CLI grants them all); an issuer without one mints
 * codes without it instead of being refused, so older Credentials still connect CMSs.
 */
export const OPTIONAL_CONNECTOR_SCOPES: CustomerScope[] = ['webhooks.manage'];
