/** The changes feed's `since` token: its codec (services/common/src/tokens/changes-token.ts) is the one reader and writer of it. */
import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { changesPositionText, ChangesTokenCodec, MAX_SINCE_LENGTH, Signer, TOKEN_PATTERN } from '@cfs/common/tokens';
import { FeedCursorCodec } from '../src/tokens/feed-cursor.ts';

const SECRET = 's'.repeat(32);
const codec = new ChangesTokenCodec(SECRET);
const caughtUp = { siteId: 'site_1', seq: '42', version: 3, walk: null };
const walking = { siteId: 'site_1', seq: '42', version: 0, walk: { to: 4, from: '57', stage: 'articles', after: 'art_9' } };
const firstWalk = { siteId: 'site_1', seq: '0', version: 0, walk: { to: 1, from: '7', stage: 'removed', after: '' } };

/** A token whose MAC is right for its payload, whatever the payload: what only the secret's holder can make. */
const signedAsIs = (payload: string) =>
  `${payload}.${createHmac('sha256', SECRET).update(`feed-changes:v1:${payload}`).digest().subarray(0, 16).toString('base64url')}`;
const signedText = (text: string) => signedAsIs(Buffer.from(text, 'utf8').toString('base64url'));

describe('ChangesTokenCodec', () => {
  it('reads back every position it wrote, typed', () => {
    for (const p of [caughtUp, walking, firstWalk]) {
      const token = codec.encode(p);
      expect(token).toMatch(TOKEN_PATTERN);
      expect(token.length).toBeLessThanOrEqual(MAX_SINCE_LENGTH);
      expect(codec.parse(token)).toEqual(p);
      // One position, one text, one token: what the caught-up answer's test relies on.
      expect(codec.encode(codec.parse(token)!)).toBe(token);
      expect(changesPositionText(codec.parse(token)!)).toBe(changesPositionText(p));
    }
  });

  it('refuses a token whose MAC was altered in any one character, or signed with another secret', () => {
    const [payload, mac] = codec.encode(walking).split('.') as [string, string];
    for (let i = 0; i < mac.length; i++) {
      const altered = mac.slice(0, i) + (mac[i] === 'A' ? 'B' : 'A') + mac.slice(i + 1);
      expect(codec.parse(`${payload}.${altered}`)).toBeNull();
    }
    expect(new ChangesTokenCodec('t'.repeat(32)).parse(codec.encode(walking))).toBeNull();
  });

  it('refuses a cursor, signed with the same secret under its own label', () => {
    expect(codec.parse(new FeedCursorCodec(SECRET).encode({ publishedAt: '2026-03-01T10:00:00.000Z', articleId: 'art_1' }))).toBeNull();
  });

  it('refuses another spelling of the same bytes, of the MAC or of the payload', () => {
    const token = codec.encode(caughtUp);
    const [payload, mac] = token.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    /** The last character with its unused bits set (`bits` of them). */
    const respell = (text: string, bits: number) => text.slice(0, -1) + alphabet[alphabet.indexOf(text.at(-1)!) | ((1 << bits) - 1)]!;
    expect(Buffer.from(respell(mac, 4), 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    expect(codec.parse(`${payload}.${respell(mac, 4)}`)).toBeNull();
    expect(codec.parse(`${token}==`)).toBeNull();
    // "site_1|42|3" is 11 bytes: 15 characters, the last of which holds 2 unused bits.
    expect(payload.length % 4).toBe(3);
    expect(codec.parse(signedAsIs(payload))).toEqual(caughtUp);
    expect(Buffer.from(respell(payload, 2), 'base64url')).toEqual(Buffer.from(payload, 'base64url'));
    expect(codec.parse(signedAsIs(respell(payload, 2)))).toBeNull();
  });

  it('enforces the pattern and the length before computing a MAC', () => {
    const mac = vi.spyOn(Signer.prototype as unknown as { mac: (payload: string) => Buffer }, 'mac');
    try {
      const long = `${'A'.repeat(MAX_SINCE_LENGTH - 22)}.${'A'.repeat(22)}`;
      expect(long).toMatch(TOKEN_PATTERN);
      for (const text of ['abc', '', `.${'A'.repeat(22)}`, `a.${'A'.repeat(21)}`, `a=.${'A'.repeat(22)}`, `a.b.${'A'.repeat(22)}`, long]) {
        expect(codec.parse(text)).toBeNull();
      }
      expect(mac).not.toHaveBeenCalled();
    } finally {
      mac.mockRestore();
    }
  });

  it('refuses a correctly signed text that is not a position', () => {
    expect(codec.parse(signedText('site_1|42|3'))).toEqual(caughtUp);
    for (const text of [
      '',
      'site_1',
      'site_1|42',
      '|42|3',
      'site_1||3',
      'site_1|42|x',
      'site_1|42|-1',
      'site_1|42|1.5',
      'site_1|42|03',
      'site_1|42|3|4',
      'site_1|42|3|4|57|articles',
      'site_1|42|3|x|57|articles|',
      'site_1|42|3|4|57|articles|a|b',
    ]) {
      expect(codec.parse(signedText(text)), text).toBeNull();
    }
  });
});
