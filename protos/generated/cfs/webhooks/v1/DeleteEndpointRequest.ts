// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * Deletes an endpoint.
 */
export interface DeleteEndpointRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * Its Customer (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * The endpoint (`whep_…`).
   */
  'endpointId'?: (string);
}

/**
 * Deletes an endpoint.
 */
export interface DeleteEndpointRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * Its Customer (`cus_…`).
   */
  'customerId': (string);
  /**
   * The endpoint (`whep_…`).
   */
  'endpointId': (string);
}
