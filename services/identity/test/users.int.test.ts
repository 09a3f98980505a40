/**
 * Dashboard Users against the real PostgreSQL (a schema of its own per run): invite → accept → sign
 * in; every failed sign-in is the same UNAUTHENTICATED; an invitation works once, expires, and stops
 * working when the User is invited again; a refused password or a failure before COMMIT leaves it
 * usable; a User is unique per Customer and e-mail (compared without case), so inviting tells nothing
 * about other Customers and nobody can reserve an e-mail elsewhere; a Customer's invitations are
 * rate-limited; passwords are measured in characters (code points) and stored as scrypt hashes only;
 * and over gRPC only the callers IDENTITY_CALLERS names reach the user RPCs.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations } from '@cfs/common/migrate';
import { createPgAdapter } from '@cfs/common/database';
import { DomainError } from '@cfs/common/errors';
import { setFailpoints } from '@cfs/common/failpoints';
import { callUnary, createClient, grpc, type GrpcServer } from '@cfs/common/grpc';
import { newId } from '@cfs/common/ids';
import { createLogger } from '@cfs/common/logger';
import { newServiceTokens, ServiceCallers, type ServiceCaller } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { Credentials, type CredentialsConfig } from '../src/credentials.ts';
import { DashboardUsers, type UsersConfig } from '../src/users.ts';
import { verify } from '../src/passwords.ts';
import { createIdentityServer } from '../src/server.ts';

const schema = `identity_users_${process.pid}_${Date.now().toString(36)}`;
let db: PrismaClient;
let clock = new Date('2026-11-22T12:00:00Z');
const config: CredentialsConfig & UsersConfig = {
  pepper: 'p'.repeat(32),
  schema,
  knownProducts: ['content-feed'],
  connectionCodeTtlSeconds: 900,
  invitationTtlSeconds: 72 * 3600,
  now: () => clock,
};
let identity: DashboardUsers;

const PASSWORD = 'correct horse battery staple';
const SIGN_IN_FAILED = { code: 'UNAUTHENTICATED', message: 'The email or password is incorrect.' };
const INVITATION_INVALID = { code: 'UNAUTHENTICATED', message: 'The invitation link is not valid or has expired.' };
const USER_EXISTS = { code: 'CONFLICT', message: 'A user with this e-mail already exists.' };

const customer = () => newId('cus');
const email = () => `person-${randomBytes(6).toString('hex')}@example.com`;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('expected a failure'),
    (err: unknown) => {
      expect(err).toBeInstanceOf(DomainError);
      return { code: (err as DomainError).code, message: (err as DomainError).message };
    },
  );

/** A User of a new Customer who has accepted an invitation. */
async function activeUser() {
  const customerId = customer();
  const address = email();
  const { user, token } = await identity.inviteUser(customerId, address);
  await identity.acceptInvitation(token, PASSWORD);
  return { customerId, email: address, user };
}

beforeAll(async () => {
  const target = { connectionString: inject('databaseUrl'), schema };
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  db = new PrismaClient({ adapter: await createPgAdapter(target, 4) });
  identity = new DashboardUsers(db, config);
});

afterEach(() => {
  clock = new Date('2026-11-22T12:00:00Z');
  setFailpoints('');
});

afterAll(async () => {
  await db?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.$disconnect();
});

