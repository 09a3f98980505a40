/**
 * WebSub for Sources, the subscriber's side of the W3C WebSub recommendation: when a fetched feed
 * names a hub and its own (self) URL, and PUBLIC_BASE_URL says where the gateway is reachable, the
 * Source subscribes at the hub with the callback `{PUBLIC_BASE_URL}/websub/{sourceId}` and a random
 * secret; the hub's verification of intent (a GET the gateway hands on) is answered only while a
 * request of that mode and topic is pending; a content distribution (a POST) is imported as a fetch
 * would be (feed-document.ts, ArticleImporter) only when its X-Hub-Signature is the HMAC of the body
 * with the secret; the schedule (schedule.ts) renews a subscription before its lease ends. Pausing
 * or removing a Source unsubscribes. Polling goes on at the Source's interval whatever happens
 * here: a push only brings an item sooner.
 *
 * The subscription is written before its request is sent, since a hub may verify it before it has
 * answered the request. Renewals keep the secret, so distributions signed while the renewal is
 * being verified still match.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import LinkHeader from 'http-link-header';
import { request, type Dispatcher } from 'undici';
import { malformed, notFound } from '@cfs/common/errors';
import { lazyCounter } from '@cfs/common/metrics';
import type { Logger } from '@cfs/common/logger';
import type { ArticleImporter } from '../articles.ts';
import type { PrismaClient, WebSubSubscription } from '../generated/prisma/client.ts';
import { readFeedDocument } from './feed-document.ts';
import { absoluteHttpUrl } from './map-item.ts';
import { FeedDocumentError } from './parse-feed.ts';

export const WEBSUB_CALLBACK_PREFIX = '/websub/';

/** A subscription request the hub has not verified yet is sent again after this long (a hub that lost it). */
const PENDING_RETRY_MS = 3_600_000;
/** A renewal or unsubscription that fails is tried again after this long. */
const RETRY_MS = 5 * 60_000;
/** An unsubscription the hub never verified is forgotten after this long (its lease lapses anyway). */
const UNSUBSCRIBING_FORGOTTEN_MS = 24 * 3_600_000;

/** How many times a hub may send a request on to another (307, 308). */
const MAX_HUB_REDIRECTS = 3;

const SOURCE_ID = /^src_[0-9a-f]{20}$/;
/** hub.challenge's characters (the recommendation's set), bounded in length. */
const CHALLENGE = /^[A-Za-z0-9+\-./=_]{1,1024}$/;
const LEASE = /^[0-9]{1,10}$/;
/** X-Hub-Signature's methods and their digest lengths in hex digits. */
const SIGNATURE_METHODS: Record<string, number> = { sha1: 40, sha256: 64, sha384: 96, sha512: 128 };

/** Pushes by outcome: `accepted`, `bad_signature`, `no_subscription`, `too_large`, `not_a_feed`, `parse_error`. */
const pushes = lazyCounter('cfs.sources.websub_pushes', 'WebSub content distributions received, by outcome');
/** Requests to hubs and verifications, by mode (`subscribe`, `unsubscribe`) and outcome. */
const hubEvents = lazyCounter('cfs.sources.websub_requests', 'WebSub requests sent to hubs and verifications answered, by mode and outcome');

export interface WebSubOptions {
  prisma: PrismaClient;
  importer: ArticleImporter;
  /** The guarded dispatcher (@cfs/common/address-guard): a hub is a publisher's address like any other. */
  dispatcher: Dispatcher;
  userAgent: string;
  /** Where the gateway is reachable from the hubs; without it nothing subscribes. */
  publicBaseUrl: string | undefined;
  /** hub.lease_seconds asked for (the hub decides). */
  leaseSeconds: number;
  /** The deadline of one request to a hub (ms). */
  timeoutMs: number;
  /** The largest distribution imported (SOURCES_MAX_BYTES, as for a fetch). */
  maxBytes: number;
  logger: Logger;
  now?: () => Date;
}

/**
 * The hub and topic of a fetched feed, as the recommendation's discovery finds them: the answer's
 * Link header first (rel="hub", rel="self", relative to the URL that answered), then the links in
 * the document (feed-document.ts).
 */
