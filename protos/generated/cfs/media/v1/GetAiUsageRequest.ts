// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

/**
 * Asks for a Site's AI usage.
 */
export interface GetAiUsageRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The Site's AI budget (units per period) from its plan; absent means unlimited.
   */
  'budget'?: (number | string | Long);
  /**
   * hour, day or month; empty means month.
   * Any other value is treated as month too.
   */
  'period'?: (string);
  '_budget'?: "budget";
}

/**
 * Asks for a Site's AI usage.
 */
export interface GetAiUsageRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * The Site's AI budget (units per period) from its plan; absent means unlimited.
   */
  'budget'?: (string);
  /**
   * hour, day or month; empty means month.
   * Any other value is treated as month too.
   */
  'period': (string);
  '_budget'?: "budget";
}
