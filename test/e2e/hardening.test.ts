/** Gateway hardening: the security rate limit, limits and headers, and behaviour under failure. */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '@cfs/common/credential-token';
import { setFailpoints } from '@cfs/common/failpoints';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, expectSafeMessage, request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

/** Writes raw bytes to the gateway and returns what it answers (for what fetch will not send). */
function rawHttp(baseUrl: string, payload: string, waitMs = 3000): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(payload));
    let data = '';
    socket.on('data', (c) => (data += c));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(data);
    }, waitMs).unref();
  });
}

describe('the security rate limit', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startSystem({ gatewayEnv: { RATE_LIMIT_PER_MINUTE: '5' }, redisPrefix: `cfs:rl:${process.pid}:${Date.now()}:` });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('limits requests without a usable Credential per client IP, before validation, with RateLimit headers and Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await request(system.baseUrl, 'GET', '/api/v1/feed?limit=0'));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[0]!.headers.get('ratelimit-limit')).toBe('5');
    expect(answers[0]!.headers.get('ratelimit-remaining')).toBe('4');
    expect(Number(answers[0]!.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    const limited = answers[5]!;
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    // Guessing credentials does not escape the IP's limit: neither a malformed token nor a well-formed
    // made-up one (its own fresh bucket would let it through, but the exhausted address refuses it).
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: `cfs_${'x'.repeat(54)}` }), 429, 'RATE_LIMITED');
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: mintToken().token }), 429, 'RATE_LIMITED');
  });

  it('limits a Credential on its own budget from its first request, shared by every gateway replica', async () => {
    const fresh = await startSystem({ gatewayEnv: { RATE_LIMIT_PER_MINUTE: '5' }, redisPrefix: `cfs:rl2:${process.pid}:${Date.now()}:` });
    try {
      const o = await createCustomer(fresh);
      const other = await fresh.startGateway();
      const token = o.credential.secret;
      // From the first request on either replica, the Credential's own window counts (the headers
      // describe it), across both replicas: 5 pass, the 6th is refused.
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await request(i % 2 ? other : fresh.baseUrl, 'GET', '/api/v1/me', { token }));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0', '0']);
      // The address's window was not touched: requests without a Credential have their whole budget.
      const anonymous = await request(fresh.baseUrl, 'GET', '/api/v1/me');
      expectError(anonymous, 401, 'UNAUTHENTICATED');
      expect(anonymous.headers.get('ratelimit-remaining')).toBe('4');
    } finally {
      await fresh.stop();
    }
  });
});

describe('when Redis is unreachable', () => {
  let system: TestSystem;
  let owner: Owner;
  let down: string;
  beforeAll(async () => {
    system = await startSystem({ gatewayEnv: { RATE_LIMIT_PER_MINUTE: '5' } });
    owner = await createCustomer(system, '--plan', 'pro');
    down = await system.startGateway({ redisUrl: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('keeps answering: no rate limit, authentication without the cache, no hang', async () => {
    for (let i = 0; i < 8; i++) {
      const started = Date.now();
      const res = await request(down, 'GET', '/api/v1/me', { token: owner.credential.secret });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBeNull();
      expect(Date.now() - started).toBeLessThan(3000);
    }
    expect((await request(down, 'GET', '/docs/public.json')).status).toBe(200);
  });

  it('answers plan-gated routes with 503 (usage cannot be counted) and never hangs', async () => {
    const started = Date.now();
    expectError(await request(down, 'GET', '/api/v1/feed', { token: owner.credential.secret }), 503, 'SERVICE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('limits and headers', () => {
  let system: TestSystem;
  let owner: Owner;
  beforeAll(async () => {
    system = await startSystem({ gatewayEnv: { MAX_HEADER_BYTES: '8192', REQUEST_TIMEOUT_MS: '1500' } });
    owner = await createCustomer(system);
  });
  afterAll(async () => {
    setFailpoints('');
    await system?.stop();
  });

  it('sends security headers and no-store on API answers, and a request id', async () => {
    const res = await request(system.baseUrl, 'GET', '/api/v1/me', { token: owner.credential.secret });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers a header block that is too large with a 400 envelope, not 431', async () => {
    const answer = await rawHttp(system.baseUrl, `GET /api/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(10_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"MALFORMED_REQUEST"');
  });

  it('answers a request that does not arrive in time with a 400 envelope, not 408', async () => {
    const answer = await rawHttp(
      system.baseUrl,
      'POST /api/v1/account HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
      5000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"MALFORMED_REQUEST"');
  }, 10_000);

  it('answers garbage that is not HTTP with a 400 envelope', async () => {
    const answer = await rawHttp(system.baseUrl, 'HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('answers a JSON body on a non-JSON content type, deep nesting and a too-large body with 400', async () => {
    let deep = '1';
    for (let i = 0; i < 5000; i++) deep = `[${deep}]`;
    expectError(
      await request(system.baseUrl, 'PUT', '/api/v1/account', {
        token: owner.credential.secret,
        rawBody: `{"name":${deep},"email":"a@b.c"}`,
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'MALFORMED_REQUEST',
    );
    expectError(
      await request(system.baseUrl, 'PUT', '/api/v1/account', {
        token: owner.credential.secret,
        rawBody: '{}',
        headers: { 'content-type': 'application/xml' },
      }),
      400,
      'MALFORMED_REQUEST',
    );
    expectError(
      await request(system.baseUrl, 'PUT', '/api/v1/account', { token: owner.credential.secret, body: { name: 'x'.repeat(100_000), email: 'a@b.c' } }),
      400,
      'MALFORMED_REQUEST',
    );
  });

  it('answers a slow service with 503 within the call deadline, never a hang', async () => {
    const slow = await startSystem({ gatewayEnv: { GRPC_DEADLINE_MS: '500' } });
    try {
      const o = await createCustomer(slow);
      await request(slow.baseUrl, 'PUT', '/api/v1/subscriptions', { token: o.credential.secret, body: { categories: ['technology'] } });
      setFailpoints('feed.page=delay(3000)');
      const started = Date.now();
      const res = await request(slow.baseUrl, 'GET', '/api/v1/feed', { token: o.credential.secret });
      expectError(res, 503, 'SERVICE_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      setFailpoints('');
      await slow.stop();
    }
  });

  it('never puts a stack, SQL, a connection string, a token or a path in an error message', async () => {
    setFailpoints('feed.page=error');
    const res = await request(system.baseUrl, 'GET', '/api/v1/feed', { token: owner.credential.secret });
    setFailpoints('');
    expectError(res, 500, 'INTERNAL_ERROR');
    const text = res.text;
    expectSafeMessage(text);
    expect(text).not.toMatch(/at .*\(|Error:|prisma|postgres|\/work\/|node_modules|failpoint/i);
  });
});
