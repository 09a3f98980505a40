/**
 * The identity domain: Credentials, connection codes, and the dashboard's Users with their
 * invitations. Only keyed hashes of tokens and scrypt hashes of passwords are stored.
 */
import { conflict, DomainError, malformed, notFound, unauthenticated } from '@cfs/common/errors';
import { announceRevocation, MemoryRevocationMarkers, type RevocationMarkers } from '@cfs/common/revocations';
import { MemoryBus, type Bus } from '@cfs/common/bus';
import { commitWithinBudget } from '@cfs/common/transactions';
import { newId } from '@cfs/common/ids';
import { CONNECTION_CODE_MAX_SECONDS, connectionCodeLifetime, credentialName, credentialScopes, parseOrRefuse } from '@cfs/common/rules';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength, passwordLengthAllowed, userEmail } from '@cfs/common/rules';
import { CONNECTOR_SCOPES } from '@cfs/common/scopes';
import { CONTENT_FEED_PRODUCT } from '@cfs/common/products';
import type { Prisma, PrismaClient, Credential as CredentialRow, DashboardUser as DashboardUserRow } from './generated/prisma/client.ts';
import * as passwords from './passwords.ts';
import {
  CONNECTION_CODE_PATTERN,
  hashesEqual,
  INVITATION_TOKEN_PATTERN,
  keyedHash,
  mintConnectionCode,
  mintInvitationToken,
  mintToken,
  parseToken,
} from './tokens.ts';

export type Credential = Omit<CredentialRow, 'lookupId' | 'secretHash'>;
/** A dashboard User without its password hash; active once passwordSetAt is set. */
export type User = Omit<DashboardUserRow, 'passwordHash'>;

export interface IdentityConfig {
  pepper: string;
  knownProducts: string[];
  connectionCodeTtlSeconds: number;
  /** How long an invitation link works (INVITATION_TTL_SECONDS; 72 hours unless set). */
  invitationTtlSeconds?: number;
  /** At most this many invitations per Customer in a window (DEFAULT_INVITATION_LIMIT unless set). */
  invitationLimit?: { count: number; windowSeconds: number };
  /** The clock; injectable so tests can move time. */
  now?: () => Date;
}

export interface NewCredential {
  siteId: string;
  customerId: string;
  name: string;
  scopes: string[];
  audience: string;
  expiresAt?: Date | null;
  /** The Credential asking, through the public API: no escalation beyond its scopes, audience and expiry. */
  issuerCredentialId?: string;
}

export interface NewConnectionCode {
  siteId: string;
  customerId: string;
  /** 0 or absent: the configured default. */
  expiresInSeconds?: number;
  /** The Credential asking, through the public API: it must be able to grant what the code grants. */
  issuerCredentialId?: string;
}

/** What a Credential minted through the public API would hold: checked against its issuer. */
interface Grant {
  customerId: string;
  scopes: readonly string[];
  audience: string;
  expiresAt: Date | null;
}

interface IssuerRow {
  scopes: string[];
  audience: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** What a redeemed connection code grants. */
const CONNECTOR_GRANT = { scopes: CONNECTOR_SCOPES, audience: CONTENT_FEED_PRODUCT } as const;

const PUBLIC_FIELDS = {
  id: true,
  siteId: true,
  customerId: true,
  name: true,
  scopes: true,
  audience: true,
  expiresAt: true,
  revokedAt: true,
  createdAt: true,
} as const;

const USER_FIELDS = { id: true, customerId: true, email: true, createdAt: true, passwordSetAt: true } as const;

export const DEFAULT_INVITATION_TTL_SECONDS = 72 * 3600;
/** Enough for a team joining at once; few enough that an account cannot be used to mint invitations in bulk. */
export const DEFAULT_INVITATION_LIMIT = { count: 20, windowSeconds: 3600 };

/** One answer for every failed sign-in, so it tells nothing about which e-mails have a User. */
const SIGN_IN_FAILED = 'The email or password is incorrect.';
const INVITATION_INVALID = 'The invitation link is not valid or has expired.';
const USER_EXISTS = 'A user with this e-mail already exists.';
const TOO_MANY_INVITATIONS = (limit: { count: number; windowSeconds: number }) =>
  `Too many invitations for this account: at most ${limit.count} in ${Math.ceil(limit.windowSeconds / 60)} minutes. Try again later.`;

/** Compared against when there is no password to check, so a failed sign-in always costs one scrypt. */
let dummyPasswordHash: Promise<string> | undefined;
const dummyHash = () => (dummyPasswordHash ??= passwords.hash('no user has this password, it only takes time'));


export class Identity {
  private readonly now: () => Date;

