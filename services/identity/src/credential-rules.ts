/**
 * The rules of Credentials and connection codes, without I/O: what a new Credential may hold, how
 * long a code lives, and no escalation (withinIssuer). credentials.ts reads the rows and writes what
 * these decide; unit-tested in test/credential-rules.test.ts.
 */
import { DomainError, malformed, unauthenticated } from '@cfs/common/errors';
import { CONNECTION_CODE_MAX_SECONDS, connectionCodeLifetime, credentialName, credentialScopes, parseOrRefuse } from '@cfs/common/rules';
import { CONNECTOR_SCOPES, OPTIONAL_CONNECTOR_SCOPES } from '@cfs/common/scopes';
import { CONTENT_FEED_PRODUCT } from '@cfs/common/products';

/** What a Credential minted through the public API would hold: checked against its issuer. */
export interface Grant {
  scopes: readonly string[];
  audience: string;
  expiresAt: Date | null;
}

/** The issuing Credential as the rule needs it (undefined: not a Credential of the Customer). */
export interface Issuer {
  scopes: string[];
  audience: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** What a redeemed connection code grants at the least (its issuer must hold all of it). */
export const CONNECTOR_GRANT = { scopes: CONNECTOR_SCOPES, audience: CONTENT_FEED_PRODUCT } as const;

/**
 * The scopes a connection code grants: the connector's, plus each optional one its issuer holds
 * (all of them for a code without an issuer Credential: a dashboard user or the operator CLI).
 * A Credential's scopes never change, so the answer at redemption is the answer at minting.
 */
export function connectorScopes(issuer: Pick<Issuer, 'scopes'> | null): string[] {
  return [...CONNECTOR_SCOPES, ...OPTIONAL_CONNECTOR_SCOPES.filter((scope) => issuer === null || issuer.scopes.includes(scope))];
}

/** Why a Credential cannot be used at `now` (revoked, expired), or undefined when it can. */
export function unusable(credential: Pick<Issuer, 'expiresAt' | 'revokedAt'>, now: Date): 'revoked' | 'expired' | undefined {
  if (credential.revokedAt) return 'revoked';
  if (credential.expiresAt && credential.expiresAt <= now) return 'expired';
  return undefined;
}

/**
 * A new Credential's name and scopes as stored (scopes without repeats), or MALFORMED_REQUEST: the
 * rules the gateway applies too (@cfs/common/rules), so the CLI and the API accept the same input;
 * the audience must be a known product, and an expiry must be in the future.
 */
export function validateNewCredential(
  input: { name: string; scopes: string[]; audience: string; expiresAt?: Date | null | undefined },
  knownProducts: readonly string[],
  now: Date,
): { scopes: string[]; name: string } {
  const name = parseOrRefuse(credentialName, input.name, { where: 'name' });
  const scopes = [...new Set(parseOrRefuse(credentialScopes, input.scopes, { where: 'scopes' }))];
  if (!knownProducts.includes(input.audience)) throw malformed(`unknown audience: ${input.audience.slice(0, 64)}`);
  if (input.expiresAt && input.expiresAt <= now) throw malformed('expiresAt must be in the future');
  return { scopes, name };
}

/**
 * How long a new connection code lives, in seconds: what the caller asks for, following the API's
 * rule, or the configured default when it asks for nothing (0 or absent).
 */
export function connectionCodeTtl(expiresInSeconds: number | undefined, defaultSeconds: number): number {
  const ttl = expiresInSeconds ? parseOrRefuse(connectionCodeLifetime, expiresInSeconds, { where: 'expiresIn' }) : defaultSeconds;
  if (ttl <= 0 || ttl > CONNECTION_CODE_MAX_SECONDS) throw malformed(`expiresIn must be 1 to ${CONNECTION_CODE_MAX_SECONDS} seconds`);
  return ttl;
}

/**
 * No escalation, the one rule for whatever a Credential mints through the public API: a
 * Credential, or a connection code (checked when it is minted and again when it is redeemed).
 * The issuer must be an unrevoked, unexpired Credential of the Customer (else UNAUTHENTICATED)
 * holding every scope granted and the same audience (else SCOPE_DENIED); the grant expires no
 * later than the issuer. Returns the expiry to store.
 */
export function withinIssuer(issuer: Issuer | undefined, grant: Grant, now: Date): Date | null {
  const why = issuer ? unusable(issuer, now) : 'revoked';
  if (!issuer || why === 'revoked') throw unauthenticated('The issuing credential has been revoked.');
  if (why === 'expired') throw unauthenticated('The issuing credential has expired.');
  const held = issuer;
  const missing = grant.scopes.find((scope) => !held.scopes.includes(scope));
  if (missing !== undefined) throw new DomainError('SCOPE_DENIED', `A credential can grant only scopes it holds itself; it does not hold ${missing}.`);
  if (grant.audience !== held.audience) throw new DomainError('SCOPE_DENIED', 'A credential can grant only its own audience.');
  if (held.expiresAt && (grant.expiresAt === null || grant.expiresAt > held.expiresAt)) return held.expiresAt;
  return grant.expiresAt;
}
