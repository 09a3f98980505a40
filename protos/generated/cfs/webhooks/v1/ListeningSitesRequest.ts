// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * Which Sites listen to a type.
 */
export interface ListeningSitesRequest {
  /**
   * The event type.
   */
  'type'?: (string);
  /**
   * Up to 1 000 Sites.
   */
  'siteIds'?: (string)[];
}

/**
 * Which Sites listen to a type.
 */
export interface ListeningSitesRequest__Output {
  /**
   * The event type.
   */
  'type': (string);
  /**
   * Up to 1 000 Sites.
   */
  'siteIds': (string)[];
}
