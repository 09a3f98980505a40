/**
 * The dashboard's Users and their invitations: invite, accept (set the password once), sign in.
 * Only keyed hashes of invitation tokens and scrypt hashes of passwords are stored.
 */
import { conflict, DomainError, malformed, notFound, unauthenticated } from '@cfs/common/errors';
import { newId } from '@cfs/common/ids';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, parseOrRefuse, passwordLength, passwordLengthAllowed, userEmail } from '@cfs/common/rules';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { DashboardUser as DashboardUserRow, PrismaClient } from './generated/prisma/client.ts';
import * as passwords from './passwords.ts';
import { INVITATION_TOKEN_PATTERN, keyedHash, mintInvitationToken } from './tokens.ts';

/** A dashboard User without its password hash; active once passwordSetAt is set. */
export type User = Omit<DashboardUserRow, 'passwordHash'>;

export interface UsersConfig {
  pepper: string;
  /** How long an invitation link works (INVITATION_TTL_SECONDS; 72 hours unless set). */
  invitationTtlSeconds?: number;
  /** At most this many invitations per Customer in a window (DEFAULT_INVITATION_LIMIT unless set). */
  invitationLimit?: { count: number; windowSeconds: number };
  /** The clock; injectable so tests can move time. */
  now?: () => Date;
}

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

export class DashboardUsers {
  private readonly now: () => Date;

  constructor(
    private readonly db: PrismaClient,
    private readonly config: UsersConfig,
  ) {
    this.now = config.now ?? (() => new Date());
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
        const recent = await tx.userInvitation.count({
          where: { user: { customerId }, createdAt: { gt: new Date(now.getTime() - limit.windowSeconds * 1000) } },
        });
        if (recent >= limit.count) throw new DomainError('RATE_LIMITED', TOO_MANY_INVITATIONS(limit));
        // ON CONFLICT DO NOTHING: a concurrent invitation of the same new e-mail waits, then finds its User.
        await tx.dashboardUser.createMany({ data: [{ id: newId('usr'), customerId, email: address, createdAt: now }], skipDuplicates: true });
        const found = await tx.dashboardUser.findUnique({
          where: { customerId_email: { customerId, email: address } },
          select: { ...USER_FIELDS, passwordHash: true },
        });
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
    // An e-mail the Users' rule refuses has no User: nothing to look up, the same answer and cost.
    const address = userEmail.safeParse(email);
    const rows = address.success
      ? await this.db.dashboardUser.findMany({
          where: { email: address.data, passwordHash: { not: null } },
          orderBy: [{ passwordSetAt: 'desc' }, { id: 'desc' }],
        })
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
