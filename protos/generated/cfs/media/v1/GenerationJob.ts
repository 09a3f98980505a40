// Original file: protos/cfs/media/v1/media.proto

import type { GenerationArticle as _cfs_media_v1_GenerationArticle, GenerationArticle__Output as _cfs_media_v1_GenerationArticle__Output } from '../../../cfs/media/v1/GenerationArticle.js';
import type { GenerationProfile as _cfs_media_v1_GenerationProfile, GenerationProfile__Output as _cfs_media_v1_GenerationProfile__Output } from '../../../cfs/media/v1/GenerationProfile.js';
import type { Long } from '@grpc/proto-loader';

/**
 * One generation to queue.
 */
export interface GenerationJob {
  /**
   * The Site (`site_…`) the generation is made for and paid by.
   */
  'siteId'?: (string);
  /**
   * The Site's AI budget (units per period) from its plan when queued; absent: not known. Informative:
   * the job reserves against the budget the Site's plan has when it runs (0 or none: no generation).
   */
  'budget'?: (number | string | Long);
  /**
   * hour, day or month; anything else counts as month.
   */
  'period'?: (string);
  /**
   * The article to generate for; required.
   */
  'article'?: (_cfs_media_v1_GenerationArticle | null);
  /**
   * The Site's SEO profile; absent writes in the article's own voice.
   */
  'profile'?: (_cfs_media_v1_GenerationProfile | null);
  '_budget'?: "budget";
  '_profile'?: "profile";
}

/**
 * One generation to queue.
 */
export interface GenerationJob__Output {
  /**
   * The Site (`site_…`) the generation is made for and paid by.
   */
  'siteId': (string);
  /**
   * The Site's AI budget (units per period) from its plan when queued; absent: not known. Informative:
   * the job reserves against the budget the Site's plan has when it runs (0 or none: no generation).
   */
  'budget'?: (string);
  /**
   * hour, day or month; anything else counts as month.
   */
  'period': (string);
  /**
   * The article to generate for; required.
   */
  'article': (_cfs_media_v1_GenerationArticle__Output | null);
  /**
   * The Site's SEO profile; absent writes in the article's own voice.
   */
  'profile'?: (_cfs_media_v1_GenerationProfile__Output | null);
  '_budget'?: "budget";
  '_profile'?: "profile";
}