  constructor(
    private readonly db: PrismaClient,
    private readonly config: IdentityConfig,
    /** Where revocations are marked for the gateways (Redis in a deployment) and announced. */
    private readonly revocations: { markers: RevocationMarkers; bus: Bus } = { markers: new MemoryRevocationMarkers(), bus: new MemoryBus() },
  ) {
    this.now = config.now ?? (() => new Date());
  }

  /** The Credential behind a token; UNAUTHENTICATED for anything not currently valid. */
  async authenticate(token: string): Promise<Credential> {
    const parsed = parseToken(token);
    if (!parsed) throw unauthenticated();
    const row = await this.db.credential.findUnique({ where: { lookupId: parsed.lookupId } });
    if (!row || !hashesEqual(row.secretHash, keyedHash(this.config.pepper, token))) throw unauthenticated();
    if (row.revokedAt) throw unauthenticated('The credential has been revoked.');
    if (row.expiresAt && row.expiresAt <= this.now()) throw unauthenticated('The credential has expired.');
    const { lookupId: _l, secretHash: _s, ...credential } = row;
    return credential;
  }

  validateNewCredential(input: NewCredential): { scopes: string[]; name: string } {
    // The rules the gateway applies too (@cfs/common/rules): the CLI and the API accept the same input.
    const name = parseOrRefuse(credentialName, input.name, { where: 'name' });
    const scopes = [...new Set(parseOrRefuse(credentialScopes, input.scopes, { where: 'scopes' }))];
    if (!this.config.knownProducts.includes(input.audience)) throw malformed(`unknown audience: ${input.audience.slice(0, 64)}`);
    if (input.expiresAt && input.expiresAt <= this.now()) throw malformed('expiresAt must be in the future');
    return { scopes, name };
  }

  /**
   * No escalation, the one rule for whatever a Credential mints through the public API: a
   * Credential, or a connection code (checked when it is minted and again when it is redeemed).
   * The issuer must be an unrevoked, unexpired Credential of the Customer (else UNAUTHENTICATED)
   * holding every scope granted and the same audience (else SCOPE_DENIED); the grant expires no
   * later than the issuer. Without an issuer (dashboard users, the operator CLI) the grant stands.
   * The issuer's row is read FOR SHARE inside the caller's transaction, so a concurrent revoke
   * either committed before (and is seen here) or waits until this transaction ends.
   * Returns the expiry to store.
   */
  private async withinIssuer(tx: Prisma.TransactionClient, issuerCredentialId: string | null | undefined, grant: Grant): Promise<Date | null> {
    if (!issuerCredentialId) return grant.expiresAt;
    const [issuer] = await tx.$queryRaw<IssuerRow[]>`
      SELECT scopes, audience, expires_at AS "expiresAt", revoked_at AS "revokedAt"
      FROM credentials WHERE id = ${issuerCredentialId} AND customer_id = ${grant.customerId} FOR SHARE`;
    if (!issuer || issuer.revokedAt) throw unauthenticated('The issuing credential has been revoked.');
    if (issuer.expiresAt && issuer.expiresAt <= this.now()) throw unauthenticated('The issuing credential has expired.');
    const missing = grant.scopes.find((scope) => !issuer.scopes.includes(scope));
    if (missing !== undefined) throw new DomainError('SCOPE_DENIED', `A credential can grant only scopes it holds itself; it does not hold ${missing}.`);
    if (grant.audience !== issuer.audience) throw new DomainError('SCOPE_DENIED', 'A credential can grant only its own audience.');
    if (issuer.expiresAt && (grant.expiresAt === null || grant.expiresAt > issuer.expiresAt)) return issuer.expiresAt;
    return grant.expiresAt;
  }

