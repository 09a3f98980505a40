// Original file: protos/cfs/media/v1/media.proto


/**
 * One attempt of a generation job for a Site and an article.
 */
export interface GenerationAttempt {
  /**
   * The attempt's id (`aig_…`).
   */
  'id'?: (string);
  /**
   * The article (`art_…`).
   */
  'articleId'?: (string);
  /**
   * The article version it was for.
   */
  'articleVersion'?: (string);
  /**
   * The title of the Site's current variant of the article; absent while it has none.
   */
  'variantTitle'?: (string);
  /**
   * The job's attempt number, from 1.
   */
  'attempt'?: (number);
  /**
   * generated (text and image), partial (text only: the image was refused), refused (the text was
   * refused), no_budget (not generated: the budget left could not pay for it), retry (failed, tried
   * again later) or failed (failed on the last attempt).
   */
  'outcome'?: (string);
  /**
   * Why it failed or was partial: a fixed message safe to show (never the provider's own text);
   * absent otherwise.
   */
  'reason'?: (string);
  /**
   * Units it cost (0 unless it made something).
   */
  'units'?: (number);
  /**
   * When it ended (RFC 3339 UTC).
   */
  'createdAt'?: (string);
  '_variantTitle'?: "variantTitle";
  '_reason'?: "reason";
}

/**
 * One attempt of a generation job for a Site and an article.
 */
export interface GenerationAttempt__Output {
  /**
   * The attempt's id (`aig_…`).
   */
  'id': (string);
  /**
   * The article (`art_…`).
   */
  'articleId': (string);
  /**
   * The article version it was for.
   */
  'articleVersion': (string);
  /**
   * The title of the Site's current variant of the article; absent while it has none.
   */
  'variantTitle'?: (string);
  /**
   * The job's attempt number, from 1.
   */
  'attempt': (number);
  /**
   * generated (text and image), partial (text only: the image was refused), refused (the text was
   * refused), no_budget (not generated: the budget left could not pay for it), retry (failed, tried
   * again later) or failed (failed on the last attempt).
   */
  'outcome': (string);
  /**
   * Why it failed or was partial: a fixed message safe to show (never the provider's own text);
   * absent otherwise.
   */
  'reason'?: (string);
  /**
   * Units it cost (0 unless it made something).
   */
  'units': (number);
  /**
   * When it ended (RFC 3339 UTC).
   */
  'createdAt': (string);
  '_variantTitle'?: "variantTitle";
  '_reason'?: "reason";
}
