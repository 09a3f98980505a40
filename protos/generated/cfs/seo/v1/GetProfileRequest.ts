// Original file: protos/cfs/seo/v1/seo.proto


/**
 * Asks for a Site's profile.
 */
export interface GetProfileRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
}

/**
 * Asks for a Site's profile.
 */
export interface GetProfileRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
}
