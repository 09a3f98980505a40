/** The pure parts of WebSub for Sources (src/sources/websub.ts): discovery, the signature check and the renewal time. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { discoverWebSub, renewalTime, signatureMatches } from '../src/sources/websub.ts';

const body = Buffer.from('<rss version="2.0"><channel><title>t</title></channel></rss>');
const sign = (method: string, secret: string, bytes: Uint8Array = body) => `${method}=${createHmac(method, secret).update(bytes).digest('hex')}`;

describe('signatureMatches', () => {
  it('accepts the HMAC of the body with the secret, by every method the recommendation names', () => {
    for (const method of ['sha1', 'sha256', 'sha384', 'sha512']) expect(signatureMatches(sign(method, 's3cret'), body, 's3cret')).toBe(true);
    expect(signatureMatches(sign('sha256', 's3cret').toUpperCase().replace('SHA256=', 'sha256='), body, 's3cret')).toBe(true);
  });

  it('refuses another secret, another body, a missing, truncated, non-hex or unknown-method signature', () => {
    expect(signatureMatches(sign('sha256', 'other'), body, 's3cret')).toBe(false);
    expect(signatureMatches(sign('sha256', 's3cret', Buffer.from('other')), body, 's3cret')).toBe(false);
    expect(signatureMatches(undefined, body, 's3cret')).toBe(false);
    expect(signatureMatches('', body, 's3cret')).toBe(false);
    expect(signatureMatches(sign('sha256', 's3cret').slice(0, -2), body, 's3cret')).toBe(false);
    expect(signatureMatches(`sha256=${'z'.repeat(64)}`, body, 's3cret')).toBe(false);
    expect(signatureMatches(sign('md5', 's3cret'), body, 's3cret')).toBe(false);
    expect(signatureMatches(createHmac('sha256', 's3cret').update(body).digest('hex'), body, 's3cret')).toBe(false);
  });
});

describe('renewalTime', () => {
  const at = new Date('2026-11-27T00:00:00Z');
  const renewIn = (seconds: number) => (renewalTime(at, seconds).getTime() - at.getTime()) / 1000;

  it('renews within the larger of 10 % or an hour of the lease end, never before half the lease', () => {
    expect(renewIn(10 * 24 * 3600)).toBe(9 * 24 * 3600); // 10 days: a day before the end
    expect(renewIn(5 * 3600)).toBe(4 * 3600); // 5 hours: an hour before
    expect(renewIn(3600)).toBe(1800); // an hour: at half
    expect(renewIn(4)).toBe(2);
  });
});

describe('discoverWebSub', () => {
  const url = 'https://pub.example/feeds/news.xml';
  const inDocument = { hub: 'https://doc-hub.example/', self: 'https://pub.example/feeds/news.xml' };

  it('takes the Link header first, relative to the URL that answered, then the document', () => {
    expect(discoverWebSub('<https://hub.example/>; rel="hub", </feeds/self.xml>; rel="self"', url, inDocument)).toEqual({
      hub: 'https://hub.example/',
      self: 'https://pub.example/feeds/self.xml',
    });
    expect(discoverWebSub('<https://hub.example/>; rel="hub"', url, {})).toEqual({ hub: 'https://hub.example/' });
    expect(discoverWebSub('</next>; rel="next"', url, inDocument)).toEqual(inDocument);
    expect(discoverWebSub(null, url, inDocument)).toEqual(inDocument);
  });

  it('ignores a non-http(s) or malformed Link header', () => {
    expect(discoverWebSub('<javascript:alert(1)>; rel="hub"', url, {})).toEqual({});
    expect(discoverWebSub('not a link header', url, inDocument)).toEqual(inDocument);
  });
});
