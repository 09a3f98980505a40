// Original file: protos/cfs/media/v1/media.proto


/**
 * Asks for a Site's variants.
 */
export interface GetVariantsRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The articles asked about: at most 500.
   */
  'articleIds'?: (string)[];
}

/**
 * Asks for a Site's variants.
 */
export interface GetVariantsRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * The articles asked about: at most 500.
   */
  'articleIds': (string)[];
}
