// Original file: protos/cfs/billing/v1/billing.proto


/**
 * Starts a checkout of a paid plan for a Site.
 */
export interface StartCheckoutRequest {
  /**
   * The Site that subscribes (`site_…`); the caller resolved it from the Credential.
   */
  'siteId'?: (string);
  /**
   * The Site's Customer (`cus_…`): the provider's customer is made once per Customer.
   */
  'customerId'?: (string);
  /**
   * A plan id of the catalog other than the default plan.
   */
  'plan'?: (string);
}

/**
 * Starts a checkout of a paid plan for a Site.
 */
export interface StartCheckoutRequest__Output {
  /**
   * The Site that subscribes (`site_…`); the caller resolved it from the Credential.
   */
  'siteId': (string);
  /**
   * The Site's Customer (`cus_…`): the provider's customer is made once per Customer.
   */
  'customerId': (string);
  /**
   * A plan id of the catalog other than the default plan.
   */
  'plan': (string);
}
