// Original file: protos/cfs/account/v1/account.proto

import type { Long } from '@grpc/proto-loader';

/**
 * A Site that gets AI generation and its budget.
 */
export interface AiSite {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * AI generation units per period of its plan (listed Sites have a budget above 0).
   */
  'aiBudget'?: (number | string | Long);
  /**
   * hour, day or month (of ai_budget).
   */
  'aiBudgetPeriod'?: (string);
  '_aiBudget'?: "aiBudget";
}

/**
 * A Site that gets AI generation and its budget.
 */
export interface AiSite__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * AI generation units per period of its plan (listed Sites have a budget above 0).
   */
  'aiBudget'?: (string);
  /**
   * hour, day or month (of ai_budget).
   */
  'aiBudgetPeriod': (string);
  '_aiBudget'?: "aiBudget";
}
