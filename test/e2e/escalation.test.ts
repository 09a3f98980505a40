/**
 * No escalation: a Credential holding account.manage creates Credentials, and mints connection codes,
 * only with scopes and the audience it holds, and none that outlives it; a code of a Credential
 * revoked or expired by the redemption redeems for nothing. The owner Credential (every scope, no
 * expiry) is limited only to its audience; codes of the operator CLI and the dashboard are unaffected.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setFailpoints } from '@cfs/common/failpoints';
import { callUnary, createClient } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, request, type Answer } from '../support/http.ts';
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

async function delegate(scopes: string, expiresInSeconds?: number, ...more: string[]): Promise<{ id: string; secret: string; expiresAt?: string | null }> {
  const flags = [
    'credential',
    'create',
    '--site',
    owner.site.id,
    '--scopes',
    scopes,
    ...(expiresInSeconds ? ['--expires-in', String(expiresInSeconds)] : []),
    ...more,
  ];
  return (await system.admin(...flags)) as { id: string; secret: string; expiresAt?: string | null };
}

const codesPath = () => `/api/v1/account/sites/${owner.site.id}/connection-codes`;
const mint = (token: string, expiresIn?: number) => request(system.baseUrl, 'POST', codesPath(), { token, ...(expiresIn ? { body: { expiresIn } } : {}) });
const redeem = (code: string) => request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } });
const redeemed = (answer: Answer) => (answer.body as { credential: { secret: string; scopes: string[]; expiresAt: string | null } }).credential;

/** Runs SQL on the system's database (the identity service's tables are in the schema identity). */
async function sql<T extends object>(text: string, values: unknown[]): Promise<T[]> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}
/** A transaction that changed credentials and waits, uncommitted (the revoke, at its failpoint). */
const HOLDING_CREDENTIAL_ROWS = `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
  WHERE l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.relation = 'identity.credentials'::regclass AND l.mode = 'RowExclusiveLock' AND a.state = 'idle in transaction'`;
