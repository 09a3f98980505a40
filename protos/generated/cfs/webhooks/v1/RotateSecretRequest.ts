// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * Rotates an endpoint's secret.
 */
export interface RotateSecretRequest {
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
 * Rotates an endpoint's secret.
 */
export interface RotateSecretRequest__Output {
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