  async createCredential(input: NewCredential): Promise<{ credential: Credential; secret: string }> {
    const { scopes, name } = this.validateNewCredential(input);
    const { token, lookupId } = mintToken();
    const credential = await commitWithinBudget(
      this.db,
      async (tx) => {
        const grant = { customerId: input.customerId, scopes, audience: input.audience, expiresAt: input.expiresAt ?? null };
        const expiresAt = await this.withinIssuer(tx, input.issuerCredentialId, grant);
        return tx.credential.create({
          data: {
            id: newId('cred'),
            lookupId,
            secretHash: keyedHash(this.config.pepper, token),
            siteId: input.siteId,
            customerId: input.customerId,
            name,
            scopes,
            audience: input.audience,
            expiresAt,
            createdAt: this.now(),
          },
          select: PUBLIC_FIELDS,
        });
      },
      { beforeCommit: 'identity.credential.beforeCommit' },
    );
    return { credential, secret: token };
  }

  listCredentials(siteId: string, customerId: string): Promise<Credential[]> {
    return this.db.credential.findMany({
      where: { siteId, customerId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: PUBLIC_FIELDS,
    });
  }

  /**
   * Revokes once; revoking again answers the Credential as it is. Whoever asks (the public API, the
   * dashboard, the CLI, another service), every gateway replica refuses the Credential on its next
   * request: the revocation marker is written before COMMIT, so a revoke that cannot mark it does
   * not happen (503), and one that is answered 200 is marked.
   */
  async revokeCredential(credentialId: string, siteId: string, customerId: string): Promise<Credential> {
    const where = { id: credentialId, siteId, customerId };
    const credential = await commitWithinBudget(
      this.db,
      async (tx) => {
        await tx.credential.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: this.now() } });
        const found = await tx.credential.findFirst({ where, select: PUBLIC_FIELDS });
        if (!found) throw notFound('credential');
        await this.revocations.markers.mark(found.id);
        return found;
      },
      { beforeCommit: 'identity.revoke.beforeCommit' },
    );
    await announceRevocation(this.revocations.bus, credential.id);
    return credential;
  }

  /**
   * Mints a code that redeems for a connector Credential. Minted by a Credential (the public API),
   * the code records it as its issuer, who must be able to grant the connector's scopes and
   * audience; the code expires no later than the issuer.
   */
  async createConnectionCode(input: NewConnectionCode): Promise<{ code: string; expiresAt: Date }> {
    const { siteId, customerId, expiresInSeconds, issuerCredentialId } = input;
    // A lifetime the caller asks for follows the API's rule; 0 (not given) means the configured default.
    const ttl = expiresInSeconds ? parseOrRefuse(connectionCodeLifetime, expiresInSeconds, { where: 'expiresIn' }) : this.config.connectionCodeTtlSeconds;
    if (ttl <= 0 || ttl > CONNECTION_CODE_MAX_SECONDS) throw malformed(`expiresIn must be 1 to ${CONNECTION_CODE_MAX_SECONDS} seconds`);
    const code = mintConnectionCode();
    const expiresAt = await commitWithinBudget(
      this.db,
      async (tx) => {
        const now = this.now();
        const grant = { customerId, ...CONNECTOR_GRANT, expiresAt: new Date(now.getTime() + ttl * 1000) };
        const until = await this.withinIssuer(tx, issuerCredentialId, grant);
        await tx.connectionCode.create({
          data: {
            id: newId('ccode'),
            codeHash: keyedHash(this.config.pepper, code),
            siteId,
            customerId,
            issuerCredentialId: issuerCredentialId ?? null,
            expiresAt: until ?? grant.expiresAt,
            createdAt: now,
          },
        });
        return until ?? grant.expiresAt;
      },
      { beforeCommit: 'identity.connectionCode.beforeCommit' },
    );
    return { code, expiresAt };
  }

  /**
   * Redeems a code in one transaction: the conditional UPDATE claims the code (concurrent
   * redemptions wait on its row lock and then find it used), the code's issuer is held to the
   * no-escalation rule again (revoked or expired by now: UNAUTHENTICATED; the Credential expires
   * with it), the Credential is created, and only then does the transaction commit. Any failure
   * rolls back both, so the code stays valid.
   */
  async redeemConnectionCode(code: string): Promise<{ credential: Credential; secret: string }> {
    if (!CONNECTION_CODE_PATTERN.test(code)) throw unauthenticated('The connection code is not valid.');
    const codeHash = keyedHash(this.config.pepper, code);
    return commitWithinBudget(this.db, async (tx) => {
      const now = this.now();
      const claimed = await tx.connectionCode.updateManyAndReturn({
        where: { codeHash, redeemedAt: null, expiresAt: { gt: now } },
        data: { redeemedAt: now },
      });
      const claim = claimed[0];
      if (!claim) throw new DomainError('UNAUTHENTICATED', 'The connection code is unknown, expired or already used.');
      const expiresAt = await this.withinIssuer(tx, claim.issuerCredentialId, { customerId: claim.customerId, ...CONNECTOR_GRANT, expiresAt: null });
      const { token, lookupId } = mintToken();
      const credential = await tx.credential.create({
        data: {
          id: newId('cred'),
          lookupId,
          secretHash: keyedHash(this.config.pepper, token),
          siteId: claim.siteId,
          customerId: claim.customerId,
          name: 'CMS connector',
          scopes: [...CONNECTOR_GRANT.scopes],
          audience: CONNECTOR_GRANT.audience,
          expiresAt,
          createdAt: now,
        },
        select: PUBLIC_FIELDS,
      });
      await tx.connectionCode.update({ where: { id: claim.id }, data: { credentialId: credential.id } });
      return { credential, secret: token };
    }, { beforeCommit: 'identity.redeem.beforeCommit' });
  }

  /**
   * The salt of every password hash of an e-mail's Users (32 bytes, keyed with the pepper): one
   * e-mail may be a User of several Customers, and sign-in checks a password against all of them
   * with one scrypt, so its time tells nothing about how many there are.
   */
  private passwordSalt(address: string): Buffer {
    return Buffer.from(keyedHash(this.config.pepper, `dashboard-user-password-salt:${address}`), 'hex');
  }

  /**
   * Invites an e-mail to a Customer's dashboard in one transaction: the User (unique per Customer
   * and e-mail) is created when the e-mail is new to this Customer, every earlier unused invitation
   * of the User is used up, and a new one is made. Whether the e-mail is a User of another Customer
   * makes no difference to the answer. An e-mail whose User of this Customer has set a password is
   * a CONFLICT. A Customer gets at most invitationLimit invitations in a window (RATE_LIMITED):
   * the advisory lock makes concurrent invitations of one Customer count one after the other.
   */
  async inviteUser(customerId: string, email: string): Promise<{ user: User; token: string; expiresAt: Date }> {
    const address = parseOrRefuse(userEmail, email, { where: 'email' });
    const token = mintInvitationToken();
    const tokenHash = keyedHash(this.config.pepper, token);
    const ttl = this.config.invitationTtlSeconds ?? DEFAULT_INVITATION_TTL_SECONDS;
    const limit = this.config.invitationLimit ?? DEFAULT_INVITATION_LIMIT;
    return commitWithinBudget(
      this.db,
      async (tx) => {
        const now = this.now();
        await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', `user-invitations:${customerId}`);
        const recent = await tx.userInvitation.count({ where: { user: { customerId }, createdAt: { gt: new Date(now.getTime() - limit.windowSeconds * 1000) } } });
        if (recent >= limit.count) throw new DomainError('RATE_LIMITED', TOO_MANY_INVITATIONS(limit));
        // ON CONFLICT DO NOTHING: a concurrent invitation of the same new e-mail waits, then finds its User.
        await tx.dashboardUser.createMany({ data: [{ id: newId('usr'), customerId, email: address, createdAt: now }], skipDuplicates: true });
        const found = await tx.dashboardUser.findUnique({ where: { customerId_email: { customerId, email: address } }, select: { ...USER_FIELDS, passwordHash: true } });
        if (!found || found.passwordHash !== null) throw conflict(USER_EXISTS);
        const { passwordHash: _p, ...user } = found;
        await tx.userInvitation.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
        const expiresAt = new Date(now.getTime() + ttl * 1000);
        await tx.userInvitation.create({ data: { id: newId('uinv'), userId: user.id, tokenHash, expiresAt, createdAt: now } });
        return { user, token, expiresAt };
      },
      { beforeCommit: 'identity.invite.beforeCommit' },
    );
  }

  /**
   * Sets the password of an invited User, once: the conditional UPDATE claims the invitation
   * (concurrent acceptances wait on its row lock and then find it used), the password is set, and
   * any other unused invitation of the User is used up with it. A failure rolls back all of it, so
   * the invitation stays usable. The password is hashed before the transaction opens.
   */
  async acceptInvitation(token: string, password: string): Promise<User> {
    if (!passwordLengthAllowed(password)) {
      throw malformed(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
    }
    if (!INVITATION_TOKEN_PATTERN.test(token)) throw unauthenticated(INVITATION_INVALID);
    const tokenHash = keyedHash(this.config.pepper, token);
    const usable = { tokenHash, usedAt: null, expiresAt: { gt: this.now() } };
    // A cheap read first: an unknown token costs no scrypt.
    const invitation = await this.db.userInvitation.findFirst({ where: usable, select: { user: { select: { email: true } } } });
    if (!invitation) throw unauthenticated(INVITATION_INVALID);
    const passwordHash = await passwords.hash(password, this.passwordSalt(invitation.user.email));
    return commitWithinBudget(
      this.db,
      async (tx) => {
        const now = this.now();
        const claimed = await tx.userInvitation.updateManyAndReturn({
          where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        });
        const claim = claimed[0];
        if (!claim) throw unauthenticated(INVITATION_INVALID);
        await tx.userInvitation.updateMany({ where: { userId: claim.userId, usedAt: null }, data: { usedAt: now } });
        return tx.dashboardUser.update({ where: { id: claim.userId }, data: { passwordHash, passwordSetAt: now }, select: USER_FIELDS });
      },
      { beforeCommit: 'identity.invitation.beforeCommit' },
    );
  }

  /**
   * The User with this e-mail and password. An e-mail may be a User of several Customers, each with
   * a password of its own: the password chooses among the e-mail's Users, and when it is the password
   * of more than one, the User whose password was set last is signed in. All of an e-mail's
   * passwords share one salt (passwordSalt), so the check costs one scrypt however many Users the
   * e-mail has. An unknown e-mail, Users without a password and a wrong password fail alike and cost
   * one scrypt each too (against a fixed hash when there is none).
   */
  async signIn(email: string, password: string): Promise<User> {
    const address = email.trim().toLowerCase();
    const rows =
      address.length <= 254
        ? await this.db.dashboardUser.findMany({ where: { email: address, passwordHash: { not: null } }, orderBy: [{ passwordSetAt: 'desc' }, { id: 'desc' }] })
        : [];
    // A password no User can have (too long) is checked against the fixed hash too, never hashed at length.
    const plausible = passwordLength(password) <= PASSWORD_MAX_LENGTH;
    const stored = plausible && rows.length > 0 ? rows.map((row) => row.passwordHash!) : [await dummyHash()];
    const matches = await passwords.matching(plausible ? password : '', stored);
    const row = plausible ? rows[matches.indexOf(true)] : undefined;
    if (!row) throw unauthenticated(SIGN_IN_FAILED);
    const { passwordHash: _p, ...user } = row;
    return user;
  }

  async getUser(userId: string): Promise<User> {
    const user = await this.db.dashboardUser.findUnique({ where: { id: userId }, select: USER_FIELDS });
    if (!user) throw notFound('user');
    return user;
  }

  /** The Users of a Customer, oldest first. */
  listUsers(customerId: string): Promise<User[]> {
    return this.db.dashboardUser.findMany({ where: { customerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: USER_FIELDS });
  }
}
