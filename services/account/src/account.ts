/**
 * The account domain: Customers, their Sites and the plan of each Site. Every customer-facing
 * read and write is scoped by the Customer id, so another Customer's Site is simply not found.
 */
import { malformed, notFound } from '@cfs/common/errors';
import * as rules from '@cfs/common/rules';
import { newId } from '@cfs/common/ids';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { Customer, PrismaClient, Site } from './generated/prisma/client.ts';
import type { PlanCatalog } from './plans.ts';

export type { Customer, Site };

export interface CustomerInput {
  name: string;
  email: string;
}

export interface SiteInput {
  name: string;
  url: string;
}

/** The rules the gateway applies too (@cfs/common/rules): the CLI and the API accept the same input. */
const checkCustomer = (input: CustomerInput): CustomerInput =>
  rules.parseOrRefuse(rules.customer, { name: input.name, email: input.email }, { where: 'customer' });
/** A Site made by `customer create` may have no address yet (empty url). */
const checkSite = (input: SiteInput): SiteInput => rules.parseOrRefuse(rules.storedSite, { name: input.name, url: input.url.trim() }, { where: 'site' });

export class Account {
  constructor(
    private readonly db: PrismaClient,
    private readonly catalog: PlanCatalog,
    /** Told after a Site (or its Customer) changed, so caches elsewhere drop it. */
    private readonly onSitesChanged: (siteIds: string[]) => Promise<void> = async () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The catalog entry of a plan id (a Site whose plan left the catalog gets no capability). */
  plan(planId: string): { id: string } & PlanCatalog['plans'][string] {
    const plan = this.catalog.plans[planId];
    return plan ? { id: planId, ...plan } : { id: planId, name: planId, capabilities: {} };
  }

  checkPlan(plan: string): string {
    if (!Object.hasOwn(this.catalog.plans, plan)) {
      throw malformed(`unknown plan: ${plan.slice(0, 64)}; known plans: ${Object.keys(this.catalog.plans).join(', ')}`);
    }
    return plan;
  }

  async createCustomer(input: CustomerInput & { plan?: string; site?: Partial<SiteInput> }): Promise<{ customer: Customer; site: Site }> {
    const customer = checkCustomer(input);
    const site = checkSite({ name: input.site?.name || `${customer.name}`, url: input.site?.url ?? '' });
    const planId = this.checkPlan(input.plan || this.catalog.defaultPlan);
    const now = this.now();
    const created = await this.db.customer.create({
      data: {
        id: newId('cus'),
        ...customer,
        createdAt: now,
        updatedAt: now,
        sites: { create: { id: newId('site'), ...site, planId, createdAt: now, updatedAt: now } },
      },
      include: { sites: true },
    });
    const { sites, ...rest } = created;
    // A Site created on a plan with AI generation is planned for at once (media listens: services/media/README.md#planning-generation).
    await this.onSitesChanged([sites[0]!.id]);
    return { customer: rest, site: sites[0]! };
  }

  async getCustomer(customerId: string): Promise<Customer> {
    const customer = await this.db.customer.findUnique({ where: { id: customerId } });
    if (!customer) throw notFound('customer');
    return customer;
  }

  async updateCustomer(customerId: string, input: CustomerInput): Promise<Customer> {
    const data = checkCustomer(input);
    const updated = await commitWithinBudget(
      this.db,
      async (tx) => {
        const [row] = await tx.customer.updateManyAndReturn({ where: { id: customerId }, data: { ...data, updatedAt: this.now() } });
        if (!row) throw notFound('customer');
        return row;
      },
      { beforeCommit: 'account.customer.beforeCommit' },
    );
    const sites = await this.db.site.findMany({ where: { customerId }, select: { id: true } });
    await this.onSitesChanged(sites.map((s) => s.id));
    return updated;
  }

  listSites(customerId: string): Promise<Site[]> {
    return this.db.site.findMany({ where: { customerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  async createSite(customerId: string, input: SiteInput): Promise<Site> {
    const data = checkSite(input);
    await this.getCustomer(customerId);
    const now = this.now();
    const site = await commitWithinBudget(
      this.db,
      (tx) => tx.site.create({ data: { id: newId('site'), customerId, ...data, planId: this.catalog.defaultPlan, createdAt: now, updatedAt: now } }),
      { beforeCommit: 'account.site.beforeCommit' },
    );
    await this.onSitesChanged([site.id]);
    return site;
  }

  async getSite(customerId: string, siteId: string): Promise<Site> {
    const site = await this.db.site.findFirst({ where: { id: siteId, customerId } });
    if (!site) throw notFound('site');
    return site;
  }

  async updateSite(customerId: string, siteId: string, input: SiteInput): Promise<Site> {
    const data = checkSite(input);
    const updated = await commitWithinBudget(
      this.db,
      async (tx) => {
        const [row] = await tx.site.updateManyAndReturn({ where: { id: siteId, customerId }, data: { ...data, updatedAt: this.now() } });
        if (!row) throw notFound('site');
        return row;
      },
      { beforeCommit: 'account.site.beforeCommit' },
    );
    await this.onSitesChanged([siteId]);
    return updated;
  }

  /** Sites on the given plans in id order (the generation planner pages through those with AI generation). */
  sitesOnPlans(planIds: string[], options: { afterSiteId: string; limit: number; siteIds: string[] }): Promise<Site[]> {
    return this.db.site.findMany({
      where: {
        planId: { in: planIds },
        id: { gt: options.afterSiteId },
        ...(options.siteIds.length > 0 ? { id: { gt: options.afterSiteId, in: options.siteIds } } : {}),
      },
      orderBy: { id: 'asc' },
      take: options.limit,
    });
  }

  async resolveSite(siteId: string): Promise<{ site: Site; customer: Customer }> {
    const site = await this.db.site.findUnique({ where: { id: siteId }, include: { customer: true } });
    if (!site) throw notFound('site');
    const { customer, ...rest } = site;
    return { site: rest, customer };
  }

  /**
   * Sets a Site's plan. With `version` (billing's sequence of this Site's plan changes) the change
   * applies only above the last version applied: a call that outlived its sender's deadline and
   * arrives after a newer one is stale and changes nothing. The operator's change has no version.
   */
  async setSitePlan(siteId: string, plan: string, version?: number): Promise<Site> {
    const planId = this.checkPlan(plan);
    const newer = version === undefined ? {} : { OR: [{ planVersion: null }, { planVersion: { lt: version } }] };
    const [updated] = await this.db.site.updateManyAndReturn({
      where: { id: siteId, ...newer },
      data: { planId, updatedAt: this.now(), ...(version === undefined ? {} : { planVersion: version }) },
    });
    if (!updated) {
      const site = await this.db.site.findUnique({ where: { id: siteId } });
      if (!site) throw notFound('site');
      return site;
    }
    await this.onSitesChanged([siteId]);
    return updated;
  }
}
