// Original file: protos/cfs/media/v1/media.proto


/**
 * A Site's SEO profile as a generation uses it.
 */
export interface GenerationProfile {
  /**
   * Its version (e.g. its updatedAt): a new version is generated again.
   */
  'version'?: (string);
  /**
   * The Site's name.
   */
  'siteName'?: (string);
  /**
   * The locale the text is written in (BCP 47, e.g. en-GB).
   */
  'locale'?: (string);
  /**
   * Keywords the text uses.
   */
  'keywords'?: (string)[];
  /**
   * The tone of the text and the image.
   */
  'tone'?: (string);
  /**
   * Topics of the text and the image.
   */
  'topics'?: (string)[];
}

/**
 * A Site's SEO profile as a generation uses it.
 */
export interface GenerationProfile__Output {
  /**
   * Its version (e.g. its updatedAt): a new version is generated again.
   */
  'version': (string);
  /**
   * The Site's name.
   */
  'siteName': (string);
  /**
   * The locale the text is written in (BCP 47, e.g. en-GB).
   */
  'locale': (string);
  /**
   * Keywords the text uses.
   */
  'keywords': (string)[];
  /**
   * The tone of the text and the image.
   */
  'tone': (string);
  /**
   * Topics of the text and the image.
   */
  'topics': (string)[];
}
