import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let owner: Owner;
const api = (method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...options });

beforeAll(async () => {
  system = await startSystem();
  owner = await createCustomer(system);
});
afterAll(async () => {
  await system?.stop();
});

describe('the account', () => {
  it('is read and replaced as a whole', async () => {
    const read = await api('GET', '/api/v1/account');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: owner.customer.id, name: owner.customer.name, email: owner.customer.email });
    const put = await api('PUT', '/api/v1/account', { body: { name: 'Renamed Inc', email: 'new@example.com' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: owner.customer.id, name: 'Renamed Inc', email: 'new@example.com' });
    expect((await api('GET', '/api/v1/account')).body).toMatchObject({ name: 'Renamed Inc' });
  });

  it('refuses a bad e-mail, a missing field and an unknown field with 400, changing nothing', async () => {
    expectError(await api('PUT', '/api/v1/account', { body: { name: 'X', email: 'not-an-email' } }), 400, 'MALFORMED_REQUEST');
    expectError(await api('PUT', '/api/v1/account', { body: { name: 'X' } }), 400, 'MALFORMED_REQUEST');
    expectError(await api('PUT', '/api/v1/account', { body: { name: 'X', email: 'x@example.com', plan: 'pro' } }), 400, 'MALFORMED_REQUEST');
    expect((await api('GET', '/api/v1/account')).body).toMatchObject({ name: 'Renamed Inc' });
  });

  it('needs account.manage', async () => {
    const reader = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'account.read')) as { secret: string };
    expectError(await request(system.baseUrl, 'GET', '/api/v1/account', { token: reader.secret }), 403, 'SCOPE_DENIED');
  });
});

describe('sites', () => {
  it('are created with the default plan, listed, read and replaced', async () => {
    const created = await api('POST', '/api/v1/account/sites', { body: { name: 'Blog', url: 'https://blog.example.com' } });
    expect(created.status).toBe(201);
    const site = created.body as { id: string; plan: string; name: string; url: string };
    expect(site).toMatchObject({ name: 'Blog', url: 'https://blog.example.com', plan: 'free' });
    const list = (await api('GET', '/api/v1/account/sites')).body as { data: Array<{ id: string }> };
    expect(list.data.map((s) => s.id)).toEqual([owner.site.id, site.id]);
    expect((await api('GET', `/api/v1/account/sites/${site.id}`)).body).toEqual(site);
    const put = await api('PUT', `/api/v1/account/sites/${site.id}`, { body: { name: 'Blog 2', url: 'https://b2.example.com' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: site.id, name: 'Blog 2', url: 'https://b2.example.com', plan: 'free' });
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      { name: '', url: 'https://x.example.com' },
      { name: 'A', url: 'ftp://x.example.com' },
      { name: 'A', url: 'not a url' },
      { name: 'A' },
      [],
    ]) {
      expectError(await api('POST', '/api/v1/account/sites', { body }), 400, 'MALFORMED_REQUEST');
    }
    expectError(await api('GET', `/api/v1/account/sites/${'x'.repeat(65)}`), 400, 'MALFORMED_REQUEST');
  });

  it('never lets a customer change its own plan', async () => {
    const res = await api('PUT', `/api/v1/account/sites/${owner.site.id}`, { body: { name: 'Main', url: 'https://main.example.com', plan: 'pro' } });
    expectError(res, 400, 'MALFORMED_REQUEST');
    expect((await api('GET', `/api/v1/account/sites/${owner.site.id}`)).body).toMatchObject({ plan: 'free' });
  });
});

