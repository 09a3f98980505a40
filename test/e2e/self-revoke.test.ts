/**
 * POST /api/v1/me/revoke: a Credential revokes itself, whatever its scopes (a site connector's
 * holds only feed.read and subscription.manage), and only itself; the next request with it is a
 * 401 on every gateway replica, also where it was cached, and the Site's other Credentials work on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let owner: Owner;
let replicas: string[];
beforeAll(async () => {
  system = await startSystem({ gatewayEnv: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  owner = await createCustomer(system);
  replicas = [system.baseUrl, await system.startGateway()];
});
afterAll(async () => {
  await system?.stop();
});

/** A connector's Credential, redeemed from a connection code, and cached by both replicas. */
async function connectorCredential(): Promise<{ id: string; secret: string; scopes: string[] }> {
  const { code } = (await system.admin('connection-code', 'create', '--site', owner.site.id)) as { code: string };
  const redeemed = await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } });
  expect(redeemed.status).toBe(201);
  const credential = (redeemed.body as { credential: { id: string; secret: string; scopes: string[] } }).credential;
  for (const base of replicas) expect((await request(base, 'GET', '/api/v1/feed/changes', { token: credential.secret })).status).toBe(200);
  return credential;
}

describe('POST /api/v1/me/revoke', () => {
  it('revokes the calling Credential only: its next request is a 401 everywhere, the others work on', async () => {
    const connector = await connectorCredential();
    expect(connector.scopes.sort()).toEqual(['feed.read', 'subscription.manage', 'webhooks.manage']);
    const sibling = await connectorCredential();

    const answer = await request(replicas[1]!, 'POST', '/api/v1/me/revoke', { token: connector.secret });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: connector.id, revokedAt: expect.any(String), scopes: connector.scopes });
    expect(answer.text).not.toContain(connector.secret);

    for (const base of replicas) {
      expectError(await request(base, 'GET', '/api/v1/feed/changes', { token: connector.secret }), 401, 'UNAUTHENTICATED');
      expect((await request(base, 'GET', '/api/v1/feed/changes', { token: sibling.secret })).status).toBe(200);
      expect((await request(base, 'GET', '/api/v1/me', { token: owner.credential.secret })).status).toBe(200);
    }
    const listed = await request(system.baseUrl, 'GET', `/api/v1/account/sites/${owner.site.id}/credentials`, { token: owner.credential.secret });
    const byId = new Map((listed.body as { data: Array<{ id: string; revokedAt: string | null }> }).data.map((c) => [c.id, c.revokedAt]));
    expect(byId.get(connector.id)).toEqual(expect.any(String));
    expect(byId.get(sibling.id)).toBeNull();
    expect(byId.get(owner.credential.id)).toBeNull();
  });

  it('a revoked, unknown or missing Credential is a 401', async () => {
    const connector = await connectorCredential();
    expect((await request(system.baseUrl, 'POST', '/api/v1/me/revoke', { token: connector.secret })).status).toBe(200);
    expectError(await request(system.baseUrl, 'POST', '/api/v1/me/revoke', { token: connector.secret }), 401, 'UNAUTHENTICATED');
    expectError(await request(system.baseUrl, 'POST', '/api/v1/me/revoke', { token: 'cfs_notarealtoken' }), 401, 'UNAUTHENTICATED');
    expectError(await request(system.baseUrl, 'POST', '/api/v1/me/revoke'), 401, 'UNAUTHENTICATED');
  });

  it('a Credential with no scope at all may revoke itself; one of another product may not', async () => {
    const bare = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', '')) as { id: string; secret: string };
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: bare.secret }), 403, 'SCOPE_DENIED');
    expect((await request(system.baseUrl, 'POST', '/api/v1/me/revoke', { token: bare.secret })).status).toBe(200);
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', { token: bare.secret }), 401, 'UNAUTHENTICATED');

    const other = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'feed.read', '--audience', 'seo-suite')) as {
      secret: string;
    };
    expectError(await request(system.baseUrl, 'POST', '/api/v1/me/revoke', { token: other.secret }), 403, 'WRONG_AUDIENCE');
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed', { token: owner.credential.secret })).status).toBe(200);
  });
});
