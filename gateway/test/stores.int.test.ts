import { randomBytes } from 'node:crypto';
import { afterAll, expect, inject } from 'vitest';
import { createLogger } from '@cfs/common/logger';
import { createRedisStores, type GatewayStores } from '../src/stores/index.ts';
import { storesContract } from './stores-contract.ts';

const logger = createLogger('test', { level: 'silent' });
const opened: GatewayStores[] = [];
afterAll(async () => {
  for (const stores of opened) await stores.close();
});

storesContract('redis', async () => {
  const stores = createRedisStores({ url: inject('redisUrl'), prefix: `${inject('redisPrefix')}stores:${randomBytes(4).toString('hex')}:`, logger });
  opened.push(stores);
  expect(await stores.ready(5000)).toBe(true);
  return stores;
});
