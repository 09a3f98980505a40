/** The account gRPC servers (customer-facing and admin): protocol mapping only. */
import { generatesAi } from '@cfs/common/entitlements';
import { malformed } from '@cfs/common/errors';
import { GrpcServer, implement, type RpcName } from '@cfs/common/grpc';
import type { CallerPolicy, ServiceCallers } from '@cfs/common/service-auth';
import type { Logger } from '@cfs/common/logger';
import { prismaReadiness } from '@cfs/common/service';
import { loadProtos } from '@cfs/protos';
import type { AccountAdminServiceHandlers } from '@cfs/protos/generated/cfs/account/v1/AccountAdminService.js';
import type { AccountServiceHandlers } from '@cfs/protos/generated/cfs/account/v1/AccountService.js';
import type { Customer as CustomerMessage } from '@cfs/protos/generated/cfs/account/v1/Customer.js';
import type { Plan as PlanMessage } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import type { Site as SiteMessage } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import type { Account, Customer, Site } from './account.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import type { PlanCatalog } from './plans.ts';

export function toCustomerMessage(c: Customer): CustomerMessage {
  return { id: c.id, name: c.name, email: c.email, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

export function toSiteMessage(s: Site): SiteMessage {
  return {
    id: s.id,
    customerId: s.customerId,
    name: s.name,
    url: s.url,
    plan: s.planId,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function toPlanMessage(plan: ReturnType<Account['plan']>): PlanMessage {
  return {
    id: plan.id,
    name: plan.name,
    capabilities: Object.entries(plan.capabilities).map(([capability, c]) => ({
      capability,
      period: c.period,
      ...(c.quota === null ? {} : { quota: c.quota }),
    })),
    ...(plan.aiBudget ? { aiBudget: plan.aiBudget.units, aiBudgetPeriod: plan.aiBudget.period } : { aiBudgetPeriod: 'month' }),
    ...(plan.stripePriceId ? { stripePriceId: plan.stripePriceId } : {}),
  };
}

/** Who may call each RPC (service-auth.ts): the gateway and the dashboard the customer-facing ones, operators and billing the plan changes. */
export const ACCOUNT_CALLERS: CallerPolicy<RpcName<AccountServiceHandlers>> = {
  GetCustomer: ['gateway', 'dashboard', 'admin'],
  UpdateCustomer: ['gateway', 'dashboard'],
  ListSites: ['gateway', 'dashboard'],
  CreateSite: ['gateway', 'dashboard'],
  GetSite: ['gateway', 'dashboard'],
  UpdateSite: ['gateway', 'dashboard'],
  ResolveSite: ['gateway', 'admin'],
};
export const ACCOUNT_ADMIN_CALLERS: CallerPolicy<RpcName<AccountAdminServiceHandlers>> = {
  CreateCustomer: ['admin'],
  SetSitePlan: ['billing', 'admin'],
  GetPlanCatalog: ['billing', 'admin', 'dashboard'],
  ListAiSites: ['media'],
};

const MAX_AI_SITES = 1000;

export function createAccountServer(deps: {
  prisma: PrismaClient;
  account: Account;
  catalog: PlanCatalog;
  logger: Logger;
  callers: ServiceCallers;
}): GrpcServer {
  const { account } = deps;
  const { cfs } = loadProtos();
  const customerFacing = implement<AccountServiceHandlers>(deps.logger, {
    GetCustomer: async (req) => ({ customer: toCustomerMessage(await account.getCustomer(req.customerId)) }),
    UpdateCustomer: async (req) => ({
      customer: toCustomerMessage(await account.updateCustomer(req.customerId, { name: req.name, email: req.email })),
    }),
    ListSites: async (req) => ({ sites: (await account.listSites(req.customerId)).map(toSiteMessage) }),
    CreateSite: async (req) => ({ site: toSiteMessage(await account.createSite(req.customerId, { name: req.name, url: req.url })) }),
    GetSite: async (req) => {
      const site = await account.getSite(req.customerId, req.siteId);
      return { site: toSiteMessage(site), plan: toPlanMessage(account.plan(site.planId)) };
    },
    UpdateSite: async (req) => ({
      site: toSiteMessage(await account.updateSite(req.customerId, req.siteId, { name: req.name, url: req.url })),
    }),
    ResolveSite: async (req) => {
      const { site, customer } = await account.resolveSite(req.siteId);
      return { site: toSiteMessage(site), customer: toCustomerMessage(customer), plan: toPlanMessage(account.plan(site.planId)) };
    },
  });
  // The plans with AI generation: the catalog does not change while the service runs.
  const aiPlans = new Map(
    Object.keys(deps.catalog.plans)
      .map((id) => [id, toPlanMessage(account.plan(id))] as const)
      .filter(([, plan]) => generatesAi(plan)),
  );
  const aiPlanIds = [...aiPlans.keys()];
  const admin = implement<AccountAdminServiceHandlers>(deps.logger, {
    CreateCustomer: async (req) => {
      const { customer, site } = await account.createCustomer({
        name: req.name,
        email: req.email,
        plan: req.plan,
        site: { name: req.siteName, url: req.siteUrl },
      });
      return { customer: toCustomerMessage(customer), site: toSiteMessage(site) };
    },
    SetSitePlan: async (req) => ({ site: toSiteMessage(await account.setSitePlan(req.siteId, req.plan, req.planVersion ?? undefined)) }),
    GetPlanCatalog: async () => ({
      defaultPlan: deps.catalog.defaultPlan,
      plans: Object.keys(deps.catalog.plans).map((id) => toPlanMessage(account.plan(id))),
    }),
    ListAiSites: async (req) => {
      if (!Number.isInteger(req.limit) || req.limit < 1 || req.limit > MAX_AI_SITES) throw malformed(`limit must be 1 to ${MAX_AI_SITES}`);
      if (req.siteIds.length > MAX_AI_SITES) throw malformed(`at most ${MAX_AI_SITES} site ids`);
      const sites = await account.sitesOnPlans(aiPlanIds, { afterSiteId: req.afterSiteId, limit: req.limit, siteIds: req.siteIds });
      return {
        sites: sites.map((s) => {
          const { aiBudget, aiBudgetPeriod } = aiPlans.get(s.planId)!;
          return { siteId: s.id, ...(aiBudget === undefined ? {} : { aiBudget }), aiBudgetPeriod };
        }),
      };
    },
  });
  return new GrpcServer({
    logger: deps.logger,
    callers: deps.callers,
    readiness: prismaReadiness(deps.prisma),
    services: [
      { name: 'cfs.account.v1.AccountService', definition: cfs.account.v1.AccountService.service, implementation: customerFacing, allow: ACCOUNT_CALLERS },
      {
        name: 'cfs.account.v1.AccountAdminService',
        definition: cfs.account.v1.AccountAdminService.service,
        implementation: admin,
        allow: ACCOUNT_ADMIN_CALLERS,
      },
    ],
  });
}
