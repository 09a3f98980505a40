/**
 * Revocation is owned by the identity service: whichever path revokes (the public API, the operator
 * CLI, a direct identity RPC), every gateway replica refuses the Credential on its next request,
 * even where it was cached; and a revoke answered 503 changed nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, createClient } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, request, trickledRequest } from '../support/http.ts';
import { eventually } from '../support/processes.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let owner: Owner;
let replicas: string[];
beforeAll(async () => {
  // The rate limit on, as deployed: its round trip also reads the marker of a cached Credential
  // (without it, authentication reads the marker itself: gateway/test/authenticator.test.ts).
  system = await startSystem({ gatewayEnv: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  owner = await createCustomer(system);
  replicas = [system.baseUrl, await system.startGateway()];
});
afterAll(async () => {
  await system?.stop();
});

/** A Credential that both replicas have authenticated (and cached). */
async function cachedEverywhere(): Promise<{ id: string; secret: string }> {
  const made = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'account.read,feed.read')) as { id: string; secret: string };
  for (const base of replicas) {
    expect((await request(base, 'GET', '/api/v1/me', { token: made.secret })).status).toBe(200);
    expect((await request(base, 'GET', '/api/v1/feed', { token: made.secret })).status).toBe(200);
  }
  return made;
}

async function expectRefusedEverywhere(secret: string): Promise<void> {
  for (const base of replicas) {
    expectError(await request(base, 'GET', '/api/v1/me', { token: secret }), 401, 'UNAUTHENTICATED');
    expectError(await request(base, 'GET', '/api/v1/feed', { token: secret }), 401, 'UNAUTHENTICATED');
  }
}

describe('a revocation by any path is refused on the next request by every replica', () => {
  it('through the operator CLI', async () => {
    const c = await cachedEverywhere();
    expect(await system.admin('credential', 'revoke', '--site', owner.site.id, '--credential', c.id)).toMatchObject({
      id: c.id,
      revokedAt: expect.any(String),
    });
    await expectRefusedEverywhere(c.secret);
  });

  it('through a direct identity RPC', async () => {
    const c = await cachedEverywhere();
    const identity = createClient(loadProtos().cfs.identity.v1.IdentityService, system.addresses.identity, system.serviceTokens.admin);
    try {
      await callUnary(identity, 'RevokeCredential', { credentialId: c.id, siteId: owner.site.id, customerId: owner.customer.id }, { deadlineMs: 5000 });
    } finally {
      identity.close();
    }
    await expectRefusedEverywhere(c.secret);
  });
});

describe('a replica that missed the announcement', () => {
  it("refuses the revoked Credential on its next request all the same: the marker, read in the rate limit's round trip", async () => {
    const deaf = await system.startGateway({ deaf: true });
    const made = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'account.read,feed.read')) as { id: string; secret: string };
    for (let i = 0; i < 2; i++) expect((await request(deaf, 'GET', '/api/v1/me', { token: made.secret })).status).toBe(200);
    await system.admin('credential', 'revoke', '--site', owner.site.id, '--credential', made.id);
    expectError(await request(deaf, 'GET', '/api/v1/me', { token: made.secret }), 401, 'UNAUTHENTICATED');
    expectError(await request(deaf, 'GET', '/api/v1/feed', { token: made.secret }), 401, 'UNAUTHENTICATED');
  });

  it('refuses a write revoked while its body trickled in (its headers came before): nothing changed', async () => {
    let counted = 0; // rate-limit round trips of the replica, finished
    const deaf = await system.startGateway({
      deaf: true,
      wrap: (stores) => ({ ...stores, rateLimits: { hit: (...args) => stores.rateLimits.hit(...args).finally(() => (counted += 1)) } }),
    });
    const made = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'subscription.manage')) as { id: string; secret: string };
    const before = await request(deaf, 'GET', '/api/v1/subscriptions', { token: made.secret }); // cached
    expect(before.status).toBe(200);
    const body = JSON.stringify({ categories: ['technology', 'science'] });
    expect(before.body).not.toEqual(JSON.parse(body));
    const step1Done = counted;
    const write = trickledRequest(
      `${deaf}/api/v1/subscriptions`,
      'PUT',
      { authorization: `Bearer ${made.secret}`, 'content-type': 'application/json' },
      body,
      5,
    );
    await eventually(async () => counted > step1Done, 5000, 'counted by the rate limit'); // step 1 is behind it
    await system.admin('credential', 'revoke', '--site', owner.site.id, '--credential', made.id);
    const answer = await write.finish();
    expect({ status: answer.status, code: (answer.body as { error?: { code?: string } }).error?.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect((await request(system.baseUrl, 'GET', '/api/v1/subscriptions', { token: owner.credential.secret })).body).toEqual(before.body);
  });
});

describe('a revoke whose marker cannot be written', () => {
  it('answers 503 and changes nothing: the Credential keeps working', async () => {
    const broken = await startSystem({ revocationRedisUrl: 'redis://127.0.0.1:1' });
    try {
      const o = await createCustomer(broken);
      const made = (await broken.admin('credential', 'create', '--site', o.site.id, '--scopes', 'account.read')) as { id: string; secret: string };
      expect((await request(broken.baseUrl, 'GET', '/api/v1/me', { token: made.secret })).status).toBe(200);
      const revoke = await request(broken.baseUrl, 'POST', `/api/v1/account/sites/${o.site.id}/credentials/${made.id}/revoke`, { token: o.credential.secret });
      expectError(revoke, 503, 'SERVICE_UNAVAILABLE');
      expect((await request(broken.baseUrl, 'GET', '/api/v1/me', { token: made.secret })).status).toBe(200);
      const list = (await request(broken.baseUrl, 'GET', `/api/v1/account/sites/${o.site.id}/credentials`, { token: o.credential.secret })).body as {
        data: Array<{ id: string; revokedAt: string | null }>;
      };
      expect(list.data.find((c) => c.id === made.id)?.revokedAt).toBeNull();
    } finally {
      await broken.stop();
    }
  });
});
