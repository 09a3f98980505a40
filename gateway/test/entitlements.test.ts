import { describe, expect, it } from 'vitest';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import { PlanEntitlements } from '@cfs/common/entitlements';
import { createMemoryStores } from '../src/stores/index.ts';

const plan = {
  id: 'starter',
  name: 'Starter',
  capabilities: [
    { capability: 'feed', quota: 2, period: 'day' },
    { capability: 'subscriptions', period: 'month' },
  ],
} as unknown as Plan__Output;

function setup() {
  const clock = { now: Date.parse('2026-05-10T23:59:00Z') };
  const stores = createMemoryStores({ now: () => clock.now });
  return { clock, stores, entitlements: new PlanEntitlements(stores.quotas, () => clock.now) };
}

describe('PlanEntitlements', () => {
  it('refuses a capability the plan does not include', () => {
    const { entitlements } = setup();
    expect(() => entitlements.requireIncluded(plan, 'ai_usage')).toThrow(expect.objectContaining({ code: 'CAPABILITY_NOT_ENTITLED' }));
  });

  it('takes units up to the quota; a refusal takes nothing; a refund gives one back', async () => {
    const { entitlements, stores } = setup();
    const entry = entitlements.requireIncluded(plan, 'feed');
    const first = await entitlements.consume('site_1', 'feed', entry);
    await entitlements.consume('site_1', 'feed', entry);
    await expect(entitlements.consume('site_1', 'feed', entry)).rejects.toMatchObject({ code: 'QUOTA_EXHAUSTED' });
    expect(await stores.quotas.usage([first.key])).toEqual([2]);
    await entitlements.refund(first);
    expect(await stores.quotas.usage([first.key])).toEqual([1]);
  });

  it('counts per UTC calendar period and per Site', async () => {
    const { entitlements, clock } = setup();
    const entry = entitlements.requireIncluded(plan, 'feed');
    await entitlements.consume('site_1', 'feed', entry);
    await entitlements.consume('site_1', 'feed', entry);
    await entitlements.consume('site_2', 'feed', entry);
    clock.now += 60_000; // the next UTC day
    await expect(entitlements.consume('site_1', 'feed', entry)).resolves.toMatchObject({ limit: 2 });
  });

  it('never refuses an unlimited capability and still counts it', async () => {
    const { entitlements } = setup();
    const entry = entitlements.requireIncluded(plan, 'subscriptions');
    for (let i = 0; i < 5; i++) await entitlements.consume('site_1', 'subscriptions', entry);
    const view = await entitlements.describe('site_1', plan);
    expect(view.subscriptions).toMatchObject({ included: true, quota: null, used: 5, remaining: null, period: 'month', resetsAt: '2026-06-01T00:00:00.000Z' });
    expect(view.ai_usage).toEqual({ included: false, quota: 0, used: 0, remaining: 0, period: null, resetsAt: null });
  });

  it('answers SERVICE_UNAVAILABLE when the quota store cannot count', async () => {
    const { entitlements, stores } = setup();
    stores.quotas.consume = async () => {
      throw new Error('redis down');
    };
    await expect(entitlements.consume('site_1', 'feed', entitlements.requireIncluded(plan, 'feed'))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