describe('credentials', () => {
  const path = () => `/api/v1/account/sites/${owner.site.id}/credentials`;
  const count = async () => ((await api('GET', path())).body as { data: unknown[] }).data.length;

  it('return the secret once, at creation, and never in a read', async () => {
    const created = await api('POST', path(), { body: { name: 'Sync job', scopes: ['feed.read', 'subscription.manage'] } });
    expect(created.status).toBe(201);
    const body = created.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Sync job', scopes: ['feed.read', 'subscription.manage'], audience: 'content-feed', expiresAt: null, revokedAt: null });
    expect(body.secret).toMatch(/^cfs_[0-9A-Za-z]{54}$/);
    const list = await api('GET', path());
    expect(list.text).not.toContain(body.secret as string);
    expect(list.text).not.toContain('"secret"');
    expect((list.body as { data: Array<{ id: string }> }).data[0]!.id).toBe(body.id);
  });

  it.each([
    ['an unknown scope', { name: 'x', scopes: ['feed.write'] }],
    ['an operator scope', { name: 'x', scopes: ['feed.read', 'platform.admin'] }],
    ['an unknown audience', { name: 'x', scopes: ['feed.read'], audience: 'moon-base' }],
    ['an expiry in the past', { name: 'x', scopes: ['feed.read'], expiresAt: '2001-01-01T00:00:00Z' }],
    ['an expiry that is not a date', { name: 'x', scopes: ['feed.read'], expiresAt: 'tomorrow' }],
    ['a missing name', { scopes: ['feed.read'] }],
    ['an unknown field', { name: 'x', scopes: [], secret: 'mine' }],
  ])('refuse %s with 400 and create nothing', async (_label, body) => {
    const before = await count();
    expectError(await api('POST', path(), { body }), 400, 'MALFORMED_REQUEST');
    expect(await count()).toBe(before);
  });

  it('refuse an operator scope even with no Credential at all: validation comes first', async () => {
    expectError(await request(system.baseUrl, 'POST', path(), { body: { name: 'x', scopes: ['platform.admin'] } }), 400, 'MALFORMED_REQUEST');
  });

  it("take an optional expiry, and only the caller's own audience (another: 403, escalation.test.ts)", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await api('POST', path(), { body: { name: 'Temp', scopes: ['account.read'], expiresAt, audience: 'content-feed' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ expiresAt, audience: 'content-feed' });
  });

  it('rotate: the new one and the old one both work until the old one is revoked', async () => {
    const old = (await api('POST', path(), { body: { name: 'v1', scopes: ['account.read'] } })).body as { id: string; secret: string };
    const next = (await api('POST', path(), { body: { name: 'v2', scopes: ['account.read'] } })).body as { id: string; secret: string };
    for (const c of [old, next]) expect((await request(system.baseUrl, 'GET', '/api/v1/me', { token: c.secret })).status).toBe(200);
    const revoked = await api('POST', `${path()}/${old.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((revoked.body as { revokedAt: string | null }).revokedAt).toMatch(/^\d{4}-/);
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: old.secret }), 401, 'UNAUTHENTICATED');
    expect((await request(system.baseUrl, 'GET', '/api/v1/me', { token: next.secret })).status).toBe(200);
    const again = await api('POST', `${path()}/${old.id}/revoke`);
    expect((again.body as { revokedAt: string }).revokedAt).toBe((revoked.body as { revokedAt: string }).revokedAt);
  });

  it('are revoked on the very next request through every gateway replica', async () => {
    const other = await system.startGateway();
    const c = (await api('POST', path(), { body: { name: 'replicated', scopes: ['account.read'] } })).body as { id: string; secret: string };
    // Both replicas have it cached.
    expect((await request(other, 'GET', '/api/v1/me', { token: c.secret })).status).toBe(200);
    expect((await request(system.baseUrl, 'GET', '/api/v1/me', { token: c.secret })).status).toBe(200);
    expect((await api('POST', `${path()}/${c.id}/revoke`)).status).toBe(200);
    expectError(await request(other, 'GET', '/api/v1/me', { token: c.secret }), 401, 'UNAUTHENTICATED');
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: c.secret }), 401, 'UNAUTHENTICATED');
  });
});

describe('revocation on plan-gated routes (the marker is checked with the quota, in one round trip)', () => {
  it('refuses a revoked, cached Credential on every replica with 401, even where it would also lack a scope', async () => {
    const path = `/api/v1/account/sites/${owner.site.id}/credentials`;
    const other = await system.startGateway();
    const c = (await api('POST', path, { body: { name: 'feed reader', scopes: ['feed.read'] } })).body as { id: string; secret: string };
    for (const base of [system.baseUrl, other]) {
      expect((await request(base, 'GET', '/api/v1/feed', { token: c.secret })).status).toBe(200);
      expectError(await request(base, 'GET', '/api/v1/taxonomy', { token: c.secret }), 403, 'SCOPE_DENIED');
    }
    expect((await api('POST', `${path}/${c.id}/revoke`)).status).toBe(200);
    for (const base of [other, system.baseUrl]) {
      expectError(await request(base, 'GET', '/api/v1/feed', { token: c.secret }), 401, 'UNAUTHENTICATED');
      expectError(await request(base, 'GET', '/api/v1/taxonomy', { token: c.secret }), 401, 'UNAUTHENTICATED');
    }
  });
});

describe('tenancy', () => {
  let other: Owner;
  let otherCredentialId: string;
  beforeAll(async () => {
    other = await createCustomer(system);
    otherCredentialId = other.credential.id;
  });

  const siteRoutes: Array<[string, (site: string, cred: string) => string, unknown?]> = [
    ['GET', (s) => `/api/v1/account/sites/${s}`],
    ['PUT', (s) => `/api/v1/account/sites/${s}`, { name: 'Hijack', url: 'https://evil.example.com' }],
    ['GET', (s) => `/api/v1/account/sites/${s}/credentials`],
    ['POST', (s) => `/api/v1/account/sites/${s}/credentials`, { name: 'x', scopes: ['account.read'] }],
    ['POST', (s, c) => `/api/v1/account/sites/${s}/credentials/${c}/revoke`],
    ['POST', (s) => `/api/v1/account/sites/${s}/connection-codes`],
  ];

  it.each(siteRoutes)("%s %s: another customer's site is 404, exactly like one that never existed", async (method, path, body) => {
    const foreign = await api(method, path(other.site.id, otherCredentialId), body === undefined ? {} : { body });
    const missing = await api(method, path('site_doesnotexist0000000000', 'cred_doesnotexist0000000000'), body === undefined ? {} : { body });
    expectError(foreign, 404, 'NOT_FOUND');
    expect(foreign.body).toEqual(missing.body);
  });

  it("another customer's credential under one's own site is 404, like one that never existed", async () => {
    const base = `/api/v1/account/sites/${owner.site.id}/credentials`;
    const foreign = await api('POST', `${base}/${otherCredentialId}/revoke`);
    const missing = await api('POST', `${base}/cred_doesnotexist0000000000/revoke`);
    expectError(foreign, 404, 'NOT_FOUND');
    expect(foreign.body).toEqual(missing.body);
  });

  it('left the other customer untouched', async () => {
    const me = await request(system.baseUrl, 'GET', '/api/v1/me', { token: other.credential.secret });
    expect(me.status).toBe(200);
    expect((me.body as { site: { name: string } }).site.name).not.toBe('Hijack');
    const list = await request(system.baseUrl, 'GET', `/api/v1/account/sites/${other.site.id}/credentials`, { token: other.credential.secret });
    expect((list.body as { data: unknown[] }).data).toHaveLength(1);
    expect((await request(system.baseUrl, 'GET', '/api/v1/account/sites', { token: other.credential.secret })).body).toMatchObject({
      data: [{ id: other.site.id }],
    });
  });
});

describe('connection codes', () => {
  const mint = async (body?: unknown) => {
    const res = await api('POST', `/api/v1/account/sites/${owner.site.id}/connection-codes`, body === undefined ? {} : { body });
    expect(res.status).toBe(201);
    return res.body as { code: string; expiresAt: string };
  };
  const redeem = (code: unknown) => request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } });
  const credentialCount = async () => ((await api('GET', `/api/v1/account/sites/${owner.site.id}/credentials`)).body as { data: unknown[] }).data.length;

  it('are minted with an expiry and redeemed once for a feed.read + subscription.manage + webhooks.manage credential', async () => {
    const { code, expiresAt } = await mint({ expiresIn: 600 });
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(590_000);
    const res = await redeem(code);
    expect(res.status).toBe(201);
    const body = res.body as { credential: { secret: string; scopes: string[] }; site: { id: string } };
    expect(body.site.id).toBe(owner.site.id);
    expect(body.credential.scopes).toEqual(['feed.read', 'subscription.manage', 'webhooks.manage']);
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: body.credential.secret }), 403, 'SCOPE_DENIED');
    expectError(await redeem(code), 401, 'UNAUTHENTICATED');
  });

  it('answer 401 for an unknown or expired code and 400 for a malformed body', async () => {
    expectError(await redeem('cfc_' + 'A'.repeat(32)), 401, 'UNAUTHENTICATED');
    expectError(await redeem('nope'), 401, 'UNAUTHENTICATED');
    const { code } = (await system.admin('connection-code', 'create', '--site', owner.site.id, '--expires-in', '60')) as { code: string };
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    await db.query(`UPDATE identity.connection_codes SET expires_at = now() - interval '1 second' WHERE site_id = $1 AND redeemed_at IS NULL`, [owner.site.id]);
    await db.end();
    expectError(await redeem(code), 401, 'UNAUTHENTICATED');
    expectError(await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: {} }), 400, 'MALFORMED_REQUEST');
    expectError(await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code: 42 } }), 400, 'MALFORMED_REQUEST');
    expectError(await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code: 'x', extra: 1 } }), 400, 'MALFORMED_REQUEST');
    expectError(
      await request(system.baseUrl, 'POST', '/connect/cms/redeem', { rawBody: 'code=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      400,
      'MALFORMED_REQUEST',
    );
  });

  it('made by the CLI redeem the same way', async () => {
    const { code } = (await system.admin('connection-code', 'create', '--site', owner.site.id)) as { code: string };
    expect((await redeem(code)).status).toBe(201);
  });

  it('give exactly one success among 10 concurrent redemptions', async () => {
    const { code } = await mint();
    const before = await credentialCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => redeem(code)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 401, 401, 401, 401, 401, 401, 401, 401, 401]);
    expect(await credentialCount()).toBe(before + 1);
  });
});
