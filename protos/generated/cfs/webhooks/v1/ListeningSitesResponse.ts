// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * The Sites, of those asked, with an enabled endpoint that lists the type.
 */
export interface ListeningSitesResponse {
  /**
   * In no particular order.
   */
  'siteIds'?: (string)[];
}

/**
 * The Sites, of those asked, with an enabled endpoint that lists the type.
 */
export interface ListeningSitesResponse__Output {
  /**
   * In no particular order.
   */
  'siteIds': (string)[];
}
