/**
 * What a Site's Plan allows (the gateway's pipeline steps 6 and 7, and the entitlements view that
 * both the gateway and the dashboard show): whether it includes a capability, and the quota of the
 * current period, counted in the quota store so that every replica draws from one counter. Periods
 * are calendar periods in UTC. The gateway counts; the dashboard only reads the same counters.
 * This module is the one place that knows a plan's capabilities, the counters' keys and how they
 * are read: the gateway and the dashboard both go through it. Unit-tested in
 * test/entitlements.test.ts.
 */
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import { CAPABILITIES, HELD_CAPABILITIES, type Capability } from './capabilities.ts';
import { DomainError, unavailable } from './errors.ts';
import { quotaRefusals } from './metrics.ts';
import { periodWindow, type QuotaPeriod } from './periods.ts';

/** One quota counter: a Site's use of a capability in one calendar period. */
export interface QuotaCounter {
  key: string;
  /** Units per period; null means unlimited (usage is still counted). */
  limit: number | null;
  /** When the period ends (epoch ms); the counter expires after it. */
  resetsAt: number;
}

/** What the entitlements view needs of the counters: units used of each. */
export interface QuotaUsage {
  usage(keys: string[]): Promise<number[]>;
}

/** Plan quotas, consumed atomically across replicas (the gateway's stores implement it). */
export interface QuotaStore extends QuotaUsage {
  /** Takes one unit if the quota allows it; a refusal takes nothing. */
  consume(counter: QuotaCounter): Promise<{ allowed: boolean; used: number }>;
  /** Gives back a unit taken for a request that then failed. */
  refund(counter: QuotaCounter): Promise<void>;
}

/** Where a counter lives in Redis: `<prefix>quota:<counter key>` (the gateway's key prefix). */
export const quotaRedisKey = (prefix: string, key: string) => `${prefix}quota:${key}`;

/** What reading the counters needs of a Redis client (ioredis's Redis has it). */
export interface CounterReads {
  mget(keys: string[]): Promise<Array<string | null>>;
}

