// Original file: protos/cfs/account/v1/account.proto

import type { Plan as _cfs_account_v1_Plan, Plan__Output as _cfs_account_v1_Plan__Output } from '../../../cfs/account/v1/Plan.js';

/**
 * The plan catalog (plans.json shipped with the account service, or PLANS_FILE).
 */
export interface GetPlanCatalogResponse {
  /**
   * The id of the plan new Sites get and canceled subscriptions return to (e.g. `free`).
   */
  'defaultPlan'?: (string);
  /**
   * Every plan of the catalog, in the catalog's order.
   */
  'plans'?: (_cfs_account_v1_Plan)[];
}

/**
 * The plan catalog (plans.json shipped with the account service, or PLANS_FILE).
 */
export interface GetPlanCatalogResponse__Output {
  /**
   * The id of the plan new Sites get and canceled subscriptions return to (e.g. `free`).
   */
  'defaultPlan': (string);
  /**
   * Every plan of the catalog, in the catalog's order.
   */
  'plans': (_cfs_account_v1_Plan__Output)[];
}