describe('invitations', () => {
  it('invite → accept → sign in', async () => {
    const customerId = customer();
    const address = email();
    const invited = await identity.inviteUser(customerId, `  ${address.toUpperCase()} `);
    expect(invited.user).toMatchObject({ customerId, email: address, passwordSetAt: null });
    expect(invited.user.id).toMatch(/^usr_[0-9a-z]{26}$/);
    expect(invited.token).toMatch(/^cfi_[A-Za-z0-9_-]{43}$/);
    expect(invited.expiresAt).toEqual(new Date(clock.getTime() + 72 * 3600 * 1000));

    const accepted = await identity.acceptInvitation(invited.token, PASSWORD);
    expect(accepted).toMatchObject({ id: invited.user.id, email: address, passwordSetAt: clock });
    expect(await identity.signIn(address, PASSWORD)).toEqual(accepted);
    expect(await identity.getUser(invited.user.id)).toEqual(accepted);
  });

  it('stores the password as a scrypt hash only, with a salt of its own', async () => {
    const a = await activeUser();
    const b = await activeUser();
    const rows = await db.dashboardUser.findMany({ where: { id: { in: [a.user.id, b.user.id] } } });
    for (const row of rows) {
      expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{43}\$[A-Za-z0-9_-]{86}$/);
      expect(row.passwordHash).not.toContain(PASSWORD);
      expect(await verify(PASSWORD, row.passwordHash!)).toBe(true);
      expect(await verify(`${PASSWORD}!`, row.passwordHash!)).toBe(false);
    }
    expect(rows[0]!.passwordHash).not.toBe(rows[1]!.passwordHash);
  });

  it('works once: a second acceptance is UNAUTHENTICATED and the first password stays', async () => {
    const { user, token } = await identity.inviteUser(customer(), email());
    await identity.acceptInvitation(token, PASSWORD);
    expect(await failure(identity.acceptInvitation(token, 'another password 123'))).toEqual(INVITATION_INVALID);
    expect(await identity.signIn(user.email, PASSWORD)).toMatchObject({ id: user.id });
  });

  it('expires after 72 hours', async () => {
    const { token } = await identity.inviteUser(customer(), email());
    clock = new Date(clock.getTime() + 72 * 3600 * 1000);
    expect(await failure(identity.acceptInvitation(token, PASSWORD))).toEqual(INVITATION_INVALID);
  });

  it('refuses a malformed or unknown token with the same answer', async () => {
    for (const token of ['', 'cfi_short', `cfs_${'a'.repeat(43)}`, `cfi_${'a'.repeat(42)}!`, `cfi_${randomBytes(32).toString('base64url')}`]) {
      expect(await failure(identity.acceptInvitation(token, PASSWORD))).toEqual(INVITATION_INVALID);
    }
  });

  it('stops working when the User is invited again; the new link works', async () => {
    const customerId = customer();
    const address = email();
    const first = await identity.inviteUser(customerId, address);
    const second = await identity.inviteUser(customerId, address.toUpperCase());
    expect(second.user.id).toBe(first.user.id);
    expect(second.token).not.toBe(first.token);
    expect(await failure(identity.acceptInvitation(first.token, PASSWORD))).toEqual(INVITATION_INVALID);
    await identity.acceptInvitation(second.token, PASSWORD);
  });

  it('refuses a password shorter than 12 or longer than 256 characters, and the link stays usable', async () => {
    const { user, token } = await identity.inviteUser(customer(), email());
    for (const password of ['', 'elevenchars', 'x'.repeat(257)]) {
      expect(await failure(identity.acceptInvitation(token, password))).toEqual({
        code: 'MALFORMED_REQUEST',
        message: 'The password must be 12 to 256 characters.',
      });
    }
    expect((await identity.getUser(user.id)).passwordSetAt).toBeNull();
    await identity.acceptInvitation(token, 'twelve chars');
  });

  it('changes nothing when the acceptance fails before COMMIT: the link stays usable', async () => {
    const { user, token } = await identity.inviteUser(customer(), email());
    setFailpoints('identity.invitation.beforeCommit=1*unavailable');
    expect((await failure(identity.acceptInvitation(token, PASSWORD))).code).toBe('SERVICE_UNAVAILABLE');
    expect((await identity.getUser(user.id)).passwordSetAt).toBeNull();
    await identity.acceptInvitation(token, PASSWORD);
  });

  it('refuses an e-mail whose User of this Customer has set a password', async () => {
    const { customerId, email: address } = await activeUser();
    expect(await failure(identity.inviteUser(customerId, address))).toEqual(USER_EXISTS);
    expect(await failure(identity.inviteUser(customerId, address.toUpperCase()))).toEqual(USER_EXISTS);
  });

  it("answers an e-mail of another Customer's User exactly as a new one, and leaves that User alone", async () => {
    const active = await activeUser();
    const invitedOnly = email();
    const elsewhere = await identity.inviteUser(customer(), invitedOnly);
    const shape = (answer: Awaited<ReturnType<DashboardUsers['inviteUser']>>, customerId: string, address: string) => {
      expect(answer.user).toEqual({ id: expect.stringMatching(/^usr_/), customerId, email: address, createdAt: clock, passwordSetAt: null });
      expect(answer.token).toMatch(/^cfi_[A-Za-z0-9_-]{43}$/);
      expect(answer.expiresAt).toEqual(new Date(clock.getTime() + 72 * 3600 * 1000));
    };
    const asker = customer();
    for (const address of [active.email, invitedOnly, email()]) shape(await identity.inviteUser(asker, address.toUpperCase()), asker, address);
    // The other Customers' Users are as they were: the active one signs in, the invited one's link works.
    expect(await identity.signIn(active.email, PASSWORD)).toMatchObject({ id: active.user.id, customerId: active.customerId });
    expect(await identity.acceptInvitation(elsewhere.token, PASSWORD)).toMatchObject({ id: elsewhere.user.id });
  });

  it("cannot be squatted: an e-mail taken first by another Customer still becomes the new Customer's owner", async () => {
    const address = email();
    const squatter = customer();
    const squatted = await identity.inviteUser(squatter, address);
    await identity.acceptInvitation(squatted.token, "the squatter's password");
    const owner = customer();
    const invited = await identity.inviteUser(owner, address);
    expect(invited.user).toMatchObject({ customerId: owner, email: address });
    await identity.acceptInvitation(invited.token, PASSWORD);
    // Each password opens its own Customer's User.
    expect(await identity.signIn(address, PASSWORD)).toMatchObject({ id: invited.user.id, customerId: owner });
    expect(await identity.signIn(address, "the squatter's password")).toMatchObject({ id: squatted.user.id, customerId: squatter });
    expect(await failure(identity.signIn(address, 'neither of the two'))).toEqual(SIGN_IN_FAILED);
  });

  it('limits the invitations of a Customer in a window, counted one after the other in a burst', async () => {
    const limited = new DashboardUsers(db, { ...config, invitationLimit: { count: 3, windowSeconds: 3600 } });
    const customerId = customer();
    const answers = await Promise.allSettled(Array.from({ length: 10 }, () => limited.inviteUser(customerId, email())));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    for (const refused of answers.filter((a) => a.status === 'rejected')) {
      expect(refused.reason).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many invitations for this account: at most 3 in 60 minutes. Try again later.',
      });
    }
    // Another Customer is not affected; this one may invite again once the window has passed.
    await limited.inviteUser(customer(), email());
    clock = new Date(clock.getTime() + 3600 * 1000 + 1);
    await limited.inviteUser(customerId, email());
  });

  it('refuses what is not an e-mail address, or longer than 254 characters', async () => {
    for (const bad of ['', 'not an e-mail', 'a@', `${'a'.repeat(64)}@${'b'.repeat(186)}.com`]) {
      expect((await failure(identity.inviteUser(customer(), bad))).code).toBe('MALFORMED_REQUEST');
    }
  });
});

