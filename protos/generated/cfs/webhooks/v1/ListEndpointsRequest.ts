// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * Asks for a Site's endpoints.
 */
export interface ListEndpointsRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * Its Customer (`cus_…`).
   */
  'customerId'?: (string);
}

/**
 * Asks for a Site's endpoints.
 */
export interface ListEndpointsRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * Its Customer (`cus_…`).
   */
  'customerId': (string);
}
