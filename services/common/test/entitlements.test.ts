/**
 * Plan policy and quota counters (entitlements.ts), no Redis: a plan's capabilities and their
 * terms, the counters' keys per UTC calendar period, how the counters are read (the one function
 * the gateway's Redis store and the dashboard share), the AI budget asked of media, and the view
 * both show. The gateway's stores are tested against the same counters in gateway/test.
 */
import { describe, expect, it } from 'vitest';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import {
  aiBudgetOf,
  entitlementView,
  heldView,
  generatesAi,
  PlanEntitlements,
  planCapability,
  planIncludes,
  quotaCounter,
  quotaRedisKey,
  readQuotaUsage,
  RedisQuotaUsage,
  requireIncluded,
  type QuotaUsage,
} from '../src/entitlements.ts';

const plan = {
  id: 'starter',
  name: 'Starter',
  capabilities: [
    { capability: 'feed', quota: '1000', period: 'day' },
    { capability: 'subscriptions', period: 'month' },
    { capability: 'ai_usage', quota: '0', period: 'hour' },
  ],
  aiBudgetPeriod: 'month',
} as unknown as Plan__Output;

const at = Date.parse('2026-05-31T23:30:00Z');

/** An mget over a map, recording the keys it was asked for. */
function fakeRedis(values: Record<string, string>) {
  const asked: string[][] = [];
  return {
    asked,
    mget: async (keys: string[]) => {
      asked.push(keys);
      return keys.map((k) => values[k] ?? null);
    },
  };
}

describe('plan policy', () => {
  it("a capability's terms: a quota (null: unlimited) and a period; undefined when not included", () => {
    expect(planCapability(plan, 'feed')).toEqual({ quota: 1000, period: 'day' });
    expect(planCapability(plan, 'subscriptions')).toEqual({ quota: null, period: 'month' });
    expect(planCapability(plan, 'ai_usage')).toEqual({ quota: 0, period: 'hour' });
    expect(planCapability(plan, 'seo_profile')).toBeUndefined();
  });

  it('planIncludes and requireIncluded agree; a missing capability is CAPABILITY_NOT_ENTITLED', () => {
    expect(planIncludes(plan, 'ai_usage')).toBe(true);
    expect(planIncludes(plan, 'seo_profile')).toBe(false);
    expect(requireIncluded(plan, 'feed')).toEqual({ quota: 1000, period: 'day' });
    expect(() => requireIncluded(plan, 'seo_profile')).toThrow(
      expect.objectContaining({ code: 'CAPABILITY_NOT_ENTITLED', message: "The site's plan does not include seo_profile." }),
    );
  });

  it('the AI budget asked of media: the units when the plan has any, else 0 (no aiBudget: nothing to spend), month unless the plan says', () => {
    expect(aiBudgetOf(plan)).toEqual({ budget: '0', period: 'month' });
    expect(aiBudgetOf({ ...plan, aiBudget: '500', aiBudgetPeriod: 'day' })).toEqual({ budget: '500', period: 'day' });
    expect(aiBudgetOf({ ...plan, aiBudgetPeriod: '' })).toEqual({ budget: '0', period: 'month' });
  });

  it('AI generation only for a plan with ai_usage and an aiBudget above 0: a plan without one fails closed', () => {
    const ai = [{ capability: 'feed' }, { capability: 'ai_usage' }];
    expect(generatesAi({ capabilities: ai })).toBe(false);
    expect(generatesAi({ capabilities: ai, aiBudget: '0' })).toBe(false);
    expect(generatesAi({ capabilities: ai, aiBudget: '1000' })).toBe(true);
    expect(generatesAi({ capabilities: [{ capability: 'feed' }], aiBudget: '1000' })).toBe(false);
  });
});

describe('quota counters', () => {
  it("a counter's key names the Site, the capability and the start of its UTC period; it resets at the period's end", () => {
    expect(quotaCounter('site_1', 'feed', { quota: 1000, period: 'day' }, at)).toEqual({
      key: 'site_1:feed:day:2026-05-31T00:00:00.000Z',
      limit: 1000,
      resetsAt: Date.parse('2026-06-01T00:00:00Z'),
    });
    expect(quotaCounter('site_1', 'subscriptions', { quota: null, period: 'month' }, at)).toEqual({
      key: 'site_1:subscriptions:month:2026-05-01T00:00:00.000Z',
      limit: null,
      resetsAt: Date.parse('2026-06-01T00:00:00Z'),
    });
    expect(quotaCounter('site_1', 'ai_usage', { quota: 0, period: 'hour' }, at).key).toBe('site_1:ai_usage:hour:2026-05-31T23:00:00.000Z');
  });

  it('one minute later, across midnight UTC, is another day and another month', () => {
    const next = at + 31 * 60_000;
    expect(quotaCounter('site_1', 'feed', { quota: 1, period: 'day' }, next).key).toBe('site_1:feed:day:2026-06-01T00:00:00.000Z');
    expect(quotaCounter('site_1', 'feed', { quota: 1, period: 'month' }, next).key).toBe('site_1:feed:month:2026-06-01T00:00:00.000Z');
  });

  it('PlanEntitlements.counterOf is the same counter on its clock', () => {
    const entitlements = new PlanEntitlements({ usage: async () => [] } as QuotaUsage, () => at);
    expect(entitlements.counterOf('site_1', 'feed', { quota: 1000, period: 'day' })).toEqual(
      quotaCounter('site_1', 'feed', { quota: 1000, period: 'day' }, at),
    );
  });

  it('are read from Redis under the prefix in one MGET; a missing counter is 0; no keys, no call', async () => {
    const redis = fakeRedis({ [quotaRedisKey('cfs:', 'a')]: '7' });
    expect(quotaRedisKey('cfs:', 'a')).toBe('cfs:quota:a');
    expect(await readQuotaUsage(redis, 'cfs:', ['a', 'b'])).toEqual([7, 0]);
    expect(await readQuotaUsage(redis, 'cfs:', [])).toEqual([]);
    expect(redis.asked).toEqual([['cfs:quota:a', 'cfs:quota:b']]);
    expect(await new RedisQuotaUsage(redis, 'cfs:').usage(['a'])).toEqual([7]);
  });
});

