/**
 * The rules of Credentials and connection codes (credential-rules.ts), no database: what a new
 * Credential may hold, a code's lifetime, and no escalation — the issuer's scopes, audience and
 * expiry cap, and a revoked or expired issuer. test/e2e/escalation.test.ts covers the same rule
 * through the API against PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '@cfs/common/errors';
import { CONNECTION_CODE_MAX_SECONDS } from '@cfs/common/rules';
import { connectionCodeTtl, CONNECTOR_GRANT, connectorScopes, unusable, validateNewCredential, withinIssuer, type Issuer } from '../src/credential-rules.ts';

const now = new Date('2026-06-01T12:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return { code: (err as DomainError).code, message: (err as DomainError).message };
  }
  return expect.unreachable('expected a refusal');
};

const owner: Issuer = { scopes: ['feed.read', 'subscription.manage', 'credential.manage'], audience: 'content-feed', expiresAt: null, revokedAt: null };

describe('validateNewCredential', () => {
  const known = ['content-feed'];
  const input = { name: 'CMS', scopes: ['feed.read', 'feed.read', 'subscription.manage'], audience: 'content-feed' };

  it('keeps the name and each scope once', () => {
    expect(validateNewCredential(input, known, now)).toEqual({ name: 'CMS', scopes: ['feed.read', 'subscription.manage'] });
  });

  it('refuses an operator or unknown scope, an unknown audience and an expiry not in the future', () => {
    expect(refusal(() => validateNewCredential({ ...input, scopes: ['platform.admin'] }, known, now)).code).toBe('MALFORMED_REQUEST');
    expect(refusal(() => validateNewCredential({ ...input, scopes: ['nope.read'] }, known, now)).code).toBe('MALFORMED_REQUEST');
    expect(refusal(() => validateNewCredential({ ...input, audience: 'other' }, known, now))).toEqual({
      code: 'MALFORMED_REQUEST',
      message: 'unknown audience: other',
    });
    expect(refusal(() => validateNewCredential({ ...input, expiresAt: now }, known, now))).toEqual({
      code: 'MALFORMED_REQUEST',
      message: 'expiresAt must be in the future',
    });
    expect(validateNewCredential({ ...input, expiresAt: later(1) }, known, now).name).toBe('CMS');
  });
});

describe('connectionCodeTtl', () => {
  it('is the configured default when none is asked for, else what is asked within 60 s to 7 days', () => {
    expect(connectionCodeTtl(0, 900)).toBe(900);
    expect(connectionCodeTtl(undefined, 900)).toBe(900);
    expect(connectionCodeTtl(60, 900)).toBe(60);
    expect(connectionCodeTtl(CONNECTION_CODE_MAX_SECONDS, 900)).toBe(CONNECTION_CODE_MAX_SECONDS);
    for (const asked of [59, CONNECTION_CODE_MAX_SECONDS + 1, 90.5]) expect(refusal(() => connectionCodeTtl(asked, 900)).code).toBe('MALFORMED_REQUEST');
  });

  it('refuses a configured default beyond the maximum', () => {
    expect(refusal(() => connectionCodeTtl(0, CONNECTION_CODE_MAX_SECONDS + 1)).message).toBe(`expiresIn must be 1 to ${CONNECTION_CODE_MAX_SECONDS} seconds`);
  });
});

describe('unusable', () => {
  it('says revoked before expired, and nothing for a live Credential', () => {
    expect(unusable({ revokedAt: now, expiresAt: now }, now)).toBe('revoked');
    expect(unusable({ revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(unusable({ revokedAt: null, expiresAt: later(1) }, now)).toBeUndefined();
    expect(unusable({ revokedAt: null, expiresAt: null }, now)).toBeUndefined();
  });
});

describe('withinIssuer: no escalation', () => {
  const grant = { scopes: ['feed.read'], audience: 'content-feed', expiresAt: null };

  it('an issuer that is not a Credential of the Customer, revoked or expired: UNAUTHENTICATED', () => {
    expect(refusal(() => withinIssuer(undefined, grant, now))).toEqual({ code: 'UNAUTHENTICATED', message: 'The issuing credential has been revoked.' });
    expect(refusal(() => withinIssuer({ ...owner, revokedAt: now }, grant, now))).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'The issuing credential has been revoked.',
    });
    expect(refusal(() => withinIssuer({ ...owner, expiresAt: now }, grant, now))).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'The issuing credential has expired.',
    });
  });

  it('a scope the issuer does not hold, or another audience: SCOPE_DENIED', () => {
    const reader: Issuer = { ...owner, scopes: ['feed.read'] };
    expect(refusal(() => withinIssuer(reader, { ...grant, scopes: ['feed.read', 'subscription.manage'] }, now))).toEqual({
      code: 'SCOPE_DENIED',
      message: 'A credential can grant only scopes it holds itself; it does not hold subscription.manage.',
    });
    expect(refusal(() => withinIssuer(owner, { ...grant, audience: 'other' }, now))).toEqual({
      code: 'SCOPE_DENIED',
      message: 'A credential can grant only its own audience.',
    });
    expect(refusal(() => withinIssuer(reader, { ...CONNECTOR_GRANT, expiresAt: later(900) }, now)).code).toBe('SCOPE_DENIED');
  });

  it('the grant expires no later than its issuer; without an issuer expiry it keeps its own', () => {
    const expiring: Issuer = { ...owner, expiresAt: later(3600) };
    expect(withinIssuer(expiring, grant, now)).toEqual(later(3600));
    expect(withinIssuer(expiring, { ...grant, expiresAt: later(7200) }, now)).toEqual(later(3600));
    expect(withinIssuer(expiring, { ...grant, expiresAt: later(60) }, now)).toEqual(later(60));
    expect(withinIssuer(owner, grant, now)).toBeNull();
    expect(withinIssuer(owner, { ...grant, expiresAt: later(60) }, now)).toEqual(later(60));
  });

  it('an issuer holding the connector scopes may mint a code; the code expires with it', () => {
    expect(withinIssuer({ ...owner, expiresAt: later(300) }, { ...CONNECTOR_GRANT, expiresAt: later(900) }, now)).toEqual(later(300));
  });

  it('a code grants webhooks.manage only when its issuer holds it, and always without an issuer', () => {
    expect(connectorScopes({ scopes: ['feed.read', 'subscription.manage'] })).toEqual(['feed.read', 'subscription.manage']);
    expect(connectorScopes({ scopes: ['feed.read', 'subscription.manage', 'webhooks.manage'] })).toEqual([
      'feed.read',
      'subscription.manage',
      'webhooks.manage',
    ]);
    expect(connectorScopes(null)).toEqual(['feed.read', 'subscription.manage', 'webhooks.manage']);
  });
});
