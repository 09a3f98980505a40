// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * Changes to an endpoint: each unset field stays as it is.
 */
export interface UpdateEndpointRequest {
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
   * A new URL.
   */
  'url'?: (string);
  /**
   * New event types; `has_events` says whether they are set.
   */
  'events'?: (string)[];
  /**
   * Whether `events` is set.
   */
  'hasEvents'?: (boolean);
  /**
   * A new description.
   */
  'description'?: (string);
  /**
   * Enable (clearing the reason it was disabled) or disable it.
   */
  'enabled'?: (boolean);
  '_url'?: "url";
  '_description'?: "description";
  '_enabled'?: "enabled";
}

/**
 * Changes to an endpoint: each unset field stays as it is.
 */
export interface UpdateEndpointRequest__Output {
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
   * A new URL.
   */
  'url'?: (string);
  /**
   * New event types; `has_events` says whether they are set.
   */
  'events': (string)[];
  /**
   * Whether `events` is set.
   */
  'hasEvents': (boolean);
  /**
   * A new description.
   */
  'description'?: (string);
  /**
   * Enable (clearing the reason it was disabled) or disable it.
   */
  'enabled'?: (boolean);
  '_url'?: "url";
  '_description'?: "description";
  '_enabled'?: "enabled";
}
