import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ChangesTokenCodec, Signer } from '@cfs/common/tokens';
import { feedCursorText, FeedCursorCodec, MAX_CURSOR_LENGTH, TOKEN_PATTERN } from '../src/tokens/feed-cursor.ts';

const codec = new FeedCursorCodec('s'.repeat(32));
const position = { publishedAt: '2026-03-01T10:00:00.000Z', articleId: 'art_1' };

describe('FeedCursorCodec', () => {
  it('decodes what it encoded', () => {
    expect(codec.parse(codec.encode(position))).toEqual(position);
  });

  it('refuses a cursor signed with another secret', () => {
    expect(new FeedCursorCodec('t'.repeat(32)).parse(codec.encode(position))).toBeNull();
  });

  it('refuses an altered payload, a truncated MAC and garbage', () => {
    const cursor = codec.encode(position);
    const [payload, mac] = cursor.split('.') as [string, string];
    const altered = Buffer.from('2026-03-02T10:00:00.000Z|art_1').toString('base64url');
    expect(codec.parse(`${altered}.${mac}`)).toBeNull();
    expect(codec.parse(`${payload}.${mac.slice(0, -2)}`)).toBeNull();
    expect(codec.parse(payload)).toBeNull();
    expect(codec.parse('.')).toBeNull();
    expect(codec.parse('x'.repeat(MAX_CURSOR_LENGTH + 1))).toBeNull();
  });

  it('refuses a correctly signed payload that is not a position', () => {
    const sign = (text: string) => {
      // Re-sign through the codec's own format by encoding a position with the text as its id.
      const c = codec.encode({ publishedAt: 'not a date', articleId: text });
      return c;
    };
    expect(codec.parse(sign('a'))).toBeNull();
    expect(codec.parse(codec.encode({ publishedAt: position.publishedAt, articleId: '' }))).toBeNull();
    expect(codec.parse(codec.encode({ publishedAt: position.publishedAt, articleId: 'x'.repeat(65) }))).toBeNull();
  });
});

describe('the MAC of a cursor and of a changes token', () => {
  /** The same 16 bytes spelled otherwise: the last character's 4 unused bits set (22 characters hold 132 bits). */
  const respell = (token: string) => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1)!);
    const other = alphabet[(last & 0b110000) | (~last & 0b001111)]!;
    return token.slice(0, -1) + other;
  };

  it('refuses a MAC written in another base64 spelling of the same bytes', () => {
    const cursor = codec.encode(position);
    const [payload, mac] = cursor.split('.') as [string, string];
    expect(Buffer.from(respell(mac), 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    expect(codec.parse(`${payload}.${respell(mac)}`)).toBeNull();
    expect(codec.parse(`${payload}.${mac}==`)).toBeNull();
    expect(codec.parse(cursor)).toEqual(position);
  });

  it('refuses a changes token whose MAC is spelled otherwise', () => {
    const tokens = new ChangesTokenCodec('s'.repeat(32));
    const token = tokens.encode({ siteId: 'site_1', seq: '42', version: 1, walk: null });
    expect(tokens.parse(token)).toMatchObject({ siteId: 'site_1', seq: '42' });
    expect(tokens.parse(respell(token))).toBeNull();
  });
});

describe('FeedCursorCodec, the one reader of a cursor', () => {
  const SECRET = 's'.repeat(32);
  /** A token whose MAC is right for its payload, whatever the payload: what only the secret's holder can make. */
  const signedAsIs = (payload: string) =>
    `${payload}.${createHmac('sha256', SECRET).update(`feed-cursor:v1:${payload}`).digest().subarray(0, 16).toString('base64url')}`;

  it('reads back the position it wrote, typed, for any timestamp and id', () => {
    for (const p of [position, { publishedAt: '1999-12-31T23:59:59.999Z', articleId: 'a' }, { publishedAt: position.publishedAt, articleId: 'x'.repeat(64) }]) {
      const token = codec.encode(p);
      expect(token).toMatch(TOKEN_PATTERN);
      expect(codec.parse(token)).toEqual(p);
      expect(feedCursorText(codec.parse(token)!)).toBe(`${p.publishedAt}|${p.articleId}`);
    }
  });

  it('refuses a cursor whose MAC was altered in any one character', () => {
    const [payload, mac] = codec.encode(position).split('.') as [string, string];
    for (let i = 0; i < mac.length; i++) {
      const altered = mac.slice(0, i) + (mac[i] === 'A' ? 'B' : 'A') + mac.slice(i + 1);
      expect(codec.parse(`${payload}.${altered}`)).toBeNull();
    }
  });

  it('refuses a payload spelled otherwise, even under a MAC that is right for that spelling', () => {
    // 31 bytes: 42 characters, the last of which holds 4 unused bits.
    const odd = { ...position, articleId: 'art_12' };
    const payload = codec.encode(odd).split('.')[0]!;
    expect(payload.length % 4).toBe(2);
    expect(codec.parse(signedAsIs(payload))).toEqual(odd);
    // The same bytes with the last character's unused bits set: decodes to the same position.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(payload.at(-1)!);
    const unused = 0b001111;
    expect(last & unused).toBe(0);
    const respelled = payload.slice(0, -1) + alphabet[last | unused]!;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(payload, 'base64url'));
    expect(codec.parse(signedAsIs(respelled))).toBeNull();
  });

  it('enforces the pattern before computing a MAC', () => {
    const mac = vi.spyOn(Signer.prototype as unknown as { mac: (payload: string) => Buffer }, 'mac');
    try {
      for (const text of [
        'abc',
        '.',
        `.${'A'.repeat(22)}`,
        `a.${'A'.repeat(21)}`,
        `a.${'A'.repeat(23)}`,
        `a=.${'A'.repeat(22)}`,
        `a+/.${'A'.repeat(22)}`,
        `a.b.${'A'.repeat(22)}`,
      ]) {
        expect(text).not.toMatch(TOKEN_PATTERN);
        expect(codec.parse(text)).toBeNull();
      }
      expect(mac).not.toHaveBeenCalled();
      expect(codec.parse(codec.encode(position))).toEqual(position);
      expect(mac).toHaveBeenCalledTimes(2);
    } finally {
      mac.mockRestore();
    }
  });

  it('refuses a changes token, signed with the same secret under its own label', () => {
    const token = new ChangesTokenCodec(SECRET).encode({ siteId: 'site_1', seq: '42', version: 1, walk: null });
    expect(codec.parse(token)).toBeNull();
  });
});