describe('sign-in', () => {
  it('answers a wrong password, an unknown e-mail and a User without a password alike', async () => {
    const { email: address } = await activeUser();
    const { user: invited } = await identity.inviteUser(customer(), email());
    const answers = [
      await failure(identity.signIn(address, `${PASSWORD}?`)),
      await failure(identity.signIn(email(), PASSWORD)),
      await failure(identity.signIn(invited.email, PASSWORD)),
      await failure(identity.signIn(address, 'x'.repeat(10_000))),
      await failure(identity.signIn('', '')),
    ];
    for (const answer of answers) expect(answer).toEqual(SIGN_IN_FAILED);
  });

  it('signs in the User whose password it is, of the Customers an e-mail belongs to; the last set when it is several', async () => {
    const address = email();
    const users = [];
    for (const password of [PASSWORD, 'another password 42', PASSWORD]) {
      const { token } = await identity.inviteUser(customer(), address);
      users.push(await identity.acceptInvitation(token, password));
      clock = new Date(clock.getTime() + 1000);
    }
    expect(await identity.signIn(address, 'another password 42')).toEqual(users[1]);
    expect(await identity.signIn(address, PASSWORD)).toEqual(users[2]);
    // One salt for all of an e-mail's passwords: checking them all costs one scrypt.
    const rows = await db.dashboardUser.findMany({ where: { email: address } });
    expect(new Set(rows.map((r) => r.passwordHash!.split('$')[4]))).toHaveProperty('size', 1);
    expect(new Set(rows.map((r) => r.passwordHash))).toHaveProperty('size', 2);
  });

  it('counts password characters as code points, at invitation and at sign-in alike', async () => {
    const emoji = '😀';
    const longest = emoji.repeat(256);
    const { user, token } = await identity.inviteUser(customer(), email());
    expect(await failure(identity.acceptInvitation(token, emoji.repeat(257)))).toEqual({
      code: 'MALFORMED_REQUEST',
      message: 'The password must be 12 to 256 characters.',
    });
    await identity.acceptInvitation(token, longest);
    expect(await identity.signIn(user.email, longest)).toMatchObject({ id: user.id });
    expect(await failure(identity.signIn(user.email, longest + emoji))).toEqual(SIGN_IN_FAILED);
    expect(await failure(identity.signIn(user.email, emoji.repeat(128)))).toEqual(SIGN_IN_FAILED);
  });

  it('compares the e-mail without case and around spaces', async () => {
    const { email: address, user } = await activeUser();
    expect(await identity.signIn(` ${address.toUpperCase()}\t`, PASSWORD)).toMatchObject({ id: user.id, email: address });
  });
});

