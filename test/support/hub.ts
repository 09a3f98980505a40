/**
 * A WebSub hub on 127.0.0.1 for the tests of Sources, speaking the subscriber-facing half of the W3C
 * WebSub recommendation: it takes a subscription request (a form POST: hub.mode, hub.topic,
 * hub.callback, hub.secret, hub.lease_seconds) with 202, then verifies the subscriber's intent with a
 * GET to the callback carrying a random hub.challenge (and hub.lease_seconds), and counts the
 * subscription only when the answer is a 2xx whose body is the challenge; an unsubscription is
 * verified the same way. `distribute` POSTs a document to a topic's verified subscribers, signed
 * with X-Hub-Signature (the HMAC of the body keyed with their hub.secret), as a hub's content
 * distribution does. Everything it receives and every verification it makes is recorded. At
 * `/moved-hub` it answers 307 to `/hub`, as a hub that sends subscribers on to another does.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HubRequest {
  form: Record<string, string>;
  at: number;
}

export interface Verification {
  mode: string;
  topic: string;
  callback: string;
  challenge: string;
  leaseSeconds?: number;
  status: number;
  contentType: string | null;
  /** Whether the answer was a 2xx whose body is exactly the challenge. */
  confirmed: boolean;
  at: number;
}

export interface HubSubscription {
  topic: string;
  callback: string;
  secret: string;
  leaseSeconds: number;
  verifiedAt: number;
}

export interface Distribution {
  status: number;
  body: string;
}

export interface Hub {
  url: string;
  /** The lease granted at the next verifications (the hub decides, whatever the subscriber asked). */
  leaseSeconds: number;
  /** Verify subscription requests as they come (default); false keeps them waiting for `verifyWaiting`. */
  autoVerify: boolean;
  requests: HubRequest[];
  verifications: Verification[];
  /** Verified subscriptions by callback. */
  subscriptions: Map<string, HubSubscription>;
  /** Tells a subscriber its subscription is denied (a GET with hub.mode=denied); answers its status. */
  deny: (callback: string, topic: string) => Promise<number>;
  /** Verifies the requests kept waiting (autoVerify false). */
  verifyWaiting: () => Promise<void>;
  /** POSTs `body` to every verified subscriber of `topic`; `sign`: the method, or a secret of its own to sign with. */
  distribute: (
    topic: string,
    body: string,
    options?: { contentType?: string; sign?: 'sha256' | 'sha1' | 'none' | { secret: string } },
  ) => Promise<Distribution[]>;
  close: () => Promise<void>;
}

export async function startHub(): Promise<Hub> {
  const waiting: Array<Record<string, string>> = [];
  const hub: Hub = {
    url: '',
    leaseSeconds: 3600,
    autoVerify: true,
    requests: [],
    verifications: [],
    subscriptions: new Map(),
    deny: async (callback, topic) => {
      const url = new URL(callback);
      url.searchParams.append('hub.mode', 'denied');
      url.searchParams.append('hub.topic', topic);
      url.searchParams.append('hub.reason', 'not allowed');
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) hub.subscriptions.delete(callback);
      return res.status;
    },
    verifyWaiting: async () => {
      for (const form of waiting.splice(0)) await verify(form);
    },
    distribute: async (topic, body, options = {}) => {
      const answers: Distribution[] = [];
      for (const s of hub.subscriptions.values()) {
        if (s.topic !== topic) continue;
        const headers: Record<string, string> = {
          'content-type': options.contentType ?? 'application/rss+xml; charset=utf-8',
          link: `<${hub.url}>; rel="hub", <${topic}>; rel="self"`,
        };
        const sign = options.sign ?? 'sha256';
        if (typeof sign === 'object') headers['x-hub-signature'] = `sha256=${createHmac('sha256', sign.secret).update(body).digest('hex')}`;
        else if (sign !== 'none') headers['x-hub-signature'] = `${sign}=${createHmac(sign, s.secret).update(body).digest('hex')}`;
        const res = await fetch(s.callback, { method: 'POST', headers, body });
        answers.push({ status: res.status, body: await res.text() });
      }
      return answers;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  /** The verification of intent: a GET to the callback with a random challenge, confirmed by its echo. */
  async function verify(form: Record<string, string>): Promise<void> {
    const mode = form['hub.mode']!;
    const callback = new URL(form['hub.callback']!);
    const challenge = randomBytes(18).toString('base64url');
    const leaseSeconds = mode === 'subscribe' ? hub.leaseSeconds : undefined;
    callback.searchParams.append('hub.mode', mode);
    callback.searchParams.append('hub.topic', form['hub.topic']!);
    callback.searchParams.append('hub.challenge', challenge);
    if (leaseSeconds !== undefined) callback.searchParams.append('hub.lease_seconds', String(leaseSeconds));
    const res = await fetch(callback);
    const text = await res.text();
    const confirmed = res.status >= 200 && res.status < 300 && text === challenge;
    hub.verifications.push({
      mode,
      topic: form['hub.topic']!,
      callback: form['hub.callback']!,
      challenge,
      ...(leaseSeconds === undefined ? {} : { leaseSeconds }),
      status: res.status,
      contentType: res.headers.get('content-type'),
      confirmed,
      at: Date.now(),
    });
    if (!confirmed) return;
    if (mode === 'subscribe') {
      hub.subscriptions.set(form['hub.callback']!, {
        topic: form['hub.topic']!,
        callback: form['hub.callback']!,
        secret: form['hub.secret'] ?? '',
        leaseSeconds: leaseSeconds!,
        verifiedAt: Date.now(),
      });
    } else {
      hub.subscriptions.delete(form['hub.callback']!);
    }
  }

  const server: Server = createServer((req, res) => {
    // A hub that has moved sends subscribers on to its new address (307, as the recommendation allows).
    if (req.url === '/moved-hub') {
      req.resume();
      res.writeHead(307, { location: '/hub' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      hub.requests.push({ form, at: Date.now() });
      const mode = form['hub.mode'];
      const wellFormed =
        req.method === 'POST' &&
        (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
        (mode === 'subscribe' || mode === 'unsubscribe') &&
        Boolean(form['hub.topic']) &&
        Boolean(form['hub.callback']) &&
        (form['hub.secret'] === undefined || Buffer.byteLength(form['hub.secret']) < 200);
      if (!wellFormed) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
        return;
      }
      // Accepted now, verified after the answer (the recommendation's order).
      res.writeHead(202).end();
      if (hub.autoVerify || mode === 'unsubscribe') setImmediate(() => void verify(form).catch(() => undefined));
      else waiting.push(form);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  hub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hub`;
  return hub;
}