export function discoverWebSub(linkHeader: string | null, url: string, document: { hub?: string; self?: string }): { hub?: string; self?: string } {
  let fromHeader: { hub?: string; self?: string } = {};
  if (linkHeader) {
    try {
      const links = LinkHeader.parse(linkHeader);
      const hub = absoluteHttpUrl(links.rel('hub')[0]?.uri, url);
      const self = absoluteHttpUrl(links.rel('self')[0]?.uri, url);
      fromHeader = { ...(hub === undefined ? {} : { hub }), ...(self === undefined ? {} : { self }) };
    } catch {
      // A malformed Link header names nothing: the document's links still count.
    }
  }
  const hub = fromHeader.hub ?? document.hub;
  const self = fromHeader.self ?? document.self;
  return { ...(hub === undefined ? {} : { hub }), ...(self === undefined ? {} : { self }) };
}

/** When to renew a lease of `seconds` granted at `from`: within the larger of 10 % or 1 h of its end, never before half of it. */
export function renewalTime(from: Date, seconds: number): Date {
  const margin = Math.min(Math.max(seconds * 0.1, 3600), seconds * 0.5);
  return new Date(from.getTime() + (seconds - margin) * 1000);
}

/** Whether `header` (X-Hub-Signature: `method=hex`) is the HMAC of `body` keyed with `secret`, compared in constant time. */
export function signatureMatches(header: string | undefined, body: Uint8Array, secret: string): boolean {
  if (!header) return false;
  const at = header.indexOf('=');
  const method = header.slice(0, at).trim().toLowerCase();
  const hex = header
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const length = SIGNATURE_METHODS[method];
  if (at < 0 || length === undefined || hex.length !== length || !/^[0-9a-f]+$/.test(hex)) return false;
  const expected = createHmac(method, secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
}

export interface PushReport {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export class WebSub {
  private readonly now: () => Date;

  constructor(private readonly options: WebSubOptions) {
    this.now = options.now ?? (() => new Date());
  }

  private get db() {
    return this.options.prisma;
  }

  /** The callback of a Source; undefined when PUBLIC_BASE_URL is not set. */
  callbackOf(sourceId: string): string | undefined {
    const base = this.options.publicBaseUrl;
    return base === undefined ? undefined : `${base.replace(/\/+$/, '')}${WEBSUB_CALLBACK_PREFIX}${sourceId}`;
  }

  /**
   * After a fetch that read a document: subscribes when the document names a hub and its self URL
   * and the Source has no subscription of that hub and topic yet (or its request went unanswered
   * for an hour); unsubscribes when the document no longer names a hub. Never throws: a hub that
   * fails leaves the Source to polling.
   */
  async afterFetch(sourceId: string, document: { hub?: string; self?: string }): Promise<void> {
    if (this.callbackOf(sourceId) === undefined) return;
    try {
      const existing = await this.db.webSubSubscription.findUnique({ where: { sourceId } });
      if (document.hub === undefined || document.self === undefined) {
        if (existing !== null && existing.state !== 'unsubscribing') await this.unsubscribe(sourceId);
        return;
      }
      const same = existing !== null && existing.state !== 'unsubscribing' && existing.hubUrl === document.hub && existing.topic === document.self;
      if (same && (existing.state === 'active' || existing.requestedAt.getTime() > this.now().getTime() - PENDING_RETRY_MS)) return;
      await this.subscribe(sourceId, document.hub, document.self, same ? existing : null);
    } catch (err) {
      this.options.logger.warn({ err: { message: (err as Error).message }, sourceId }, 'could not subscribe a Source at its hub');
    }
  }

  /** Sends a subscription request (a renewal when `current` is the active subscription of this hub and topic). */
  private async subscribe(sourceId: string, hubUrl: string, topic: string, current: WebSubSubscription | null): Promise<void> {
    const requestedAt = this.now();
    const renewal = current?.state === 'active';
    const secret = current?.secret ?? randomBytes(24).toString('hex');
    if (renewal) {
      // Still active meanwhile; the sweep tries again if the hub never verifies the renewal.
      await this.db.webSubSubscription.update({ where: { sourceId }, data: { requestedAt, renewAt: new Date(requestedAt.getTime() + RETRY_MS) } });
    } else {
      const pending = { hubUrl, topic, secret, state: 'pending', requestedAt, leaseSeconds: null, leaseExpiresAt: null, renewAt: null, verifiedAt: null };
      await this.db.webSubSubscription.upsert({ where: { sourceId }, create: { sourceId, ...pending }, update: pending });
    }
    const sent = await this.send(hubUrl, {
      'hub.mode': 'subscribe',
      'hub.topic': topic,
      'hub.callback': this.callbackOf(sourceId)!,
      'hub.secret': secret,
      'hub.lease_seconds': String(this.options.leaseSeconds),
    });
    hubEvents.add(1, { mode: 'subscribe', outcome: sent ? 'requested' : 'request_failed' });
    // A first request the hub refused leaves no pending subscription: the next fetch asks again.
    if (!sent && !renewal) await this.db.webSubSubscription.deleteMany({ where: { sourceId, state: 'pending', requestedAt } });
  }

  /** Unsubscribes a Source (paused or removed), when it has a subscription. Never throws. */
  async unsubscribe(sourceId: string): Promise<void> {
    try {
      const current = await this.db.webSubSubscription.findUnique({ where: { sourceId } });
      if (!current || current.state === 'unsubscribing' || this.callbackOf(sourceId) === undefined) return;
      await this.db.webSubSubscription.update({ where: { sourceId }, data: { state: 'unsubscribing', requestedAt: this.now(), renewAt: null } });
      const sent = await this.send(current.hubUrl, { 'hub.mode': 'unsubscribe', 'hub.topic': current.topic, 'hub.callback': this.callbackOf(sourceId)! });
      hubEvents.add(1, { mode: 'unsubscribe', outcome: sent ? 'requested' : 'request_failed' });
      // Nothing more to do: the hub stops at the end of the lease, and distributions are refused meanwhile.
      if (!sent) await this.db.webSubSubscription.deleteMany({ where: { sourceId, state: 'unsubscribing' } });
    } catch (err) {
      this.options.logger.warn({ err: { message: (err as Error).message }, sourceId }, 'could not unsubscribe a Source at its hub');
    }
  }

  /**
   * POSTs a form to a hub; true for a 2xx answer (202 Accepted, as the recommendation says). A hub
   * may send the request on to another with 307 or 308: followed, MAX_HUB_REDIRECTS times at most,
   * each hop through the guarded dispatcher.
   */
  private async send(hubUrl: string, form: Record<string, string>): Promise<boolean> {
    try {
      const signal = AbortSignal.timeout(this.options.timeoutMs);
      let url = hubUrl;
      for (let hop = 0; ; hop++) {
        const answer = await request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': this.options.userAgent },
          body: new URLSearchParams(form).toString(),
          dispatcher: this.options.dispatcher,
          signal,
        });
        answer.body.on('error', () => undefined);
        answer.body.destroy();
        const location = answer.headers.location;
        const next = typeof location === 'string' ? absoluteHttpUrl(location, url) : undefined;
        if ((answer.statusCode === 307 || answer.statusCode === 308) && next !== undefined && hop < MAX_HUB_REDIRECTS) {
          url = next;
          continue;
        }
        return answer.statusCode >= 200 && answer.statusCode < 300;
      }
    } catch (err) {
      this.options.logger.info({ err: { message: (err as Error).message }, hub: new URL(hubUrl).host }, 'a WebSub hub did not take a request');
      return false;
    }
  }

  /**
   * A hub's verification of intent: the challenge when the Source awaits a verification of this mode
   * and topic (a new subscription, a renewal, an unsubscription), else NOT_FOUND, as the
   * recommendation asks.
   */
  async verify(input: { sourceId: string; mode: string; topic: string; challenge: string; leaseSeconds: string }): Promise<string> {
    if (input.mode === 'denied') return this.denied(input.sourceId, input.topic);
    if (!CHALLENGE.test(input.challenge)) throw malformed('hub.challenge: missing or malformed');
    const refused = () => {
      hubEvents.add(1, { mode: input.mode === 'unsubscribe' ? 'unsubscribe' : 'subscribe', outcome: 'verification_refused' });
      return notFound('pending WebSub subscription');
    };
    const current = SOURCE_ID.test(input.sourceId) ? await this.db.webSubSubscription.findUnique({ where: { sourceId: input.sourceId } }) : null;
    if (!current || current.topic !== input.topic) throw refused();
    const now = this.now();
    if (input.mode === 'subscribe') {
      const awaited = current.state === 'pending' || (current.state === 'active' && current.verifiedAt !== null && current.requestedAt > current.verifiedAt);
      if (!awaited || !(await this.db.source.findUnique({ where: { id: input.sourceId }, select: { id: true } }))) throw refused();
      if (!LEASE.test(input.leaseSeconds) || Number(input.leaseSeconds) < 1) throw malformed('hub.lease_seconds: must be a positive integer');
      const seconds = Number(input.leaseSeconds);
      const { count } = await this.db.webSubSubscription.updateMany({
        where: { sourceId: input.sourceId, topic: input.topic, state: current.state, requestedAt: current.requestedAt },
        data: {
          state: 'active',
          leaseSeconds: seconds,
          verifiedAt: now,
          leaseExpiresAt: new Date(now.getTime() + seconds * 1000),
          renewAt: renewalTime(now, seconds),
        },
      });
      if (count !== 1) throw refused();
      hubEvents.add(1, { mode: 'subscribe', outcome: 'verified' });
      return input.challenge;
    }
    if (input.mode === 'unsubscribe' && current.state === 'unsubscribing') {
      await this.db.webSubSubscription.deleteMany({ where: { sourceId: input.sourceId, state: 'unsubscribing' } });
      hubEvents.add(1, { mode: 'unsubscribe', outcome: 'verified' });
      return input.challenge;
    }
    throw refused();
  }

  /**
   * The hub denied the subscription of this topic (hub.mode=denied): it is forgotten, so no
   * distribution is taken for it; the next fetch that finds the hub asks again. An empty answer.
   */
  private async denied(sourceId: string, topic: string): Promise<string> {
    const { count } = SOURCE_ID.test(sourceId)
      ? await this.db.webSubSubscription.deleteMany({ where: { sourceId, topic, state: { in: ['pending', 'active'] } } })
      : { count: 0 };
    if (count === 0) throw notFound('WebSub subscription');
    hubEvents.add(1, { mode: 'subscribe', outcome: 'denied' });
    return '';
  }

  /** A content distribution: imported as a fetched document when its signature matches. */
  async receive(input: { sourceId: string; body: Uint8Array; contentType: string; signature: string }): Promise<PushReport> {
    const current = SOURCE_ID.test(input.sourceId) ? await this.db.webSubSubscription.findUnique({ where: { sourceId: input.sourceId } }) : null;
    const source = current?.state === 'active' ? await this.db.source.findUnique({ where: { id: input.sourceId } }) : null;
    if (!current || !source) {
      pushes.add(1, { outcome: 'no_subscription' });
      throw notFound('WebSub subscription');
    }
    if (!signatureMatches(input.signature, input.body, current.secret)) {
      pushes.add(1, { outcome: 'bad_signature' });
      throw malformed('The X-Hub-Signature header is missing or does not match the body.');
    }
    if (input.body.length > this.options.maxBytes) {
      pushes.add(1, { outcome: 'too_large' });
      throw malformed(`The document is larger than ${this.options.maxBytes} bytes.`);
    }
    let document;
    try {
      document = readFeedDocument(input.body, input.contentType || null, {
        sourceId: source.id,
        categories: source.categories,
        feedUrl: source.url,
        fetchedAt: this.now(),
      });
    } catch (error) {
      if (!(error instanceof FeedDocumentError)) throw error;
      pushes.add(1, { outcome: error.code });
      throw malformed(`${error.message} (${error.code})`);
    }
    const imported = await this.options.importer.importSourceArticles(source.id, document.articles);
    pushes.add(1, { outcome: 'accepted' });
    return {
      created: imported.created,
      updated: imported.updated,
      unchanged: imported.unchanged,
      rejected: document.rejected.length + imported.rejected.length,
    };
  }

  /**
   * The schedule's part (schedule.ts, each sweep): renews the subscriptions whose renewal is due,
   * unsubscribes those of Sources no longer fetched, and forgets unsubscriptions never verified.
   */
  async renewDue(limit: number): Promise<void> {
    const now = this.now();
    await this.db.webSubSubscription.deleteMany({
      where: { state: 'unsubscribing', requestedAt: { lt: new Date(now.getTime() - UNSUBSCRIBING_FORGOTTEN_MS) } },
    });
    const due = await this.db.webSubSubscription.findMany({ where: { state: 'active', renewAt: { lte: now } }, orderBy: { renewAt: 'asc' }, take: limit });
    for (const subscription of due) {
      try {
        const source = await this.db.source.findUnique({ where: { id: subscription.sourceId }, select: { status: true } });
        if (!source || source.status === 'paused' || source.status === 'gone') await this.unsubscribe(subscription.sourceId);
        else if (this.callbackOf(subscription.sourceId) !== undefined)
          await this.subscribe(subscription.sourceId, subscription.hubUrl, subscription.topic, subscription);
      } catch (err) {
        this.options.logger.warn({ err: { message: (err as Error).message }, sourceId: subscription.sourceId }, 'could not renew a WebSub subscription');
      }
    }
  }
}