describe('users', () => {
  it('lists the Users of a Customer oldest first, whether active or not', async () => {
    const customerId = customer();
    const [a, b, c] = [email(), email(), email()];
    const first = await identity.inviteUser(customerId, a);
    clock = new Date(clock.getTime() + 1000);
    await identity.inviteUser(customerId, b);
    clock = new Date(clock.getTime() + 1000);
    await identity.inviteUser(customerId, c);
    await identity.acceptInvitation(first.token, PASSWORD);
    await identity.inviteUser(customer(), email());
    const users = await identity.listUsers(customerId);
    expect(users.map((u) => u.email)).toEqual([a, b, c]);
    expect(users.map((u) => u.passwordSetAt !== null)).toEqual([true, false, false]);
    expect(await identity.listUsers(customer())).toEqual([]);
  });

  it('answers NOT_FOUND for an unknown User', async () => {
    expect(await failure(identity.getUser(newId('usr')))).toEqual({ code: 'NOT_FOUND', message: 'The user was not found.' });
  });
});

describe('over gRPC', () => {
  const { cfs } = loadProtos();
  const { tokens, callers } = newServiceTokens();
  let server: GrpcServer;
  let address: string;
  const as = (caller: ServiceCaller) => createClient(cfs.identity.v1.IdentityService, address, tokens[caller]);

  beforeAll(async () => {
    server = createIdentityServer({
      prisma: db,
      credentials: new Credentials(db, config),
      users: new DashboardUsers(db, config),
      logger: createLogger('test', { level: 'silent' }),
      callers: ServiceCallers.parse(callers),
    });
    address = `127.0.0.1:${await server.listen('127.0.0.1:0')}`;
  });
  afterAll(async () => {
    await server?.shutdown(100);
  });

  it('serves the dashboard: invite, accept, sign in, get, list; User messages carry no hash', async () => {
    const dashboard = as('dashboard');
    const opts = { deadlineMs: 5000 };
    const customerId = customer();
    const invited = await callUnary(dashboard, 'InviteUser', { customerId, email: email() }, opts);
    expect(invited.user).toMatchObject({ customerId, active: false });
    expect(invited.expiresAt).toBe(new Date(clock.getTime() + 72 * 3600 * 1000).toISOString());
    const accepted = await callUnary(dashboard, 'AcceptInvitation', { invitationToken: invited.invitationToken, password: PASSWORD }, opts);
    expect(accepted.user).toEqual({ ...invited.user, active: true });
    expect((await callUnary(dashboard, 'SignIn', { email: invited.user!.email, password: PASSWORD }, opts)).user).toEqual(accepted.user);
    expect((await callUnary(dashboard, 'GetUser', { userId: invited.user!.id }, opts)).user).toEqual(accepted.user);
    expect((await callUnary(dashboard, 'ListUsers', { customerId }, opts)).users).toEqual([accepted.user]);
    const wrong = await callUnary(dashboard, 'SignIn', { email: invited.user!.email, password: 'wrong password!' }, opts).catch((e: unknown) => e);
    expect(wrong).toMatchObject(SIGN_IN_FAILED);
    expect(((wrong as DomainError).cause as grpc.ServiceError).code).toBe(grpc.status.UNAUTHENTICATED);
    dashboard.close();
  });

  it("refuses the gateway's token for every user RPC, and billing's for all of them", async () => {
    const status = (caller: ServiceCaller, call: (c: ReturnType<typeof as>) => Promise<unknown>) => {
      const client = as(caller);
      return call(client)
        .then(
          () => 'OK',
          (err: unknown) => ((err as DomainError).cause as grpc.ServiceError | undefined)?.code,
        )
        .finally(() => client.close());
    };
    const opts = { deadlineMs: 5000 };
    const calls: Array<(c: ReturnType<typeof as>) => Promise<unknown>> = [
      (c) => callUnary(c, 'InviteUser', { customerId: customer(), email: email() }, opts),
      (c) => callUnary(c, 'AcceptInvitation', { invitationToken: 'cfi_x', password: PASSWORD }, opts),
      (c) => callUnary(c, 'SignIn', { email: email(), password: PASSWORD }, opts),
      (c) => callUnary(c, 'GetUser', { userId: newId('usr') }, opts),
      (c) => callUnary(c, 'ListUsers', { customerId: customer() }, opts),
    ];
    for (const call of calls) {
      expect(await status('gateway', call)).toBe(grpc.status.PERMISSION_DENIED);
      expect(await status('billing', call)).toBe(grpc.status.PERMISSION_DENIED);
    }
    expect(await status('admin', calls[0]!)).toBe('OK');
    expect(await status('admin', calls[2]!)).toBe(grpc.status.PERMISSION_DENIED);
  });
});
