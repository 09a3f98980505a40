import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CUSTOMER_SCOPES } from '@cfs/common/scopes';
import { expectError, request } from '../support/http.ts';
import { eventually } from '../support/processes.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

interface Owner {
  customer: { id: string };
  site: { id: string };
  credential: { id: string; secret: string; scopes: string[] };
}

let system: TestSystem;
let owner: Owner;

async function credential(...flags: string[]) {
  return (await system.admin('credential', 'create', '--site', owner.site.id, ...flags)) as { id: string; secret: string };
}

beforeAll(async () => {
  system = await startSystem();
  owner = (await system.admin('customer', 'create', '--name', 'Acme Media', '--email', 'ops@acme.example')) as unknown as Owner;
});

afterAll(async () => {
  await system?.stop();
});

describe('GET /api/v1/me', () => {
  it('answers 200 with the customer, site and credential of the owner credential', async () => {
    const res = await request(system.baseUrl, 'GET', '/api/v1/me', { token: owner.credential.secret });
    expect(res.status).toBe(200);
    const body = res.body as Record<string, Record<string, unknown>>;
    expect(body.customer).toMatchObject({ id: owner.customer.id, name: 'Acme Media', email: 'ops@acme.example' });
    expect(body.site).toMatchObject({ id: owner.site.id, plan: 'free' });
    expect(body.credential).toMatchObject({ id: owner.credential.id, audience: 'content-feed', revokedAt: null, expiresAt: null });
    expect(body.credential!.scopes).toEqual(expect.arrayContaining(['account.read', 'feed.read', 'account.manage', 'billing.manage']));
    expect(JSON.stringify(body)).not.toContain(owner.credential.secret);
    expect(body.credential).not.toHaveProperty('secret');
  });

  it('shows a change of the Customer, the Site and its plan on a cached Credential (the answer kept for it is not reused)', async () => {
    const { secret } = await credential('--scopes', 'account.read,account.manage');
    const me = async () => (await request(system.baseUrl, 'GET', '/api/v1/me', { token: secret })).body as Record<string, Record<string, unknown>>;
    const shows = (check: (body: Record<string, Record<string, unknown>>) => boolean, what: string) =>
      eventually(async () => check(await me()), 3000, `GET /me showing ${what}`);
    await me();
    expect((await me()).site).toMatchObject({ id: owner.site.id, plan: 'free' }); // now kept for this Credential
    const account = { name: 'Acme Renamed', email: 'renamed@acme.example' };
    expect((await request(system.baseUrl, 'PUT', '/api/v1/account', { token: secret, body: account })).status).toBe(200);
    await shows((body) => body.customer!.name === account.name && body.customer!.email === account.email, 'the Customer renamed');
    const site = { name: 'Acme Site Renamed', url: 'https://renamed.acme.example' };
    expect((await request(system.baseUrl, 'PUT', `/api/v1/account/sites/${owner.site.id}`, { token: secret, body: site })).status).toBe(200);
    await shows((body) => body.site!.name === site.name && body.site!.url === site.url, 'the Site renamed');
    await system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'pro');
    await shows((body) => body.site!.plan === 'pro', 'the new plan');
    await system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'free');
    await shows((body) => body.site!.plan === 'free', 'the plan restored');
    await request(system.baseUrl, 'PUT', '/api/v1/account', { token: secret, body: { name: 'Acme Media', email: 'ops@acme.example' } });
    await shows((body) => body.customer!.name === 'Acme Media', 'the Customer restored');
  });

  it('gives the owner credential the cfs_ format, every customer scope and never an operator scope', () => {
    expect(owner.credential.secret).toMatch(/^cfs_[0-9A-Za-z]{54}$/);
    expect([...owner.credential.scopes].sort()).toEqual([...CUSTOMER_SCOPES].sort());
    expect(owner.credential.scopes.some((s) => s.startsWith('platform.'))).toBe(false);
  });

  it('answers 401 UNAUTHENTICATED without a credential', async () => {
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me'), 401, 'UNAUTHENTICATED');
  });

  it.each([
    ['a garbage token', 'not-a-token'],
    ['a token with a bad checksum', `${'cfs_'}${'A'.repeat(54)}`],
    ['a well-formed token that was never issued', ''],
  ])('answers 401 UNAUTHENTICATED for %s', async (_label, token) => {
    let value = token;
    if (!value) {
      // Same shape and checksum algorithm as a real token, but another lookup id and secret.
      const real = owner.credential.secret;
      const { secret } = await credential('--scopes', 'account.read');
      value = real.slice(0, 4) + secret.slice(4, 20) + real.slice(20);
    }
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: value }), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 for a malformed Authorization header', async () => {
    const res = await request(system.baseUrl, 'GET', '/api/v1/me', { headers: { authorization: `Basic ${owner.credential.secret}` } });
    expectError(res, 401, 'UNAUTHENTICATED');
  });

  it('answers 401 for a revoked credential, which worked before', async () => {
    const { id, secret } = await credential('--scopes', 'account.read');
    expect((await request(system.baseUrl, 'GET', '/api/v1/me', { token: secret })).status).toBe(200);
    const revoked = await request(system.baseUrl, 'POST', `/api/v1/account/sites/${owner.site.id}/credentials/${id}/revoke`, {
      token: owner.credential.secret,
    });
    expect(revoked.status).toBe(200);
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: secret }), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 for an expired credential', async () => {
    const { id, secret } = await credential('--scopes', 'account.read', '--expires-in', '3600');
    // Expiry is fixed at creation; move it into the past as time passing would.
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    await db.query(`UPDATE identity.credentials SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    await db.end();
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: secret }), 401, 'UNAUTHENTICATED');
  });

  it('answers 403 SCOPE_DENIED for a credential without account.read', async () => {
    const { secret } = await credential('--scopes', 'feed.read');
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: secret }), 403, 'SCOPE_DENIED');
  });

  it('answers 403 SCOPE_DENIED for a credential with no scopes at all', async () => {
    const { secret } = await credential('--scopes', '');
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: secret }), 403, 'SCOPE_DENIED');
  });

  it('answers 403 WRONG_AUDIENCE for a seo-suite credential holding account.read', async () => {
    const { secret } = await credential('--scopes', 'account.read', '--audience', 'seo-suite');
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: secret }), 403, 'WRONG_AUDIENCE');
  });

  it('answers SCOPE_DENIED, not WRONG_AUDIENCE, when both scope and audience are wrong', async () => {
    const { secret } = await credential('--scopes', 'feed.read', '--audience', 'seo-suite');
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: secret }), 403, 'SCOPE_DENIED');
  });
});

describe('the envelope and request ids on every path', () => {
  it('answers an unknown route and an unknown method with 404 NOT_FOUND', async () => {
    expectError(await request(system.baseUrl, 'GET', '/api/v1/nope'), 404, 'NOT_FOUND');
    expectError(await request(system.baseUrl, 'GET', '/'), 404, 'NOT_FOUND');
    expectError(await request(system.baseUrl, 'DELETE', '/api/v1/me', { token: owner.credential.secret }), 404, 'NOT_FOUND');
    expectError(await request(system.baseUrl, 'OPTIONS', '/api/v1/me'), 404, 'NOT_FOUND');
    expectError(await request(system.baseUrl, 'GET', '/API/V1/ME', { token: owner.credential.secret }), 404, 'NOT_FOUND');
  });

  it('answers bad JSON, a non-JSON content type and a too-large body with 400 MALFORMED_REQUEST', async () => {
    expectError(
      await request(system.baseUrl, 'POST', '/api/v1/me', { rawBody: '{"a":', headers: { 'content-type': 'application/json' } }),
      400,
      'MALFORMED_REQUEST',
    );
    expectError(await request(system.baseUrl, 'POST', '/api/v1/me', { rawBody: 'hello', headers: { 'content-type': 'text/plain' } }), 400, 'MALFORMED_REQUEST');
    expectError(await request(system.baseUrl, 'PUT', '/api/v1/me', { body: { big: 'x'.repeat(70 * 1024) } }), 400, 'MALFORMED_REQUEST');
  });

  it('answers a path that is not valid percent-encoding with the envelope', async () => {
    expectError(await request(system.baseUrl, 'GET', '/api/v1/%E0%A4%A'), 404, 'NOT_FOUND');
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await request(system.baseUrl, 'GET', '/api/v1/me', { headers: { 'x-request-id': 'req-123' } });
    expect(given.headers.get('x-request-id')).toBe('req-123');
    const made = await request(system.baseUrl, 'GET', '/api/v1/me', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a service that is down', () => {
  it('answers 503 SERVICE_UNAVAILABLE quickly instead of hanging', async () => {
    const own = await startSystem();
    try {
      const created = (await own.admin('customer', 'create', '--name', 'Down Co', '--email', 'down@example.com')) as unknown as Owner;
      await own.stopService('account');
      const started = Date.now();
      const res = await request(own.baseUrl, 'GET', '/api/v1/me', { token: created.credential.secret });
      expectError(res, 503, 'SERVICE_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await own.stop();
    }
  });
});
