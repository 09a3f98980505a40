import { describe, expect, it } from 'vitest';
import { FeedCursorCodec, MAX_CURSOR_LENGTH } from '../src/cursor.ts';

const codec = new FeedCursorCodec('s'.repeat(32));
const position = { publishedAt: '2026-03-01T10:00:00.000Z', articleId: 'art_1' };

describe('FeedCursorCodec', () => {
  it('decodes what it encoded', () => {
    expect(codec.decode(codec.encode(position))).toEqual(position);
  });

  it('refuses a cursor signed with another secret', () => {
    expect(new FeedCursorCodec('t'.repeat(32)).decode(codec.encode(position))).toBeNull();
  });

  it('refuses an altered payload, a truncated MAC and garbage', () => {
    const cursor = codec.encode(position);
    const [payload, mac] = cursor.split('.') as [string, string];
    const altered = Buffer.from('2026-03-02T10:00:00.000Z|art_1').toString('base64url');
    expect(codec.decode(`${altered}.${mac}`)).toBeNull();
    expect(codec.decode(`${payload}.${mac.slice(0, -2)}`)).toBeNull();
    expect(codec.decode(payload)).toBeNull();
    expect(codec.decode('.')).toBeNull();
    expect(codec.decode('x'.repeat(MAX_CURSOR_LENGTH + 1))).toBeNull();
  });

  it('refuses a correctly signed payload that is not a position', () => {
    const sign = (text: string) => {
      // Re-sign through the codec's own format by encoding a position with the text as its id.
      const c = codec.encode({ publishedAt: 'not a date', articleId: text });
      return c;
    };
    expect(codec.decode(sign('a'))).toBeNull();
    expect(codec.decode(codec.encode({ publishedAt: position.publishedAt, articleId: '' }))).toBeNull();
    expect(codec.decode(codec.encode({ publishedAt: position.publishedAt, articleId: 'x'.repeat(65) }))).toBeNull();
  });
});