describe('the quota check of a conditional request', () => {
  it('reads whether a unit is left and takes none: the counter, QUOTA_EXHAUSTED, or SERVICE_UNAVAILABLE', async () => {
    const used: Record<string, number> = {};
    const taken: string[] = [];
    const store = {
      usage: async (keys: string[]) => keys.map((k) => used[k] ?? 0),
      consume: async (c: { key: string }) => (taken.push(c.key), { allowed: true, used: 1 }),
      refund: async () => undefined,
    };
    const entitlements = new PlanEntitlements(store, () => at);
    const entry = { quota: 2, period: 'day' as const };
    const counter = entitlements.counterOf('site_1', 'feed', entry);
    expect(await entitlements.check('site_1', 'feed', entry)).toEqual(counter);
    used[counter.key] = 2;
    await expect(entitlements.check('site_1', 'feed', entry)).rejects.toMatchObject({ code: 'QUOTA_EXHAUSTED' });
    expect(await entitlements.check('site_1', 'feed', { quota: null, period: 'day' })).toMatchObject({ limit: null });
    expect(taken).toEqual([]);
    const down = new PlanEntitlements({ ...store, usage: () => Promise.reject(new Error('redis down')) }, () => at);
    await expect(down.check('site_1', 'feed', entry)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('the entitlements view', () => {
  it('of one capability: used and remaining (never below 0; null when unlimited), or not included', () => {
    const counter = quotaCounter('site_1', 'feed', { quota: 2, period: 'day' }, at);
    expect(entitlementView({ entry: { quota: 2, period: 'day' }, counter, used: 5 })).toEqual({
      included: true,
      quota: 2,
      used: 5,
      remaining: 0,
      period: 'day',
      resetsAt: '2026-06-01T00:00:00.000Z',
    });
    expect(entitlementView({ entry: { quota: null, period: 'day' }, counter, used: 5 }).remaining).toBeNull();
    expect(entitlementView(undefined)).toEqual({ included: false, quota: 0, used: 0, remaining: 0, period: null, resetsAt: null });
  });

  it('of a capability counting what a Site holds: used is what it holds, no period; no counter is read', async () => {
    const withWebhooks = { ...plan, capabilities: [...plan.capabilities, { capability: 'webhooks', quota: '3', period: 'month' }] } as typeof plan;
    const redis = fakeRedis({});
    const view = await new PlanEntitlements(new RedisQuotaUsage(redis, 'p:'), () => at).describe('site_1', withWebhooks, { webhooks: 2 });
    expect(view.webhooks).toEqual({ included: true, quota: 3, used: 2, remaining: 1, period: null, resetsAt: null });
    expect(redis.asked.flat().some((key) => key.includes('webhooks'))).toBe(false);
    expect(heldView({ quota: 3, period: 'month' }, 5).remaining).toBe(0);
    expect(heldView(undefined, 0)).toEqual(entitlementView(undefined));
  });

  it('of every capability, reading only the counters of included ones; a store that cannot answer is SERVICE_UNAVAILABLE', async () => {
    const redis = fakeRedis({ 'p:quota:site_1:feed:day:2026-05-31T00:00:00.000Z': '3' });
    const view = await new PlanEntitlements(new RedisQuotaUsage(redis, 'p:'), () => at).describe('site_1', plan);
    expect(redis.asked).toHaveLength(1);
    expect(redis.asked[0]).toHaveLength(3);
    expect(view.feed).toEqual({ included: true, quota: 1000, used: 3, remaining: 997, period: 'day', resetsAt: '2026-06-01T00:00:00.000Z' });
    expect(view.subscriptions).toMatchObject({ included: true, used: 0, remaining: null });
    expect(view.seo_profile).toEqual(entitlementView(undefined));
    expect(Object.keys(view).sort()).toEqual(['ai_images', 'ai_usage', 'feed', 'seo_profile', 'subscriptions', 'webhooks']);
    expect(view.webhooks).toEqual(entitlementView(undefined));
    const down = new PlanEntitlements({ usage: () => Promise.reject(new Error('redis down')) }, () => at);
    await expect(down.describe('site_1', plan)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
