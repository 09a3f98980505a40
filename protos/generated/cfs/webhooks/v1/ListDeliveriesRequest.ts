// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * A page of an endpoint's deliveries.
 */
export interface ListDeliveriesRequest {
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
   * 1 to 100.
   */
  'limit'?: (number);
  /**
   * The `next_cursor` of the previous page; empty for the newest.
   */
  'cursor'?: (string);
}

/**
 * A page of an endpoint's deliveries.
 */
export interface ListDeliveriesRequest__Output {
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
   * 1 to 100.
   */
  'limit': (number);
  /**
   * The `next_cursor` of the previous page; empty for the newest.
   */
  'cursor': (string);
}
