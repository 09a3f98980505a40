/** The decisions of webhooks without I/O (src/webhook-rules.ts). */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { DomainError } from '@cfs/common/errors';
import { signatureHeader } from '../src/deliveries.ts';
import { attemptVerdict, endpointUrl, eventTypes, newSecret, parseRetrySchedule, retryDelayMs, signingSecrets } from '../src/webhook-rules.ts';

const strict = { allowHttp: false, allowPrivateNetworks: false };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as DomainError).code;
  }
  return 'accepted';
};

describe('endpoint URLs', () => {
  it('are https, or http when allowed', () => {
    expect(endpointUrl('https://example.com/hook', strict)).toBe('https://example.com/hook');
    expect(refusal(() => endpointUrl('http://example.com/hook', strict))).toBe('MALFORMED_REQUEST');
    expect(endpointUrl('http://example.com/hook', { ...strict, allowHttp: true })).toBe('http://example.com/hook');
    expect(refusal(() => endpointUrl('ftp://example.com/hook', { ...strict, allowHttp: true }))).toBe('MALFORMED_REQUEST');
    expect(refusal(() => endpointUrl('https://user:pw@example.com/hook', strict))).toBe('MALFORMED_REQUEST');
  });

  it('refuse a literal link-local, unspecified, loopback or private address, by the address guard (no socket, no DNS)', () => {
    for (const url of [
      'https://169.254.169.254/',
      'https://0.0.0.0/',
      'https://[::]/',
      'https://[fe80::1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://127.0.0.1/',
      'https://10.0.0.1/',
    ])
      expect(
        refusal(() => endpointUrl(url, strict)),
        url,
      ).toBe('MALFORMED_REQUEST');
    // Numeric shorthand a URL parser turns into a loopback address.
    expect(refusal(() => endpointUrl('https://2130706433/', strict))).toBe('MALFORMED_REQUEST');
    // Private networks allowed (the embedded npm start, tests): loopback passes; link-local never does.
    const local = { ...strict, allowPrivateNetworks: true };
    expect(endpointUrl('https://127.0.0.1:8443/h', local)).toBe('https://127.0.0.1:8443/h');
    expect(refusal(() => endpointUrl('https://169.254.169.254/', local))).toBe('MALFORMED_REQUEST');
    expect(refusal(() => endpointUrl('https://0.0.0.0/', local))).toBe('MALFORMED_REQUEST');
  });
});

describe('event types', () => {
  it('are known, each once, at least one', () => {
    expect(eventTypes(['feed.changed', 'feed.changed', 'webhook.test'])).toEqual(['feed.changed', 'webhook.test']);
    expect(refusal(() => eventTypes([]))).toBe('MALFORMED_REQUEST');
    expect(refusal(() => eventTypes(['feed.exploded']))).toBe('MALFORMED_REQUEST');
  });
});

describe('secrets and signatures', () => {
  it('a secret is whsec_ and the base64 of 32 random bytes; the standardwebhooks package verifies what is signed', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newSecret()).not.toBe(secret);
    const at = new Date();
    const body = JSON.stringify({ type: 'webhook.test', timestamp: at.toISOString(), data: {} });
    const other = newSecret();
    const header = signatureHeader([secret, other], 'whmsg_1', at, body);
    expect(header).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
    const headers = { 'webhook-id': 'whmsg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': header };
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(other).verify(body, headers)).toMatchObject({ type: 'webhook.test' });
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
  });

  it('the previous secret signs until it expires', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const e = { secret: 'new', previousSecret: 'old', previousSecretExpiresAt: new Date(now.getTime() + 1000) };
    expect(signingSecrets(e, now)).toEqual(['new', 'old']);
    expect(signingSecrets(e, new Date(now.getTime() + 1000))).toEqual(['new']);
    expect(signingSecrets({ secret: 'only', previousSecret: null, previousSecretExpiresAt: null }, now)).toEqual(['only']);
  });
});

describe('the retry schedule', () => {
  it('N entries make N + 1 attempts, each wait with at most 10 % jitter', () => {
    const schedule = parseRetrySchedule('5, 300,1800');
    expect(schedule).toEqual([5, 300, 1800]);
    expect(retryDelayMs(schedule, 1, () => 0.5)).toBe(5000);
    expect(retryDelayMs(schedule, 2, () => 0)).toBe(270_000);
    expect(retryDelayMs(schedule, 3, () => 1)).toBe(1_980_000);
    expect(retryDelayMs(schedule, 4)).toBeUndefined();
    expect(parseRetrySchedule('')).toEqual([]);
    expect(() => parseRetrySchedule('5,soon')).toThrow();
  });

  it('a 2xx succeeds and ends the failing spell; a failure retries, then fails; a redirect is a failure', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const base = { schedule: [5], now, failingSince: null, disableAfterMs: 120 * 3600_000, random: () => 0.5 };
    expect(attemptVerdict({ ...base, result: { status: 204 }, attempts: 1, failingSince: now })).toEqual({
      delivery: { status: 'succeeded', nextAttemptAt: null },
      endpoint: { failingSince: null },
    });
    expect(attemptVerdict({ ...base, result: { status: 302 }, attempts: 1 })).toEqual({
      delivery: { status: 'pending', nextAttemptAt: new Date(now.getTime() + 5000) },
      endpoint: { failingSince: now },
    });
    expect(attemptVerdict({ ...base, result: { status: null }, attempts: 2 }).delivery).toEqual({ status: 'failed', nextAttemptAt: null });
  });

  it('a 410, or failing for the whole disable period, disables the endpoint with its reason', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const base = { schedule: [5, 5], now, disableAfterMs: 120 * 3600_000 };
    const gone = attemptVerdict({ ...base, result: { status: 410 }, attempts: 1, failingSince: null });
    expect(gone.delivery.status).toBe('failed');
    expect(gone.endpoint.disabledReason).toMatch(/410/);
    const long = attemptVerdict({ ...base, result: { status: 500 }, attempts: 1, failingSince: new Date(now.getTime() - 120 * 3600_000) });
    expect(long.endpoint.disabledReason).toMatch(/120 hours/);
    const notYet = attemptVerdict({ ...base, result: { status: 500 }, attempts: 1, failingSince: new Date(now.getTime() - 119 * 3600_000) });
    expect(notYet.endpoint.disabledReason).toBeUndefined();
  });
});
