/**
 * The dashboard reads the quota counters the gateway counts, through the one reader in
 * @cfs/common/entitlements: against the real Redis, what RedisQuotas consumed is what the
 * dashboard's RedisQuotaUsage and the gateway's own usage() answer, for the same plan view.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, inject, it } from 'vitest';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import { PlanEntitlements, RedisQuotaUsage } from '@cfs/common/entitlements';
import { createLogger } from '@cfs/common/logger';
import { createRedisStores } from '../src/stores/index.ts';

const plan = { id: 'p', name: 'P', capabilities: [{ capability: 'feed', quota: '5', period: 'day' }], aiBudgetPeriod: 'month' } as unknown as Plan__Output;
const prefix = `${inject('redisPrefix')}quota-usage:${randomBytes(4).toString('hex')}:`;
const stores = createRedisStores({ url: inject('redisUrl'), prefix, logger: createLogger('test', { level: 'silent' }) });
const reader = new Redis(inject('redisUrl'), { lazyConnect: true });

afterAll(async () => {
  await stores.close();
  reader.disconnect();
});

it("the dashboard's view of a Site's quota is what the gateway counted", async () => {
  expect(await stores.ready(5000)).toBe(true);
  // Now, held still: Redis expires a counter a minute after its period ends.
  const t = Date.now();
  const gateway = new PlanEntitlements(stores.quotas, () => t);
  const dashboard = new PlanEntitlements(new RedisQuotaUsage(reader, prefix), () => t);
  const entry = gateway.requireIncluded(plan, 'feed');
  for (let i = 0; i < 3; i++) await gateway.consume('site_1', 'feed', entry);
  const counted = await gateway.describe('site_1', plan);
  expect(counted.feed).toMatchObject({ used: 3, remaining: 2 });
  expect(await dashboard.describe('site_1', plan)).toEqual(counted);
});
