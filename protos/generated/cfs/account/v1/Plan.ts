// Original file: protos/cfs/account/v1/account.proto

import type { PlanCapability as _cfs_account_v1_PlanCapability, PlanCapability__Output as _cfs_account_v1_PlanCapability__Output } from '../../../cfs/account/v1/PlanCapability.js';
import type { Long } from '@grpc/proto-loader';

/**
 * A plan of the catalog. A capability that is not listed is not included.
 */
export interface Plan {
  /**
   * The plan id: lower-case letters, digits, - and _, at most 63 characters (e.g. `free`).
   */
  'id'?: (string);
  /**
   * Display name (e.g. `Free`); the id itself for a plan id that is not in the catalog.
   */
  'name'?: (string);
  /**
   * The capabilities the plan includes, each with its quota; empty for a plan id that is not in
   * the catalog.
   */
  'capabilities'?: (_cfs_account_v1_PlanCapability)[];
  /**
   * AI generation units per period; absent means none (no AI generation, budget 0).
   */
  'aiBudget'?: (number | string | Long);
  /**
   * hour, day or month (of ai_budget); month when ai_budget is absent.
   */
  'aiBudgetPeriod'?: (string);
  /**
   * The Stripe price a subscription to this plan is billed with (price_…); absent: not for sale through Stripe.
   */
  'stripePriceId'?: (string);
  '_aiBudget'?: "aiBudget";
  '_stripePriceId'?: "stripePriceId";
}

/**
 * A plan of the catalog. A capability that is not listed is not included.
 */
export interface Plan__Output {
  /**
   * The plan id: lower-case letters, digits, - and _, at most 63 characters (e.g. `free`).
   */
  'id': (string);
  /**
   * Display name (e.g. `Free`); the id itself for a plan id that is not in the catalog.
   */
  'name': (string);
  /**
   * The capabilities the plan includes, each with its quota; empty for a plan id that is not in
   * the catalog.
   */
  'capabilities': (_cfs_account_v1_PlanCapability__Output)[];
  /**
   * AI generation units per period; absent means none (no AI generation, budget 0).
   */
  'aiBudget'?: (string);
  /**
   * hour, day or month (of ai_budget); month when ai_budget is absent.
   */
  'aiBudgetPeriod': (string);
  /**
   * The Stripe price a subscription to this plan is billed with (price_…); absent: not for sale through Stripe.
   */
  'stripePriceId'?: (string);
  '_aiBudget'?: "aiBudget";
  '_stripePriceId'?: "stripePriceId";
}
