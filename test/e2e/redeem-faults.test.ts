/** A transient failure during redemption changes nothing, and the same code then redeems. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFailpoints } from '@cfs/common/failpoints';
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
  setFailpoints('');
  await system?.stop();
});

describe('redeem under a transient failure (failpoint identity.redeem.beforeCommit=unavailable)', () => {
  it('answers 503, leaves no Credential behind, and the same code then redeems once', async () => {
    const auth = { token: owner.credential.secret };
    const credentials = async () =>
      ((await request(system.baseUrl, 'GET', `/api/v1/account/sites/${owner.site.id}/credentials`, auth)).body as { data: unknown[] }).data.length;
    const { code } = (await request(system.baseUrl, 'POST', `/api/v1/account/sites/${owner.site.id}/connection-codes`, auth)).body as { code: string };
    const before = await credentials();

    setFailpoints('identity.redeem.beforeCommit=2*unavailable');
    expectError(await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } }), 503, 'SERVICE_UNAVAILABLE');
    expectError(await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } }), 503, 'SERVICE_UNAVAILABLE');
    expect(await credentials()).toBe(before);

    const ok = await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } });
    expect(ok.status).toBe(201);
    expect(await credentials()).toBe(before + 1);
    expectError(await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } }), 401, 'UNAUTHENTICATED');
  });

  it('answers 500 with a generic message when redemption fails unexpectedly, and nothing changes', async () => {
    const auth = { token: owner.credential.secret };
    const { code } = (await request(system.baseUrl, 'POST', `/api/v1/account/sites/${owner.site.id}/connection-codes`, auth)).body as { code: string };
    setFailpoints('identity.redeem.beforeCommit=1*error');
    const res = await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } });
    expectError(res, 500, 'INTERNAL_ERROR');
    expect((res.body as { error: { message: string } }).error.message).not.toMatch(/failpoint/);
    expect((await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } })).status).toBe(201);
  });
});
