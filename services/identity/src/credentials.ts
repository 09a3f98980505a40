/**
 * Credentials and connection codes: minting, authenticating, revoking, redeeming. The rules they
 * follow are credential-rules.ts; this class reads and writes the rows (only keyed hashes of
 * tokens are stored) and marks revocations for the gateways.
 */
import { MemoryBus, type Bus } from '@cfs/common/bus';
import { qualifiedTable } from '@cfs/common/database';
import { DomainError, notFound, unauthenticated } from '@cfs/common/errors';
import { newId } from '@cfs/common/ids';
import { announceRevocation, MemoryRevocationMarkers, type RevocationMarkers } from '@cfs/common/revocations';
import { commitWithinBudget } from '@cfs/common/transactions';
import {
  connectionCodeTtl,
  CONNECTOR_GRANT,
  connectorScopes,
  unusable,
  validateNewCredential,
  withinIssuer,
  type Grant,
  type Issuer,
} from './credential-rules.ts';
import { Prisma, type Credential as CredentialRow, type PrismaClient } from './generated/prisma/client.ts';
import { CONNECTION_CODE_PATTERN, hashesEqual, keyedHash, mintConnectionCode, mintToken, parseToken } from './tokens.ts';

export type Credential = Omit<CredentialRow, 'lookupId' | 'secretHash'>;

export interface CredentialsConfig {
  pepper: string;
  /** The schema of the identity tables, which raw SQL names (database.ts qualifiedTable). */
  schema: string;
  knownProducts: string[];
  connectionCodeTtlSeconds: number;
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

export class Credentials {
  private readonly now: () => Date;

  constructor(
    private readonly db: PrismaClient,
    private readonly config: CredentialsConfig,
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
    const why = unusable(row, this.now());
    if (why === 'revoked') throw unauthenticated('The credential has been revoked.');
    if (why === 'expired') throw unauthenticated('The credential has expired.');
    const { lookupId: _l, secretHash: _s, ...credential } = row;
    return credential;
  }

  /**
   * No escalation (credential-rules.ts withinIssuer) against the issuer's row, read FOR SHARE inside
   * the caller's transaction, so a concurrent revoke either committed before (and is seen here) or
   * waits until this transaction ends. Without an issuer (dashboard users, the operator CLI) the
   * grant stands. Returns the expiry to store, and the issuer (null: none) for what depends on it.
   */
  private async withinIssuer(
    tx: Prisma.TransactionClient,
    issuerCredentialId: string | null | undefined,
    customerId: string,
    grant: Grant,
  ): Promise<{ expiresAt: Date | null; issuer: Issuer | null }> {
    if (!issuerCredentialId) return { expiresAt: grant.expiresAt, issuer: null };
    const [issuer] = await tx.$queryRaw<Issuer[]>`
      SELECT scopes, audience, expires_at AS "expiresAt", revoked_at AS "revokedAt"
      FROM ${Prisma.raw(qualifiedTable(this.config.schema, 'credentials'))} WHERE id = ${issuerCredentialId} AND customer_id = ${customerId} FOR SHARE`;
    return { expiresAt: withinIssuer(issuer, grant, this.now()), issuer: issuer! };
  }

  async createCredential(input: NewCredential): Promise<{ credential: Credential; secret: string }> {
    const { scopes, name } = validateNewCredential(input, this.config.knownProducts, this.now());
    const { token, lookupId } = mintToken();
    const credential = await commitWithinBudget(
      this.db,
      async (tx) => {
        const grant = { scopes, audience: input.audience, expiresAt: input.expiresAt ?? null };
        const { expiresAt } = await this.withinIssuer(tx, input.issuerCredentialId, input.customerId, grant);
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
    const ttl = connectionCodeTtl(expiresInSeconds, this.config.connectionCodeTtlSeconds);
    const code = mintConnectionCode();
    const expiresAt = await commitWithinBudget(
      this.db,
      async (tx) => {
        const now = this.now();
        const grant = { ...CONNECTOR_GRANT, expiresAt: new Date(now.getTime() + ttl * 1000) };
        const { expiresAt: until } = await this.withinIssuer(tx, issuerCredentialId, customerId, grant);
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
    return commitWithinBudget(
      this.db,
      async (tx) => {
        const now = this.now();
        const claimed = await tx.connectionCode.updateManyAndReturn({
          where: { codeHash, redeemedAt: null, expiresAt: { gt: now } },
          data: { redeemedAt: now },
        });
        const claim = claimed[0];
        if (!claim) throw new DomainError('UNAUTHENTICATED', 'The connection code is unknown, expired or already used.');
        const { expiresAt, issuer } = await this.withinIssuer(tx, claim.issuerCredentialId, claim.customerId, { ...CONNECTOR_GRANT, expiresAt: null });
        const { token, lookupId } = mintToken();
        const credential = await tx.credential.create({
          data: {
            id: newId('cred'),
            lookupId,
            secretHash: keyedHash(this.config.pepper, token),
            siteId: claim.siteId,
            customerId: claim.customerId,
            name: 'CMS connector',
            scopes: connectorScopes(issuer),
            audience: CONNECTOR_GRANT.audience,
            expiresAt,
            createdAt: now,
          },
          select: PUBLIC_FIELDS,
        });
        await tx.connectionCode.update({ where: { id: claim.id }, data: { credentialId: credential.id } });
        return { credential, secret: token };
      },
      { beforeCommit: 'identity.redeem.beforeCommit' },
    );
  }
}
