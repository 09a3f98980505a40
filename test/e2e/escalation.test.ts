/**
 * No escalation: a Credential holding account.manage creates Credentials only with scopes it holds,
 * and none that outlives it. The owner Credential (every scope, no expiry) is unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let owner: Owner;
beforeAll(async () => {
  system = await startSystem();
  owner = await createCustomer(system);
});
afterAll(async () => {
  await system?.stop();
});

const credentialsPath = () => `/api/v1/account/sites/${owner.site.id}/credentials`;
const list = async () => (await request(system.baseUrl, 'GET', credentialsPath(), { token: owner.credential.secret })).body as { data: Array<{ id: string }> };

async function delegate(scopes: string, expiresInSeconds?: number): Promise<{ secret: string; expiresAt?: string | null }> {
  const flags = ['credential', 'create', '--site', owner.site.id, '--scopes', scopes, ...(expiresInSeconds ? ['--expires-in', String(expiresInSeconds)] : [])];
  return (await system.admin(...flags)) as { secret: string; expiresAt?: string | null };
}

describe('a Credential creating Credentials', () => {
  it('cannot grant a scope it does not hold: 403 SCOPE_DENIED, nothing created', async () => {
    const manager = (await delegate('account.manage,feed.read')).secret;
    const before = (await list()).data.length;
    for (const scopes of [['billing.manage'], ['account.manage', 'feed.read', 'seo.profile.manage']]) {
      const answer = await request(system.baseUrl, 'POST', credentialsPath(), { token: manager, body: { name: 'escalated', scopes } });
      expectError(answer, 403, 'SCOPE_DENIED');
    }
    expect((await list()).data.length).toBe(before);
    const allowed = await request(system.baseUrl, 'POST', credentialsPath(), { token: manager, body: { name: 'reader', scopes: ['feed.read'] } });
    expect(allowed.status).toBe(201);
    expect(allowed.body).toMatchObject({ scopes: ['feed.read'] });
  });

  it('that expires cannot create one that outlives it: the expiry is capped and shown', async () => {
    const issued = await delegate('account.manage,feed.read', 3600);
    const manager = issued.secret;
    const managerExpiry = Date.parse(issued.expiresAt!);
    const forever = await request(system.baseUrl, 'POST', credentialsPath(), { token: manager, body: { name: 'forever', scopes: ['feed.read'] } });
    const later = await request(system.baseUrl, 'POST', credentialsPath(), {
      token: manager,
      body: { name: 'later', scopes: ['feed.read'], expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    });
    const sooner = new Date(Date.now() + 600_000).toISOString();
    const earlier = await request(system.baseUrl, 'POST', credentialsPath(), { token: manager, body: { name: 'earlier', scopes: ['feed.read'], expiresAt: sooner } });
    for (const answer of [forever, later, earlier]) expect(answer.status).toBe(201);
    const expiryOf = (answer: { body: unknown }) => Date.parse((answer.body as { expiresAt: string }).expiresAt);
    expect(expiryOf(forever)).toBe(managerExpiry);
    expect(expiryOf(later)).toBe(managerExpiry);
    expect(expiryOf(earlier)).toBe(Date.parse(sooner));
  });

  it('as the owner (every scope, no expiry) may grant any customer scope, with no expiry', async () => {
    const answer = await request(system.baseUrl, 'POST', credentialsPath(), {
      token: owner.credential.secret,
      body: { name: 'billing bot', scopes: ['billing.manage', 'account.manage'] },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ scopes: ['billing.manage', 'account.manage'], expiresAt: null });
  });
});
