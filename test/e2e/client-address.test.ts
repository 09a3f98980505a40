/**
 * The client address behind proxies (TRUST_PROXY): the rate limit keys anonymous requests by the
 * real client, whatever X-Forwarded-For a client sends, both through one trusted proxy hop and
 * when a client reaches the gateway directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFrom, startProxy } from '../support/proxy.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const LIMIT = 3;
const PATH = '/api/v1/me';

describe.each([
  ["the proxy's address", '127.0.0.2'],
  ['a hop count of 1', '1'],
])('TRUST_PROXY set to %s', (_label, trustProxy) => {
  let system: TestSystem;
  let proxy: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    system = await startSystem({
      gatewayEnv: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: trustProxy },
      redisPrefix: `cfs:xff:${process.pid}:${Date.now()}:${trustProxy}:`,
    });
    proxy = await startProxy({ target: system.baseUrl, listenHost: '127.0.0.2', upstreamFrom: '127.0.0.2' });
  });
  afterAll(async () => {
    await proxy?.close();
    await system?.stop();
  });

  it('through the proxy: each client has its own window, and a spoofed X-Forwarded-For changes nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      statuses.push((await getFrom(proxy.url + PATH, '127.0.0.3', { 'x-forwarded-for': `203.0.113.${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy is not limited by the first one.
    expect((await getFrom(proxy.url + PATH, '127.0.0.4')).status).toBe(401);
    expect((await getFrom(proxy.url + PATH, '127.0.0.4')).headers['ratelimit-remaining']).toBe(String(LIMIT - 2));
  });

  it('directly: a spoofed X-Forwarded-For buys a fresh window only where a hop count trusts whoever connects', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      statuses.push((await getFrom(system.baseUrl + PATH, '127.0.0.5', { 'x-forwarded-for': `198.51.100.${i}` })).status);
    }
    if (trustProxy === '1') {
      // Documented limit of a hop count: whoever connects directly is taken for the proxy, so the chart
      // lets only the ingress controller reach the gateway (NetworkPolicy).
      expect(statuses).toEqual([401, 401, 401, 401]);
    } else {
      expect(statuses).toEqual([401, 401, 401, 429]);
    }
  });
});
