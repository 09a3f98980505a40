// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * Names one endpoint.
 */
export interface GetEndpointRequest {
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
 * Names one endpoint.
 */
export interface GetEndpointRequest__Output {
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
