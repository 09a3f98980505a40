/** The account service as billing needs it (plan catalog, a Site's plan), over gRPC. */
import { callUnary } from '@cfs/common/grpc';
import type { AccountAdminServiceClient } from '@cfs/protos/generated/cfs/account/v1/AccountAdminService.js';
import type { AccountPort } from './plan-outbox.ts';

export function accountPort(client: AccountAdminServiceClient, deadlineMs: number): AccountPort {
  return {
    catalog: async () => {
      const { defaultPlan, plans } = await callUnary(client, 'GetPlanCatalog', {}, { deadlineMs });
      return { defaultPlan, plans: plans.map((p) => ({ id: p.id, ...(p.stripePriceId ? { stripePriceId: p.stripePriceId } : {}) })) };
    },
    setPlan: async (siteId, plan, version) => {
      await callUnary(client, 'SetSitePlan', { siteId, plan, planVersion: version }, { deadlineMs });
    },
  };
}
