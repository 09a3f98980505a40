import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { charsetOf, decodeDocument } from '../src/sources/decode.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/sources/${name}`, import.meta.url));
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);
function utf16(text: string, endian: 'le' | 'be', bom: boolean): Uint8Array {
  const units = [...(bom ? [0xfeff] : []), ...Array.from(text, (c) => c.charCodeAt(0))];
  const bytes = new Uint8Array(units.length * 2);
  units.forEach((u, i) => {
    const [hi, lo] = [u >> 8, u & 0xff];
    bytes.set(endian === 'le' ? [lo, hi] : [hi, lo], i * 2);
  });
  return bytes;
}

describe('charsetOf', () => {
  it.each([
    ['application/rss+xml; charset=UTF-8', 'UTF-8'],
    ['text/xml;charset="iso-8859-1"', 'iso-8859-1'],
    ['application/xml; type=feed; Charset = windows-1252 ', 'windows-1252'],
    ['application/atom+xml', undefined],
    ['text/xml; charset=', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(charsetOf(header)).toBe(expected);
  });
});

describe('decodeDocument', () => {
  it('reads ISO-8859-1 from the XML declaration', () => {
    const { text, source } = decodeDocument(fixture('iso-8859-1.xml'), 'application/rss+xml');
    expect(source).toBe('declaration');
    expect(text).toContain('Fête de la bière à Zürich : déjà complète');
    expect(text).toContain('« incroyable »');
  });

  it('reads windows-1252 from the XML declaration: curly quotes, euro, en dash, ellipsis', () => {
    const { text, encoding } = decodeDocument(fixture('windows-1252.xml'), null);
    expect(encoding).toBe('windows-1252');
    expect(text).toContain('“Smart” kettles now cost €49 – a 20% drop');
    expect(text).toContain('Retailers’ prices fell… again.');
  });

  it('drops a UTF-8 byte order mark and trusts it over a contradicting HTTP charset', () => {
    const { text, source } = decodeDocument(fixture('utf8-bom.xml'), 'text/xml; charset=iso-8859-1');
    expect(source).toBe('bom');
    expect(text.startsWith('<?xml')).toBe(true);
    expect(text).toContain('日本語のニュース — Ελληνικά — Ёлка');
  });

  it('reads UTF-16 with a BOM (both byte orders) and without one from the two-byte "<?"', () => {
    const xml = '<?xml version="1.0" encoding="UTF-16"?><rss version="2.0"><channel><title>Ü</title></channel></rss>';
    expect(decodeDocument(utf16(xml, 'le', true)).text).toBe(xml);
    expect(decodeDocument(utf16(xml, 'be', true)).text).toBe(xml);
    expect(decodeDocument(utf16(xml, 'le', false)).text).toBe(xml);
    expect(decodeDocument(utf16(xml, 'be', false)).text).toBe(xml);
  });

  it('prefers the HTTP charset to the XML declaration (RFC 7303)', () => {
    const bytes = latin1('<?xml version="1.0" encoding="UTF-8"?><rss><channel><title>caf\u00e9</title></channel></rss>');
    const decoded = decodeDocument(bytes, 'application/rss+xml; charset=ISO-8859-1');
    expect(decoded.source).toBe('http');
    expect(decoded.text).toContain('<title>café</title>');
  });

  it('uses the declaration when the HTTP charset says UTF-8 but the bytes are not UTF-8', () => {
    const bytes = latin1('<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Gr\u00fc\u00dfe</title></channel></rss>');
    const decoded = decodeDocument(bytes, 'text/xml; charset=utf-8');
    expect(decoded.source).toBe('declaration');
    expect(decoded.text).toContain('<title>Grüße</title>');
  });

  it('keeps the HTTP UTF-8 when the bytes are valid UTF-8, whatever the declaration says', () => {
    const bytes = utf8('<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Grüße</title></channel></rss>');
    expect(decodeDocument(bytes, 'text/xml; charset=utf-8').text).toContain('<title>Grüße</title>');
  });

  it('defaults to UTF-8, and replaces invalid UTF-8 with U+FFFD instead of throwing', () => {
    const bytes = Uint8Array.from([...utf8('<rss><channel><title>ok '), 0xc3, 0x28, 0xff, 0xfe, 0x80, ...utf8(' end</title></channel></rss>')]);
    const decoded = decodeDocument(bytes, 'application/rss+xml');
    expect(decoded.source).toBe('default');
    expect(decoded.text).toBe('<rss><channel><title>ok \ufffd(\ufffd\ufffd\ufffd end</title></channel></rss>');
  });

  it('falls back past labels nobody knows, never throwing', () => {
    const bytes = utf8('<?xml version="1.0" encoding="x-klingon"?><rss/>');
    expect(decodeDocument(bytes, 'text/xml; charset=no-such-charset')).toEqual({
      text: '<?xml version="1.0" encoding="x-klingon"?><rss/>',
      encoding: 'utf-8',
      source: 'default',
    });
    expect(decodeDocument(new Uint8Array(0), 'text/xml; charset="')).toEqual({ text: '', encoding: 'utf-8', source: 'default' });
  });

  it('reads a declared UTF-16 in one-byte text as UTF-8 (the declaration is wrong)', () => {
    const bytes = utf8('<?xml version="1.0" encoding="UTF-16"?><rss>é</rss>');
    expect(decodeDocument(bytes).text).toBe('<?xml version="1.0" encoding="UTF-16"?><rss>é</rss>');
  });
});
