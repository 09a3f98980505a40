// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

/**
 * A Site's AI usage in the current period.
 */
export interface GetAiUsageResponse {
  /**
   * The period counted: hour, day or month.
   */
  'period'?: (string);
  /**
   * Units used in the current period.
   */
  'used'?: (number | string | Long);
  /**
   * The budget asked about (units per period); absent means unlimited.
   */
  'budget'?: (number | string | Long);
  /**
   * Units left this period (budget - used - reserved, never below 0); absent when the budget is
   * unlimited.
   */
  'remaining'?: (number | string | Long);
  /**
   * ok, warning (80 % of the budget used) or exhausted (what is left cannot pay for one more
   * article: AI_UNITS_TEXT + AI_UNITS_IMAGE). Always ok without a budget.
   */
  'status'?: (string);
  /**
   * When the current period began (RFC 3339 UTC).
   */
  'periodStart'?: (string);
  /**
   * When the current period ends and the count starts again from 0 (RFC 3339 UTC).
   */
  'resetsAt'?: (string);
  /**
   * Units held by open reservations of generations under way this period (0 when idle); they become
   * used when their calls succeed and are given back when they fail.
   */
  'reserved'?: (number | string | Long);
  '_budget'?: "budget";
  '_remaining'?: "remaining";
}

/**
 * A Site's AI usage in the current period.
 */
export interface GetAiUsageResponse__Output {
  /**
   * The period counted: hour, day or month.
   */
  'period': (string);
  /**
   * Units used in the current period.
   */
  'used': (string);
  /**
   * The budget asked about (units per period); absent means unlimited.
   */
  'budget'?: (string);
  /**
   * Units left this period (budget - used - reserved, never below 0); absent when the budget is
   * unlimited.
   */
  'remaining'?: (string);
  /**
   * ok, warning (80 % of the budget used) or exhausted (what is left cannot pay for one more
   * article: AI_UNITS_TEXT + AI_UNITS_IMAGE). Always ok without a budget.
   */
  'status': (string);
  /**
   * When the current period began (RFC 3339 UTC).
   */
  'periodStart': (string);
  /**
   * When the current period ends and the count starts again from 0 (RFC 3339 UTC).
   */
  'resetsAt': (string);
  /**
   * Units held by open reservations of generations under way this period (0 when idle); they become
   * used when their calls succeed and are given back when they fail.
   */
  'reserved': (string);
  '_budget'?: "budget";
  '_remaining'?: "remaining";
}
