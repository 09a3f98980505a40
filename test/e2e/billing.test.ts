/** Billing through the gateway with the local payment provider. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFailpoints } from '@cfs/common/failpoints';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
beforeAll(async () => {
  system = await startSystem();
});
afterAll(async () => {
  setFailpoints('');
  await system?.stop();
});

const call = (owner: Owner, method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...options });
const planOf = async (owner: Owner) => ((await call(owner, 'GET', '/api/v1/me')).body as { site: { plan: string } }).site.plan;

describe('checkout, subscription, cancel', () => {
  it('activates a subscription and the plan, refuses a second checkout, and cancel returns to the default plan', async () => {
    const owner = await createCustomer(system);
    expectError(await call(owner, 'GET', '/api/v1/billing/subscription'), 404, 'NOT_FOUND');
    expectError(await call(owner, 'POST', '/api/v1/billing/subscription/cancel'), 404, 'NOT_FOUND');

    const checkout = await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'starter' } });
    expect(checkout.status).toBe(201);
    const body = checkout.body as { checkoutUrl: string; subscription: { id: string; status: string; plan: string } };
    expect(body.checkoutUrl).toMatch(/^https:\/\//);
    expect(body.subscription).toMatchObject({ plan: 'starter', status: 'active', provider: 'local' });
    expect(await planOf(owner)).toBe('starter');
    expect((await call(owner, 'GET', '/api/v1/billing/subscription')).body).toMatchObject({ id: body.subscription.id, status: 'active' });

    expectError(await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' } }), 409, 'CONFLICT');
    expect(await planOf(owner)).toBe('starter');

    const canceled = await call(owner, 'POST', '/api/v1/billing/subscription/cancel');
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id: body.subscription.id, status: 'canceled' });
    expect((canceled.body as { canceledAt: string }).canceledAt).toMatch(/^\d{4}-/);
    expect(await planOf(owner)).toBe('free');
    expectError(await call(owner, 'POST', '/api/v1/billing/subscription/cancel'), 409, 'CONFLICT');

    expect((await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' } })).status).toBe(201);
    expect(await planOf(owner)).toBe('pro');
  });

  it('refuses an unknown plan, the default plan and a malformed body with 400', async () => {
    const owner = await createCustomer(system);
    expectError(await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'platinum' } }), 400, 'MALFORMED_REQUEST');
    expectError(await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'free' } }), 400, 'MALFORMED_REQUEST');
    expectError(await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro', price: 0 } }), 400, 'MALFORMED_REQUEST');
    expectError(await call(owner, 'POST', '/api/v1/billing/checkout', { body: {} }), 400, 'MALFORMED_REQUEST');
    expectError(await call(owner, 'GET', '/api/v1/billing/subscription'), 404, 'NOT_FOUND');
  });

  it('needs billing.manage', async () => {
    const owner = await createCustomer(system);
    const c = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'account.manage')) as { secret: string };
    expectError(await request(system.baseUrl, 'POST', '/api/v1/billing/checkout', { token: c.secret, body: { plan: 'pro' } }), 403, 'SCOPE_DENIED');
  });
});

describe('one active subscription per Site, enforced by the database', () => {
  it.each([2, 5])('%i concurrent checkouts give exactly one 201 and the rest 409', async (n) => {
    const owner = await createCustomer(system);
    const answers = await Promise.all(Array.from({ length: n }, () => call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' } })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expectError(a, 409, 'CONFLICT');
  });
});

describe('payment provider outage (failpoint billing.provider=unavailable)', () => {
  it('answers 503, changes nothing, and a retry succeeds', async () => {
    const owner = await createCustomer(system);
    setFailpoints('billing.provider=1*unavailable');
    const failed = await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'starter' } });
    expectError(failed, 503, 'SERVICE_UNAVAILABLE');
    expect((failed.body as { error: { message: string } }).error.message).not.toMatch(/failpoint|provider error/i);
    expectError(await call(owner, 'GET', '/api/v1/billing/subscription'), 404, 'NOT_FOUND');
    expect(await planOf(owner)).toBe('free');
    expect((await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'starter' } })).status).toBe(201);
    expect(await planOf(owner)).toBe('starter');
  });

  it('keeps the subscription and the plan when cancel fails, and the retry cancels', async () => {
    const owner = await createCustomer(system);
    expect((await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'starter' } })).status).toBe(201);
    setFailpoints('billing.provider=1*unavailable');
    expectError(await call(owner, 'POST', '/api/v1/billing/subscription/cancel'), 503, 'SERVICE_UNAVAILABLE');
    expect((await call(owner, 'GET', '/api/v1/billing/subscription')).body).toMatchObject({ status: 'active' });
    expect(await planOf(owner)).toBe('starter');
    expect((await call(owner, 'POST', '/api/v1/billing/subscription/cancel')).status).toBe(200);
    expect(await planOf(owner)).toBe('free');
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and body, and refuses another body with 409', async () => {
    const owner = await createCustomer(system);
    const headers = { 'idempotency-key': `k-${Date.now()}` };
    const first = await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' }, headers });
    const again = await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' }, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'starter' }, headers }), 409, 'CONFLICT');
    // Without the key the second checkout is a real one, refused.
    expectError(await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' } }), 409, 'CONFLICT');
  });

  it('runs concurrent requests with one key once', async () => {
    const owner = await createCustomer(system);
    const headers = { 'idempotency-key': `c-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'starter' }, headers })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => (a.body as { subscription: { id: string } }).subscription.id));
    expect(ids.size).toBe(1);
  });

  it('frees the key after a 503 so the retry runs; replays cancels', async () => {
    const owner = await createCustomer(system);
    const headers = { 'idempotency-key': `r-${Date.now()}` };
    setFailpoints('billing.provider=1*unavailable');
    expectError(await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' }, headers }), 503, 'SERVICE_UNAVAILABLE');
    expect((await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' }, headers })).status).toBe(201);
    const cancelHeaders = { 'idempotency-key': `x-${Date.now()}` };
    const c1 = await call(owner, 'POST', '/api/v1/billing/subscription/cancel', { headers: cancelHeaders });
    const c2 = await call(owner, 'POST', '/api/v1/billing/subscription/cancel', { headers: cancelHeaders });
    expect([c1.status, c2.status]).toEqual([200, 200]);
    expect(c2.body).toEqual(c1.body);
  });

  it('scopes keys to the Site, and refuses a malformed key with 400', async () => {
    const a = await createCustomer(system);
    const b = await createCustomer(system);
    const headers = { 'idempotency-key': `shared-${Date.now()}` };
    expect((await call(a, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' }, headers })).status).toBe(201);
    const other = await call(b, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' }, headers });
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expectError(
      await call(a, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' }, headers: { 'idempotency-key': 'x'.repeat(256) } }),
      400,
      'MALFORMED_REQUEST',
    );
  });
});