/** Units used of each counter kept in Redis under `prefix` (a missing counter is 0): the gateway's store and the dashboard read them so. */
export async function readQuotaUsage(redis: CounterReads, prefix: string, keys: string[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const values = await redis.mget(keys.map((k) => quotaRedisKey(prefix, k)));
  return values.map((v) => Number(v ?? 0));
}

/** Reads the counters the gateway keeps in Redis (the dashboard's view of them). */
export class RedisQuotaUsage implements QuotaUsage {
  constructor(
    private readonly redis: CounterReads,
    private readonly prefix: string,
  ) {}

  usage(keys: string[]): Promise<number[]> {
    return readQuotaUsage(this.redis, this.prefix, keys);
  }
}

export interface PlanCapability {
  quota: number | null;
  period: QuotaPeriod;
}

/** The plan's terms for a capability (quota and period), or undefined when the plan does not include it. */
export function planCapability(plan: Plan__Output, capability: Capability): PlanCapability | undefined {
  const found = plan.capabilities.find((c) => c.capability === capability);
  if (!found) return undefined;
  return { quota: found.quota === undefined ? null : Number(found.quota), period: found.period as QuotaPeriod };
}

/** Whether the plan includes a capability. */
export function planIncludes(plan: Plan__Output, capability: Capability): boolean {
  return planCapability(plan, capability) !== undefined;
}

/** Step 6: the capability must be in the Plan (CAPABILITY_NOT_ENTITLED otherwise); its terms. */
export function requireIncluded(plan: Plan__Output, capability: Capability): PlanCapability {
  const entry = planCapability(plan, capability);
  if (!entry) throw new DomainError('CAPABILITY_NOT_ENTITLED', `The site's plan does not include ${capability}.`);
  return entry;
}

/**
 * The plan's AI budget as the media service is asked about it: units per period, month unless the
 * plan says. A plan without an `aiBudget` has 0 units: it fails closed (nothing generated, budget 0
 * shown), as generatesAi does.
 */
export function aiBudgetOf(plan: Plan__Output): { budget: string; period: string } {
  return { budget: plan.aiBudget ?? '0', period: plan.aiBudgetPeriod || 'month' };
}

/**
 * A Site gets AI generation (services/media/README.md#planning-generation) only when its plan includes
 * ai_usage and has an `aiBudget` above 0: an absent budget is none, never unlimited.
 */
export function generatesAi(plan: { capabilities?: ReadonlyArray<{ capability?: string }>; aiBudget?: unknown }): boolean {
  if (!(plan.capabilities ?? []).some((c) => c.capability === 'ai_usage')) return false;
  if (plan.aiBudget === undefined || plan.aiBudget === null) return false;
  const units = Number(plan.aiBudget);
  return Number.isFinite(units) && units > 0;
}

/** The counter of a Site's capability in the period that contains `now` (its key names the period's start). */
export function quotaCounter(siteId: string, capability: Capability, entry: PlanCapability, now: number): QuotaCounter {
  const window = periodWindow(entry.period, now);
  return {
    key: `${siteId}:${capability}:${entry.period}:${window.start.toISOString()}`,
    limit: entry.quota,
    resetsAt: window.end.getTime(),
  };
}

export interface EntitlementView {
  included: boolean;
  quota: number | null;
  used: number;
  remaining: number | null;
  period: QuotaPeriod | null;
  resetsAt: string | null;
}

export class PlanEntitlements<Store extends QuotaUsage = QuotaStore> {
  constructor(
    private readonly quotas: Store,
    private readonly now: () => number = Date.now,
  ) {}

  /** The counter of a Site's capability in the current period. */
  counterOf(siteId: string, capability: Capability, entry: PlanCapability): QuotaCounter {
    return quotaCounter(siteId, capability, entry, this.now());
  }

  /** Step 6: the capability must be in the Plan. */
  requireIncluded(plan: Plan__Output, capability: Capability): PlanCapability {
    return requireIncluded(plan, capability);
  }

  /** Step 7: takes one unit of the period's quota, or QUOTA_EXHAUSTED (which takes nothing). */
  async consume(this: PlanEntitlements<QuotaStore>, siteId: string, capability: Capability, entry: PlanCapability): Promise<QuotaCounter> {
    const counter = this.counterOf(siteId, capability, entry);
    let result: { allowed: boolean };
    try {
      result = await this.quotas.consume(counter);
    } catch (err) {
      // Quotas cannot be counted without the store; refuse rather than serve uncounted.
      throw unavailable(err);
    }
    return this.verdict(capability, entry, counter, result);
  }

  /**
   * Step 7 without taking: whether a unit of the period is left (the counter, or QUOTA_EXHAUSTED). For
   * a conditional request, whose unit is taken only when it is not answered 304 (the gateway's
   * steps/handle.ts).
   */
  async check(this: PlanEntitlements<QuotaStore>, siteId: string, capability: Capability, entry: PlanCapability): Promise<QuotaCounter> {
    const counter = this.counterOf(siteId, capability, entry);
    let used: number;
    try {
      [used = 0] = await this.quotas.usage([counter.key]);
    } catch (err) {
      throw unavailable(err);
    }
    return this.verdict(capability, entry, counter, { allowed: counter.limit === null || used < counter.limit });
  }

  /** What a take of `counter` decided (here, or in the rate limit's round trip): the counter, or QUOTA_EXHAUSTED. */
  verdict(capability: Capability, entry: PlanCapability, counter: QuotaCounter, result: { allowed: boolean }): QuotaCounter {
    if (!result.allowed) {
      quotaRefusals.add(1, { capability });
      throw new DomainError(
        'QUOTA_EXHAUSTED',
        `The ${capability} quota of this ${entry.period} is used up; it resets at ${new Date(counter.resetsAt).toISOString()}.`,
      );
    }
    return counter;
  }

  /** Gives back the unit of a request that failed after it was counted. */
  async refund(this: PlanEntitlements<QuotaStore>, counter: QuotaCounter): Promise<void> {
    await this.quotas.refund(counter).catch(() => undefined);
  }

  /**
   * Every capability: included, quota, used, remaining, period, resetsAt. `held`: what the Site holds
   * of each capability whose quota counts that (HELD_CAPABILITIES), as its service counted it.
   */
  async describe(siteId: string, plan: Plan__Output, held: Partial<Record<Capability, number>> = {}): Promise<Record<Capability, EntitlementView>> {
    const counted = CAPABILITIES.flatMap((capability) => {
      if (HELD_CAPABILITIES.includes(capability)) return [];
      const entry = planCapability(plan, capability);
      return entry ? [{ capability, entry, counter: this.counterOf(siteId, capability, entry) }] : [];
    });
    let used: number[];
    try {
      used = await this.quotas.usage(counted.map((c) => c.counter.key));
    } catch (err) {
      throw unavailable(err);
    }
    const out = Object.fromEntries(CAPABILITIES.map((capability) => [capability, entitlementView(undefined)])) as Record<Capability, EntitlementView>;
    counted.forEach((c, i) => (out[c.capability] = entitlementView({ ...c, used: used[i] ?? 0 })));
    for (const capability of HELD_CAPABILITIES) out[capability] = heldView(planCapability(plan, capability), held[capability] ?? 0);
    return out;
  }
}

/** A capability whose quota counts what the Site holds: `used` is what it holds now; no period, nothing resets. */
export function heldView(entry: PlanCapability | undefined, held: number): EntitlementView {
  if (!entry) return entitlementView(undefined);
  return {
    included: true,
    quota: entry.quota,
    used: held,
    remaining: entry.quota === null ? null : Math.max(0, entry.quota - held),
    period: null,
    resetsAt: null,
  };
}

/** What the entitlements view shows of one capability: its terms and use this period, or not included. */
export function entitlementView(counted: { entry: PlanCapability; counter: QuotaCounter; used: number } | undefined): EntitlementView {
  if (!counted) return { included: false, quota: 0, used: 0, remaining: 0, period: null, resetsAt: null };
  const { entry, counter, used } = counted;
  return {
    included: true,
    quota: entry.quota,
    used,
    remaining: entry.quota === null ? null : Math.max(0, entry.quota - used),
    period: entry.period,
    resetsAt: new Date(counter.resetsAt).toISOString(),
  };
}
