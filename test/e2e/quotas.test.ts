/**
 * Plans, entitlements and quotas (pipeline steps 6 and 7) through real gateways, the real account
 * service and the real Redis. A small plan catalog (as PLANS_FILE would give) keeps quotas tiny;
 * two probe routes declare capabilities the way every plan-gated route does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { failing, probe } from '../support/probe-routes.ts';
import { expectError, request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const catalog = {
  defaultPlan: 'basic',
  plans: {
    basic: { name: 'Basic', capabilities: { feed: { quota: 3, period: 'day' as const }, subscriptions: { quota: null, period: 'month' as const } } },
    hourly: { name: 'Hourly', capabilities: { feed: { quota: 2, period: 'hour' as const } } },
    nothing: { name: 'Nothing', capabilities: {} },
  },
};

let system: TestSystem;
let other: string;
beforeAll(async () => {
  system = await startSystem({ catalog, extraRoutes: [probe, failing] });
  other = await system.startGateway();
});
afterAll(async () => {
  await system?.stop();
});

const probeAt = (base: string, token: string, query = '') => request(base, 'GET', `/test/probe${query}`, { token });
async function entitlements(owner: Owner) {
  const res = await request(system.baseUrl, 'GET', `/api/v1/account/sites/${owner.site.id}/entitlements`, { token: owner.credential.secret });
  expect(res.status).toBe(200);
  return res.body as {
    plan: string;
    capabilities: Record<
      string,
      { included: boolean; quota: number | null; used: number; remaining: number | null; period: string | null; resetsAt: string | null }
    >;
  };
}

describe('quotas', () => {
  it('8 concurrent calls against a quota of 3 give exactly 3 successes; refusals take nothing', async () => {
    const owner = await createCustomer(system);
    const answers = await Promise.all(Array.from({ length: 8 }, () => probeAt(system.baseUrl, owner.credential.secret)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 403, 'QUOTA_EXHAUSTED');
    expect((await entitlements(owner)).capabilities.feed).toMatchObject({ included: true, quota: 3, used: 3, remaining: 0, period: 'day' });
  });

  it('two gateway replicas draw from one quota', async () => {
    const owner = await createCustomer(system);
    const t = owner.credential.secret;
    const answers = await Promise.all([probeAt(system.baseUrl, t), probeAt(other, t), probeAt(system.baseUrl, t), probeAt(other, t), probeAt(other, t)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 403, 403]);
  });

  it('a failed request consumes nothing', async () => {
    const owner = await createCustomer(system);
    for (let i = 0; i < 4; i++)
      expectError(await request(system.baseUrl, 'GET', '/test/failing', { token: owner.credential.secret }), 503, 'SERVICE_UNAVAILABLE');
    expect((await entitlements(owner)).capabilities.feed!.used).toBe(0);
    expect((await probeAt(system.baseUrl, owner.credential.secret)).status).toBe(200);
  });

  it('resets when the period rolls over (UTC calendar day), with the clock moved, not slept', async () => {
    const owner = await createCustomer(system);
    system.clock.now = Date.parse('2031-03-31T23:59:58Z');
    try {
      for (let i = 0; i < 3; i++) expect((await probeAt(system.baseUrl, owner.credential.secret)).status).toBe(200);
      expectError(await probeAt(other, owner.credential.secret), 403, 'QUOTA_EXHAUSTED');
      expect((await entitlements(owner)).capabilities.feed!.resetsAt).toBe('2031-04-01T00:00:00.000Z');
      system.clock.now = Date.parse('2031-04-01T00:00:00Z');
      expect((await probeAt(other, owner.credential.secret)).status).toBe(200);
      expect((await entitlements(owner)).capabilities.feed).toMatchObject({ used: 1, remaining: 2, resetsAt: '2031-04-02T00:00:00.000Z' });
    } finally {
      system.clock.now = undefined;
    }
  });

  it('hourly and monthly periods reset at the top of the hour and on the 1st', async () => {
    const owner = await createCustomer(system, '--plan', 'hourly');
    system.clock.now = Date.parse('2031-01-31T10:59:59Z');
    try {
      const e = await entitlements(owner);
      expect(e.capabilities.feed).toMatchObject({ quota: 2, period: 'hour', resetsAt: '2031-01-31T11:00:00.000Z' });
      expect(e.capabilities.subscriptions).toMatchObject({ included: false, quota: 0, period: null, resetsAt: null });
    } finally {
      system.clock.now = undefined;
    }
    const basic = await createCustomer(system);
    system.clock.now = Date.parse('2031-12-15T12:00:00Z');
    try {
      expect((await entitlements(basic)).capabilities.subscriptions).toMatchObject({
        included: true,
        quota: null,
        remaining: null,
        period: 'month',
        resetsAt: '2032-01-01T00:00:00.000Z',
      });
    } finally {
      system.clock.now = undefined;
    }
  });

  it('GET /api/v1/me is never charged: many calls leave every counter unchanged', async () => {
    const owner = await createCustomer(system);
    const before = await entitlements(owner);
    for (let i = 0; i < 12; i++) expect((await request(system.baseUrl, 'GET', '/api/v1/me', { token: owner.credential.secret })).status).toBe(200);
    expect(await entitlements(owner)).toEqual(before);
  });
});

describe('capabilities and the order of checks', () => {
  it('a capability outside the plan is 403 CAPABILITY_NOT_ENTITLED; a plan change applies at once', async () => {
    const owner = await createCustomer(system, '--plan', 'nothing');
    expectError(await probeAt(system.baseUrl, owner.credential.secret), 403, 'CAPABILITY_NOT_ENTITLED');
    expectError(await probeAt(other, owner.credential.secret), 403, 'CAPABILITY_NOT_ENTITLED');
    await system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'basic');
    expect((await probeAt(system.baseUrl, owner.credential.secret)).status).toBe(200);
    expect((await probeAt(other, owner.credential.secret)).status).toBe(200);
    expect((await entitlements(owner)).plan).toBe('basic');
  });

  it('on an exhausted quota: a malformed request is still 400, a missing scope still SCOPE_DENIED, a foreign audience WRONG_AUDIENCE', async () => {
    const owner = await createCustomer(system);
    for (let i = 0; i < 3; i++) await probeAt(system.baseUrl, owner.credential.secret);
    expectError(await probeAt(system.baseUrl, owner.credential.secret), 403, 'QUOTA_EXHAUSTED');
    expectError(await probeAt(system.baseUrl, owner.credential.secret, '?n=0'), 400, 'MALFORMED_REQUEST');
    const noScope = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'account.read')) as { secret: string };
    expectError(await probeAt(system.baseUrl, noScope.secret), 403, 'SCOPE_DENIED');
    const foreign = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'feed.read', '--audience', 'seo-suite')) as {
      secret: string;
    };
    expectError(await probeAt(system.baseUrl, foreign.secret), 403, 'WRONG_AUDIENCE');
    expect((await entitlements(owner)).capabilities.feed!.used).toBe(3);
  });

  it('WRONG_AUDIENCE comes before CAPABILITY_NOT_ENTITLED', async () => {
    const owner = await createCustomer(system, '--plan', 'nothing');
    const foreign = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'feed.read', '--audience', 'seo-suite')) as {
      secret: string;
    };
    expectError(await probeAt(system.baseUrl, foreign.secret), 403, 'WRONG_AUDIENCE');
  });
});

describe('the plan catalog through the CLI', () => {
  it('refuses an unknown plan id, for new customers and for set-plan', async () => {
    await expect(system.admin('customer', 'create', '--name', 'X', '--email', 'x@example.com', '--plan', 'platinum')).rejects.toMatchObject({
      code: 'MALFORMED_REQUEST',
    });
    const owner = await createCustomer(system);
    await expect(system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'platinum')).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
    expect((await entitlements(owner)).plan).toBe('basic');
  });
});
