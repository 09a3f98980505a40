/**
 * Service-to-service authentication: every service admits only the callers that need
 * each RPC. The gateway's own token — what an attacker who took over a gateway pod would hold — is
 * refused by every operator RPC (plan changes, customer creation, object writes, imports), a call
 * without a token is refused by every RPC, and nothing changes; the operator and billing keep theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, createClient, grpc } from '@cfs/common/grpc';
import type { DomainError } from '@cfs/common/errors';
import type { ServiceCaller } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import { createCustomer, type Owner } from '../support/customers.ts';
import { request } from '../support/http.ts';
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

type Refusal = { status: number | undefined; code: string };

/** One call with the given caller's token (or none); the gRPC status it ended with. */
async function callAs<C extends grpc.Client>(
  Ctor: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C,
  address: string,
  caller: ServiceCaller | undefined,
  invoke: (client: C) => Promise<unknown>,
): Promise<Refusal | 'OK'> {
  const client = createClient(Ctor, address, caller ? system.serviceTokens[caller] : undefined);
  try {
    await invoke(client);
    return 'OK';
  } catch (err) {
    const cause = (err as DomainError).cause as grpc.ServiceError | undefined;
    return { status: cause?.code, code: (err as DomainError).code };
  } finally {
    client.close();
  }
}

const denied: Refusal = { status: grpc.status.PERMISSION_DENIED, code: 'INTERNAL_ERROR' };
const unauthenticated: Refusal = { status: grpc.status.UNAUTHENTICATED, code: 'INTERNAL_ERROR' };

async function planOf(token: string): Promise<string> {
  const me = await request(system.baseUrl, 'GET', '/api/v1/me', { token });
  expect(me.status).toBe(200);
  return (me.body as { site: { plan: string } }).site.plan;
}

describe("the gateway's identity cannot call operator RPCs", () => {
  const { cfs } = loadProtos();
  const opts = { deadlineMs: 5000 };

  it('SetSitePlan → PERMISSION_DENIED, and the plan is unchanged', async () => {
    const before = await planOf(owner.credential.secret);
    const result = await callAs(cfs.account.v1.AccountAdminService, system.addresses.account, 'gateway', (c) =>
      callUnary(c, 'SetSitePlan', { siteId: owner.site.id, plan: 'pro' }, opts),
    );
    expect(result).toEqual(denied);
    expect(before).not.toBe('pro');
    expect(await planOf(owner.credential.secret)).toBe(before);
  });

  it('CreateCustomer, PutObject, ImportArticles, RecordAiUsage → PERMISSION_DENIED', async () => {
    expect(
      await callAs(cfs.account.v1.AccountAdminService, system.addresses.account, 'gateway', (c) =>
        callUnary(c, 'CreateCustomer', { name: 'Mallory', email: 'm@example.com', plan: 'pro', siteName: 'm', siteUrl: 'https://m.example.com' }, opts),
      ),
    ).toEqual(denied);
    expect(
      await callAs(cfs.media.v1.MediaAdminService, system.addresses.media, 'gateway', (c) =>
        callUnary(c, 'PutObject', { key: 'ai/evil.png', contentType: 'image/png', data: Buffer.from('x') }, opts),
      ),
    ).toEqual(denied);
    expect(await callAs(cfs.feed.v1.FeedAdminService, system.addresses.feed, 'gateway', (c) => callUnary(c, 'ImportArticles', { articles: [] }, opts))).toEqual(
      denied,
    );
    expect(
      await callAs(cfs.media.v1.MediaAdminService, system.addresses.media, 'gateway', (c) =>
        callUnary(c, 'RecordAiUsage', { siteId: owner.site.id, units: 1, kind: 'image' }, opts),
      ),
    ).toEqual(denied);
    // Nothing was written: the object is not there.
    expect((await fetch(`${system.baseUrl}/media/generated/ai/evil.png`)).status).toBe(404);
  });

  it('the gateway cannot reach the content loop and changes feed RPCs: ListAiSites, RemoveArticles, NoteSiteChanges, QueueGenerations', async () => {
    const site = { siteId: owner.site.id };
    expect(
      await callAs(cfs.account.v1.AccountAdminService, system.addresses.account, 'gateway', (c) =>
        callUnary(c, 'ListAiSites', { afterSiteId: '', limit: 1, siteIds: [] }, opts),
      ),
    ).toEqual(denied);
    expect(await callAs(cfs.feed.v1.FeedAdminService, system.addresses.feed, 'gateway', (c) => callUnary(c, 'RemoveArticles', { ids: ['x'] }, opts))).toEqual(
      denied,
    );
    expect(
      await callAs(cfs.feed.v1.FeedAdminService, system.addresses.feed, 'gateway', (c) =>
        callUnary(c, 'NoteSiteChanges', { ...site, articleIds: ['x'] }, opts),
      ),
    ).toEqual(denied);
    expect(
      await callAs(cfs.media.v1.MediaAdminService, system.addresses.media, 'gateway', (c) => callUnary(c, 'QueueGenerations', { jobs: [] }, opts)),
    ).toEqual(denied);
  });

  it('media, a caller for its planner, reaches what it plans with and nothing an operator or billing does', async () => {
    expect(
      await callAs(cfs.account.v1.AccountAdminService, system.addresses.account, 'media', (c) =>
        callUnary(c, 'ListAiSites', { afterSiteId: '', limit: 1, siteIds: [] }, opts),
      ),
    ).toBe('OK');
    expect(
      await callAs(cfs.account.v1.AccountAdminService, system.addresses.account, 'media', (c) =>
        callUnary(c, 'SetSitePlan', { siteId: owner.site.id, plan: 'pro' }, opts),
      ),
    ).toEqual(denied);
    expect(await callAs(cfs.feed.v1.FeedAdminService, system.addresses.feed, 'media', (c) => callUnary(c, 'RemoveArticles', { ids: ['x'] }, opts))).toEqual(
      denied,
    );
    expect(await callAs(cfs.feed.v1.FeedAdminService, system.addresses.feed, 'media', (c) => callUnary(c, 'ImportArticles', { articles: [] }, opts))).toEqual(
      denied,
    );
    expect(
      await callAs(cfs.identity.v1.IdentityService, system.addresses.identity, 'media', (c) => callUnary(c, 'Authenticate', { token: 'cfs_x' }, opts)),
    ).toEqual(denied);
  });

  it('billing may change a plan but not authenticate Credentials; the operator may not authenticate either', async () => {
    expect(
      await callAs(cfs.identity.v1.IdentityService, system.addresses.identity, 'billing', (c) =>
        callUnary(c, 'Authenticate', { token: owner.credential.secret }, opts),
      ),
    ).toEqual(denied);
    expect(
      await callAs(cfs.identity.v1.IdentityService, system.addresses.identity, 'admin', (c) =>
        callUnary(c, 'Authenticate', { token: owner.credential.secret }, opts),
      ),
    ).toEqual(denied);
    expect(await callAs(cfs.account.v1.AccountAdminService, system.addresses.account, 'billing', (c) => callUnary(c, 'GetPlanCatalog', {}, opts))).toBe('OK');
  });
});

