/**
 * The decisions of webhooks, without I/O: which event types exist, which URLs an endpoint may
 * have, what a secret looks like, when the next attempt is due and what an attempt's outcome does
 * to its delivery and its endpoint. endpoints.ts and deliveries.ts store what these decide;
 * unit-tested in test/webhook-rules.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { classifyAddress, isAddressAllowed, type AddressPolicy } from '@cfs/common/address-guard';
import { malformed } from '@cfs/common/errors';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, type WebhookEventType } from '@cfs/common/rules';

export type EventType = WebhookEventType;
/** The previous secret signs this long after a rotation. */
export const PREVIOUS_SECRET_MS = 24 * 3600_000;

export interface UrlPolicy extends AddressPolicy {
  /** http as well as https (WEBHOOKS_ALLOW_HTTP). */
  allowHttp: boolean;
}

/**
 * An endpoint's URL as stored, or MALFORMED_REQUEST: absolute https (http only when allowed),
 * no credentials in it, and a host that, when it is a literal IP address, the address guard
 * allows. A host name is checked when connecting, by the guard's dispatcher.
 */
export function endpointUrl(text: string, policy: UrlPolicy): string {
  if (text.length > WEBHOOK_URL_MAX) throw malformed(`url must be at most ${WEBHOOK_URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw malformed('url must be an absolute URL');
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    throw malformed(policy.allowHttp ? 'url must be an http or https URL' : 'url must be an https URL');
  }
  if (url.username || url.password) throw malformed('url must not carry a user name or password');
  if (url.hash) throw malformed('url must not have a fragment');
  const host = url.hostname;
  const kind = classifyAddress(host);
  if (kind !== 'invalid' && !isAddressAllowed(host, policy)) throw malformed(`url must not point at a ${kind} address`);
  // A dotted host that is no canonical address (0x7f.1, 2130706433) would reach an address unchecked here.
  if (kind === 'invalid' && /^[\d.x]+$/i.test(host)) throw malformed('url must not point at a numeric host that is not an IP address');
  return url.toString();
}

/** Event types as stored: each known, each once, at least one. */
export function eventTypes(list: readonly string[]): EventType[] {
  if (list.length === 0) throw malformed('events must list at least one event type');
  const unknown = list.find((t) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t));
  if (unknown !== undefined) throw malformed(`unknown event type: ${unknown.slice(0, 64)}`);
  return [...new Set(list)] as EventType[];
}

/** A new signing secret: whsec_ and the base64 of 32 random bytes (the Standard Webhooks form). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secrets that sign an attempt at `now`: the current one, and the previous one while it lasts. */
export function signingSecrets(endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null }, now: Date): string[] {
  const previous = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? [endpoint.previousSecret] : [];
  return [endpoint.secret, ...previous];
}

/** Standard Webhooks' schedule, in seconds: each entry is the wait before one more attempt. */
export const DEFAULT_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** WEBHOOK_RETRY_SCHEDULE: comma-separated seconds (an empty text: no retry, one attempt). */
export function parseRetrySchedule(text: string): number[] {
  if (text.trim() === '') return [];
  const waits = text.split(',').map((part) => Number(part.trim()));
  if (waits.some((w) => !Number.isFinite(w) || w < 0)) throw new Error('WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds');
  return waits;
}

/**
 * The wait before attempt `attempts + 1`, after `attempts` attempts failed, in ms: the schedule's
 * entry with up to 10 % jitter either way (so receivers that failed together are not retried
 * together), or undefined when the schedule is spent.
 */
export function retryDelayMs(schedule: readonly number[], attempts: number, random: () => number = Math.random): number | undefined {
  const wait = schedule[attempts - 1];
  if (wait === undefined) return undefined;
  const jitter = 1 + (random() * 2 - 1) * 0.1;
  return Math.max(0, Math.round(wait * 1000 * jitter));
}

/** What one attempt gave: an HTTP status (any; a redirect is one), or none (no connection, timeout). */
export interface AttemptResult {
  status: number | null;
}

export const succeeded = (result: AttemptResult): boolean => result.status !== null && result.status >= 200 && result.status < 300;

export interface AttemptVerdict {
  delivery: { status: 'succeeded' | 'failed' | 'pending'; nextAttemptAt: Date | null };
  endpoint: { failingSince: Date | null; disabledReason?: string };
}

/**
 * What an attempt does: a 2xx succeeds and ends the endpoint's failing spell; a failure schedules
 * the next attempt or, the schedule spent, fails the delivery. A 410 disables the endpoint, and so
 * does failing without a success for `disableAfterMs`.
 */
export function attemptVerdict(input: {
  result: AttemptResult;
  attempts: number;
  schedule: readonly number[];
  now: Date;
  failingSince: Date | null;
  disableAfterMs: number;
  random?: () => number;
}): AttemptVerdict {
  const { result, attempts, now } = input;
  if (succeeded(result)) return { delivery: { status: 'succeeded', nextAttemptAt: null }, endpoint: { failingSince: null } };
  const failingSince = input.failingSince ?? now;
  const delay = retryDelayMs(input.schedule, attempts, input.random);
  const delivery =
    delay === undefined ? { status: 'failed' as const, nextAttemptAt: null } : { status: 'pending' as const, nextAttemptAt: new Date(now.getTime() + delay) };
  if (result.status === 410)
    return { delivery: { status: 'failed', nextAttemptAt: null }, endpoint: { failingSince, disabledReason: 'The endpoint answered 410 Gone.' } };
  if (now.getTime() - failingSince.getTime() >= input.disableAfterMs) {
    const hours = Math.round(input.disableAfterMs / 3600_000);
    return { delivery: { status: 'failed', nextAttemptAt: null }, endpoint: { failingSince, disabledReason: `Every delivery failed for ${hours} hours.` } };
  }
  return { delivery, endpoint: { failingSince } };
}
