// Original file: protos/cfs/account/v1/account.proto


/**
 * Asks for a Site by its id alone, whoever owns it.
 */
export interface ResolveSiteRequest {
  /**
   * The Site (`site_…`), e.g. of an authenticated Credential.
   */
  'siteId'?: (string);
}

/**
 * Asks for a Site by its id alone, whoever owns it.
 */
export interface ResolveSiteRequest__Output {
  /**
   * The Site (`site_…`), e.g. of an authenticated Credential.
   */
  'siteId': (string);
}
