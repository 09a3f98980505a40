// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

/**
 * AI usage to record for a Site.
 */
export interface RecordAiUsageRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * Generation units used: 1 to 1000000.
   */
  'units'?: (number | string | Long);
  /**
   * What the units were used for, at most 64 characters; empty means `generation`.
   */
  'kind'?: (string);
}

/**
 * AI usage to record for a Site.
 */
export interface RecordAiUsageRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * Generation units used: 1 to 1000000.
   */
  'units': (string);
  /**
   * What the units were used for, at most 64 characters; empty means `generation`.
   */
  'kind': (string);
}
