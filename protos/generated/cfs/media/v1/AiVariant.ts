// Original file: protos/cfs/media/v1/media.proto


/**
 * A text variant of an article written for a Site, and its hero image.
 */
export interface AiVariant {
  /**
   * The article (`art_…`).
   */
  'articleId'?: (string);
  /**
   * The article version it was generated from.
   */
  'articleVersion'?: (string);
  /**
   * The SEO profile version it was written for; empty without a profile.
   */
  'profileVersion'?: (string);
  /**
   * The title written for the Site.
   */
  'title'?: (string);
  /**
   * The summary written for the Site.
   */
  'summary'?: (string);
  /**
   * A search snippet of at most 160 characters.
   */
  'metaDescription'?: (string);
  /**
   * The image's key under /media/generated/; absent when it could not be made.
   */
  'imageKey'?: (string);
  /**
   * When it was generated (RFC 3339 UTC).
   */
  'generatedAt'?: (string);
  '_imageKey'?: "imageKey";
}

/**
 * A text variant of an article written for a Site, and its hero image.
 */
export interface AiVariant__Output {
  /**
   * The article (`art_…`).
   */
  'articleId': (string);
  /**
   * The article version it was generated from.
   */
  'articleVersion': (string);
  /**
   * The SEO profile version it was written for; empty without a profile.
   */
  'profileVersion': (string);
  /**
   * The title written for the Site.
   */
  'title': (string);
  /**
   * The summary written for the Site.
   */
  'summary': (string);
  /**
   * A search snippet of at most 160 characters.
   */
  'metaDescription': (string);
  /**
   * The image's key under /media/generated/; absent when it could not be made.
   */
  'imageKey'?: (string);
  /**
   * When it was generated (RFC 3339 UTC).
   */
  'generatedAt': (string);
  '_imageKey'?: "imageKey";
}
