// Original file: protos/cfs/account/v1/account.proto

import type { Long } from '@grpc/proto-loader';

/**
 * One capability of a plan: `feed`, `subscriptions`, `ai_usage`, `ai_images` or `seo_profile`.
 */
export interface PlanCapability {
  /**
   * The capability's name: `feed`, `subscriptions`, `ai_usage`, `ai_images` or `seo_profile`.
   */
  'capability'?: (string);
  /**
   * Units per period; absent means unlimited.
   */
  'quota'?: (number | string | Long);
  /**
   * hour, day or month (calendar periods in UTC).
   */
  'period'?: (string);
  '_quota'?: "quota";
}

/**
 * One capability of a plan: `feed`, `subscriptions`, `ai_usage`, `ai_images` or `seo_profile`.
 */
export interface PlanCapability__Output {
  /**
   * The capability's name: `feed`, `subscriptions`, `ai_usage`, `ai_images` or `seo_profile`.
   */
  'capability': (string);
  /**
   * Units per period; absent means unlimited.
   */
  'quota'?: (string);
  /**
   * hour, day or month (calendar periods in UTC).
   */
  'period': (string);
  '_quota'?: "quota";
}
