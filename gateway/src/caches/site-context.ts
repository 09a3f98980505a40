/**
 * A Site with its Customer and its Plan, as account's ResolveSite answers it: apart from
 * caches/sites.ts so that the shared tier (caches/shared-facts.ts), which the Site directory uses,
 * can name it without importing the directory back.
 */
import type { Customer__Output } from '@cfs/protos/generated/cfs/account/v1/Customer.js';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';

export interface SiteContext {
  site: Site__Output;
  customer: Customer__Output;
  plan: Plan__Output;
}
