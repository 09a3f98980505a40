// Original file: protos/cfs/media/v1/media.proto

import type { AiVariant as _cfs_media_v1_AiVariant, AiVariant__Output as _cfs_media_v1_AiVariant__Output } from '../../../cfs/media/v1/AiVariant.js';

/**
 * The variants found (articles without one are left out).
 */
export interface GetVariantsResponse {
  /**
   * One a Site and article, by article id.
   */
  'variants'?: (_cfs_media_v1_AiVariant)[];
}

/**
 * The variants found (articles without one are left out).
 */
export interface GetVariantsResponse__Output {
  /**
   * One a Site and article, by article id.
   */
  'variants': (_cfs_media_v1_AiVariant__Output)[];
}
