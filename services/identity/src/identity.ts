/**
 * The identity domain: Credentials and connection codes. Only keyed hashes are stored.
 */
import { DomainError, malformed, notFound, unauthenticated } from '@cfs/common/errors';
import { announceRevocation, MemoryRevocationMarkers, type RevocationMarkers } from '@cfs/common/revocations';
import { MemoryBus, type Bus } from '@cfs/common/bus';
import { commitWithinBudget } from '@cfs/common/transactions';
import { newId } from '@cfs/common/ids';
import { CONNECTION_CODE_MAX_SECONDS, connectionCodeLifetime, credentialName, credentialScopes, parseOrRefuse } from '@cfs/common/rules';
import { CONNECTOR_SCOPES } from '@cfs/common/scopes';
import type { PrismaClient, Credential as CredentialRow } from './generated/prisma/client.ts';
import { CONNECTION_CODE_PATTERN, hashesEqual, keyedHash, mintConnectionCode, mintToken, parseToken } from './tokens.ts';

export type Credential = Omit<CredentialRow, 'lookupId' | 'secretHash'>;

export interface IdentityConfig {
  pepper: string;
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
  /** The Credential asking, through the public API: no escalation beyond its scopes and expiry. */
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
   * No escalation: a Credential creates only Credentials with scopes it holds itself, and none that
   * outlives it (the new expiry is capped at the issuer's). Returns the expiry to store.
   */
  private async withinIssuer(input: NewCredential, scopes: string[]): Promise<Date | null> {
    const requested = input.expiresAt ?? null;
    if (!input.issuerCredentialId) return requested;
    const issuer = await this.db.credential.findFirst({
      where: { id: input.issuerCredentialId, customerId: input.customerId, revokedAt: null },
      select: { scopes: true, expiresAt: true },
    });
    if (!issuer) throw unauthenticated();
    const missing = scopes.find((scope) => !issuer.scopes.includes(scope));
    if (missing !== undefined) throw new DomainError('SCOPE_DENIED', `A credential can grant only scopes it holds itself; it does not hold ${missing}.`);
    if (issuer.expiresAt && (requested === null || requested > issuer.expiresAt)) return issuer.expiresAt;
    return requested;
  }

  async createCredential(input: NewCredential): Promise<{ credential: Credential; secret: string }> {
    const { scopes, name } = this.validateNewCredential(input);
    const expiresAt = await this.withinIssuer(input, scopes);
    const { token, lookupId } = mintToken();
    const credential = await this.db.credential.create({
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

  async createConnectionCode(siteId: string, customerId: string, expiresInSeconds?: number): Promise<{ code: string; expiresAt: Date }> {
    // A lifetime the caller asks for follows the API's rule; 0 (not given) means the configured default.
    const ttl = expiresInSeconds ? parseOrRefuse(connectionCodeLifetime, expiresInSeconds, { where: 'expiresIn' }) : this.config.connectionCodeTtlSeconds;
    if (ttl <= 0 || ttl > CONNECTION_CODE_MAX_SECONDS) throw malformed(`expiresIn must be 1 to ${CONNECTION_CODE_MAX_SECONDS} seconds`);
    const code = mintConnectionCode();
    const expiresAt = new Date(this.now().getTime() + ttl * 1000);
    await this.db.connectionCode.create({
      data: { id: newId('ccode'), codeHash: keyedHash(this.config.pepper, code), siteId, customerId, expiresAt, createdAt: this.now() },
    });
    return { code, expiresAt };
  }

  /**
   * Redeems a code in one transaction: the conditional UPDATE claims the code (concurrent
   * redemptions wait on its row lock and then find it used), the Credential is created, and only
   * then does the transaction commit. Any failure rolls back both, so the code stays valid.
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
      const { token, lookupId } = mintToken();
      const credential = await tx.credential.create({
        data: {
          id: newId('cred'),
          lookupId,
          secretHash: keyedHash(this.config.pepper, token),
          siteId: claim.siteId,
          customerId: claim.customerId,
          name: 'CMS connector',
          scopes: CONNECTOR_SCOPES,
          audience: 'content-feed',
          createdAt: now,
        },
        select: PUBLIC_FIELDS,
      });
      await tx.connectionCode.update({ where: { id: claim.id }, data: { credentialId: credential.id } });
      return { credential, secret: token };
    }, { beforeCommit: 'identity.redeem.beforeCommit' });
  }
}
