/**
 * Steps 6 and 7, on plan-gated routes: the capability is in the Site's Plan (403
 * CAPABILITY_NOT_ENTITLED), and one unit of the period's quota is taken (403 QUOTA_EXHAUSTED, which
 * takes nothing). handle() gives the unit back if the request then fails.
 */
import type { Capability } from '@cfs/common/capabilities';
import type { PlanEntitlements } from '@cfs/common/entitlements';
import type { Rpc } from '../rpc.ts';
import type { SiteDirectory } from '../sites.ts';
import type { QuotaCounter } from '../stores/index.ts';

export interface EntitleDeps {
  sites: SiteDirectory;
  entitlements: PlanEntitlements;
}

/** The quota unit taken (its counter), for handle() to give back if the request fails. */
export async function entitle(siteId: string, capability: Capability, rpc: Rpc, deps: EntitleDeps): Promise<QuotaCounter> {
  const { plan } = await deps.sites.get(siteId, rpc);
  const entry = deps.entitlements.requireIncluded(plan, capability);
  return deps.entitlements.consume(siteId, capability, entry);
}