describe('a call without a service token', () => {
  it('is refused by every service, customer-facing RPCs included', async () => {
    const { cfs } = loadProtos();
    const opts = { deadlineMs: 5000 };
    const refused = await Promise.all([
      callAs(cfs.identity.v1.IdentityService, system.addresses.identity, undefined, (c) =>
        callUnary(c, 'Authenticate', { token: owner.credential.secret }, opts),
      ),
      callAs(cfs.account.v1.AccountService, system.addresses.account, undefined, (c) => callUnary(c, 'ResolveSite', { siteId: owner.site.id }, opts)),
      callAs(cfs.feed.v1.FeedService, system.addresses.feed, undefined, (c) => callUnary(c, 'ListCategories', {}, opts)),
      callAs(cfs.billing.v1.BillingService, system.addresses.billing, undefined, (c) => callUnary(c, 'GetSubscription', { siteId: owner.site.id }, opts)),
      callAs(cfs.seo.v1.SeoService, system.addresses.seo, undefined, (c) => callUnary(c, 'GetProfile', { siteId: owner.site.id }, opts)),
      callAs(cfs.media.v1.MediaService, system.addresses.media, undefined, (c) => callUnary(c, 'GetAiImagesStatus', {}, opts)),
    ]);
    for (const r of refused) expect(r).toEqual(unauthenticated);
  });

  it('still gets health answers (probes carry no token)', async () => {
    const { grpc: health } = loadProtos();
    const client = createClient(health.health.v1.Health, system.addresses.account);
    const status = await new Promise<string | undefined>((resolve) =>
      client.Check({ service: 'cfs.account.v1.AccountAdminService' }, { deadline: Date.now() + 2000 }, (err, res) =>
        resolve(err ? String(err.code) : res?.status),
      ),
    );
    client.close();
    expect(status).toBe('SERVING');
  });
});

describe('the operator CLI with its own token', () => {
  it('changes a plan (SetSitePlan admits the operator)', async () => {
    const o = await createCustomer(system);
    await system.admin('site', 'set-plan', '--site', o.site.id, '--plan', 'pro');
    expect(await planOf(o.credential.secret)).toBe('pro');
  });
});
