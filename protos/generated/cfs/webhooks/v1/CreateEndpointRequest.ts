// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * A new endpoint.
 */
export interface CreateEndpointRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * Its Customer (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * Where to POST events.
   */
  'url'?: (string);
  /**
   * Event types, at least one, each a known type.
   */
  'events'?: (string)[];
  /**
   * Free text, empty for none.
   */
  'description'?: (string);
  /**
   * The most endpoints the Site's plan lets it hold at once; unset means no limit.
   */
  'maxEndpoints'?: (number);
  '_maxEndpoints'?: "maxEndpoints";
}

/**
 * A new endpoint.
 */
export interface CreateEndpointRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * Its Customer (`cus_…`).
   */
  'customerId': (string);
  /**
   * Where to POST events.
   */
  'url': (string);
  /**
   * Event types, at least one, each a known type.
   */
  'events': (string)[];
  /**
   * Free text, empty for none.
   */
  'description': (string);
  /**
   * The most endpoints the Site's plan lets it hold at once; unset means no limit.
   */
  'maxEndpoints'?: (number);
  '_maxEndpoints'?: "maxEndpoints";
}
