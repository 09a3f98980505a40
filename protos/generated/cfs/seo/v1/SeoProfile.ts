// Original file: protos/cfs/seo/v1/seo.proto


/**
 * The SEO personalization profile of a Site, replaced as a whole.
 */
export interface SeoProfile {
  /**
   * The Site's name as search engines should see it: 1 to 200 characters, trimmed.
   */
  'siteName'?: (string);
  /**
   * A BCP 47 language tag such as en or pt-BR.
   */
  'locale'?: (string);
  /**
   * Keywords, at most 50, each 1 to 100 characters.
   */
  'keywords'?: (string)[];
  /**
   * The tone of voice (e.g. `friendly`): 1 to 50 characters.
   */
  'tone'?: (string);
  /**
   * Topics, at most 50, each 1 to 100 characters.
   */
  'topics'?: (string)[];
  /**
   * When the profile was last replaced (RFC 3339 UTC); always set in answers, ignored in requests.
   */
  'updatedAt'?: (string);
  '_updatedAt'?: "updatedAt";
}

/**
 * The SEO personalization profile of a Site, replaced as a whole.
 */
export interface SeoProfile__Output {
  /**
   * The Site's name as search engines should see it: 1 to 200 characters, trimmed.
   */
  'siteName': (string);
  /**
   * A BCP 47 language tag such as en or pt-BR.
   */
  'locale': (string);
  /**
   * Keywords, at most 50, each 1 to 100 characters.
   */
  'keywords': (string)[];
  /**
   * The tone of voice (e.g. `friendly`): 1 to 50 characters.
   */
  'tone': (string);
  /**
   * Topics, at most 50, each 1 to 100 characters.
   */
  'topics': (string)[];
  /**
   * When the profile was last replaced (RFC 3339 UTC); always set in answers, ignored in requests.
   */
  'updatedAt'?: (string);
  '_updatedAt'?: "updatedAt";
}
