/**
 * Billing's plan changes reach the account service in order even when a call outlives its sender:
 * SetSitePlan carries the outbox's version of the Site's plan, and a change not above the last one
 * applied (a call that timed out at billing and arrived after a newer one) changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, createClient } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import type { AccountAdminServiceClient } from '@cfs/protos/generated/cfs/account/v1/AccountAdminService.js';
import { createCustomer, type Owner } from '../support/customers.ts';
import { request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let owner: Owner;
let asBilling: AccountAdminServiceClient;
let asOperator: AccountAdminServiceClient;
beforeAll(async () => {
  system = await startSystem();
  owner = await createCustomer(system);
  const { AccountAdminService } = loadProtos().cfs.account.v1;
  asBilling = createClient(AccountAdminService, system.addresses.account, system.serviceTokens.billing);
  asOperator = createClient(AccountAdminService, system.addresses.account, system.serviceTokens.admin);
});
afterAll(async () => {
  asBilling?.close();
  asOperator?.close();
  await system?.stop();
});

const setPlan = (client: AccountAdminServiceClient, plan: string, planVersion?: number) =>
  callUnary(client, 'SetSitePlan', { siteId: owner.site.id, plan, ...(planVersion === undefined ? {} : { planVersion }) }, { deadlineMs: 5000 });

async function planOf(): Promise<string> {
  const me = await request(system.baseUrl, 'GET', '/api/v1/me', { token: owner.credential.secret });
  expect(me.status).toBe(200);
  return (me.body as { site: { plan: string } }).site.plan;
}

describe("SetSitePlan with billing's version", () => {
  it('applies a newer change, and ignores an older one that arrives after it (answering the plan kept)', async () => {
    expect((await setPlan(asBilling, 'pro', 2)).site?.plan).toBe('pro');
    const late = await setPlan(asBilling, 'starter', 1);
    expect(late.site?.plan).toBe('pro');
    expect(await planOf()).toBe('pro');
    // The same version again (a retry of an applied call) changes nothing either.
    expect((await setPlan(asBilling, 'free', 2)).site?.plan).toBe('pro');
    expect((await setPlan(asBilling, 'starter', 3)).site?.plan).toBe('starter');
    expect(await planOf()).toBe('starter');
  });

  it("the operator's change has no version: it applies, and billing's next version still does", async () => {
    expect((await setPlan(asOperator, 'free')).site?.plan).toBe('free');
    expect(await planOf()).toBe('free');
    expect((await setPlan(asBilling, 'pro', 3)).site?.plan).toBe('free');
    expect((await setPlan(asBilling, 'pro', 4)).site?.plan).toBe('pro');
    expect(await planOf()).toBe('pro');
  });
});