const codeCount = async () =>
  Number((await sql<{ n: string }>('SELECT count(*) AS n FROM identity.connection_codes WHERE site_id = $1', [owner.site.id]))[0]!.n);

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
    const earlier = await request(system.baseUrl, 'POST', credentialsPath(), {
      token: manager,
      body: { name: 'earlier', scopes: ['feed.read'], expiresAt: sooner },
    });
    for (const answer of [forever, later, earlier]) expect(answer.status).toBe(201);
    const expiryOf = (answer: { body: unknown }) => Date.parse((answer.body as { expiresAt: string }).expiresAt);
    expect(expiryOf(forever)).toBe(managerExpiry);
    expect(expiryOf(later)).toBe(managerExpiry);
    expect(expiryOf(earlier)).toBe(Date.parse(sooner));
  });

  it('cannot grant another audience, not even as the owner: 403 SCOPE_DENIED, nothing created', async () => {
    const manager = (await delegate('account.manage,feed.read')).secret;
    const before = (await list()).data.length;
    for (const token of [owner.credential.secret, manager]) {
      const answer = await request(system.baseUrl, 'POST', credentialsPath(), {
        token,
        body: { name: 'sibling', scopes: ['feed.read'], audience: 'seo-suite' },
      });
      expectError(answer, 403, 'SCOPE_DENIED');
    }
    expect((await list()).data.length).toBe(before);
    // The operator CLI chooses any known audience.
    expect(await delegate('feed.read', undefined, '--audience', 'seo-suite')).toMatchObject({ audience: 'seo-suite' });
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

describe('a Credential minting connection codes', () => {
  it('must hold the scopes the code grants: 403 SCOPE_DENIED, no code', async () => {
    const before = await codeCount();
    for (const scopes of ['account.manage', 'account.manage,feed.read', 'account.manage,subscription.manage']) {
      expectError(await mint((await delegate(scopes, 3600)).secret, 7 * 86_400), 403, 'SCOPE_DENIED');
    }
    expect(await codeCount()).toBe(before);
  });

  it('that expires: the code and the Credential it redeems for expire when it does (without webhooks.manage, which it lacks)', async () => {
    const issuer = await delegate('account.manage,feed.read,subscription.manage', 3600);
    const minted = await mint(issuer.secret, 7 * 86_400);
    expect(minted.status).toBe(201);
    expect((minted.body as { expiresAt: string }).expiresAt).toBe(issuer.expiresAt);
    const answer = await redeem((minted.body as { code: string }).code);
    expect(answer.status).toBe(201);
    expect(redeemed(answer)).toMatchObject({ scopes: ['feed.read', 'subscription.manage'], expiresAt: issuer.expiresAt });
  });

  it('revoked or expired before the redemption: its unredeemed code is 401 and redeems for nothing', async () => {
    const revoked = await delegate('account.manage,feed.read,subscription.manage');
    const expired = await delegate('account.manage,feed.read,subscription.manage', 3600);
    const codes = [];
    for (const issuer of [revoked, expired]) codes.push(((await mint(issuer.secret)).body as { code: string }).code);
    expect((await request(system.baseUrl, 'POST', `${credentialsPath()}/${revoked.id}/revoke`, { token: owner.credential.secret })).status).toBe(200);
    await sql("UPDATE identity.credentials SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    const before = (await list()).data.length;
    for (const code of codes) expectError(await redeem(code), 401, 'UNAUTHENTICATED');
    expect((await list()).data.length).toBe(before);
  });

  it('revoked while its code is redeemed: the redemption waits for the revoke, then is 401', async () => {
    const issuer = await delegate('account.manage,feed.read,subscription.manage');
    const { code } = (await mint(issuer.secret)).body as { code: string };
    // The revoke holds the issuer's row (updated, not yet committed) while the code is redeemed.
    setFailpoints('identity.revoke.beforeCommit=1*delay(1000)');
    try {
      const revoke = request(system.baseUrl, 'POST', `${credentialsPath()}/${issuer.id}/revoke`, { token: owner.credential.secret });
      await expect.poll(async () => (await sql(HOLDING_CREDENTIAL_ROWS, [])).length, { timeout: 5000, interval: 10 }).toBeGreaterThan(0);
      expectError(await redeem(code), 401, 'UNAUTHENTICATED');
      expect((await revoke).status).toBe(200);
    } finally {
      setFailpoints('');
    }
  });

  it('of another audience is refused by identity itself: SCOPE_DENIED, no code', async () => {
    // The gateway refuses a seo-suite Credential before any route (WRONG_AUDIENCE); identity's own
    // rule is what holds for any other caller passing an issuer.
    const sibling = await delegate('account.manage,feed.read,subscription.manage', undefined, '--audience', 'seo-suite');
    const before = await codeCount();
    const identity = createClient(loadProtos().cfs.identity.v1.IdentityService, system.addresses.identity, system.serviceTokens.gateway);
    try {
      const request = { siteId: owner.site.id, customerId: owner.customer.id, expiresInSeconds: 0, issuerCredentialId: sibling.id };
      await expect(callUnary(identity, 'CreateConnectionCode', request, { deadlineMs: 5000 })).rejects.toMatchObject({ code: 'SCOPE_DENIED' });
    } finally {
      identity.close();
    }
    expect(await codeCount()).toBe(before);
  });

  it('the owner, the operator CLI: codes redeem for a Credential that never expires, with webhooks.manage', async () => {
    const fromOwner = ((await mint(owner.credential.secret)).body as { code: string }).code;
    const fromCli = ((await system.admin('connection-code', 'create', '--site', owner.site.id, '--expires-in', String(7 * 86_400))) as { code: string }).code;
    for (const code of [fromOwner, fromCli]) {
      const answer = await redeem(code);
      expect(answer.status).toBe(201);
      expect(redeemed(answer)).toMatchObject({ scopes: ['feed.read', 'subscription.manage', 'webhooks.manage'], expiresAt: null });
    }
  });
});
