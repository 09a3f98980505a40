// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * Retries a delivery.
 */
export interface RetryDeliveryRequest {
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
  /**
   * The delivery (`whmsg_…`).
   */
  'deliveryId'?: (string);
}

/**
 * Retries a delivery.
 */
export interface RetryDeliveryRequest__Output {
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
  /**
   * The delivery (`whmsg_…`).
   */
  'deliveryId': (string);
}
