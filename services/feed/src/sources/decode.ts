/**
 * A feed document's bytes as text. XML media types name their encoding in three places, read in
 * this order (RFC 7303): a byte order mark, then the HTTP `charset` parameter, then the
 * XML declaration's `encoding`; without any of them a document is UTF-8 (and so is JSON, RFC 8259).
 *
 * One exception, because servers often add `charset=utf-8` to every answer whatever the file holds:
 * when the HTTP charset says UTF-8 but the bytes are not valid UTF-8 and the XML declaration names
 * another encoding, the declaration wins. Nothing here throws: an unknown label falls back to the next
 * source, and a byte sequence invalid in the chosen encoding becomes U+FFFD.
 *
 * Labels go through the WHATWG Encoding Standard (TextDecoder), where ISO-8859-1 and US-ASCII read
 * as windows-1252: a superset that turns the C1 bytes publishers really mean (curly quotes, €) into
 * those characters.
 */
import { TextDecoder } from 'node:util';

export interface DecodedDocument {
  text: string;
  /** The WHATWG name of the encoding used, e.g. `utf-8`, `windows-1252`, `utf-16le`. */
  encoding: string;
  /** Where the encoding came from. */
  source: 'bom' | 'http' | 'declaration' | 'default';
}

/** The decoder for a label, or undefined when the label names no encoding TextDecoder knows. */
function decoderFor(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label.trim(), { fatal: false });
  } catch {
    return undefined;
  }
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** UTF-16 without a BOM, recognised by `<?` in two-byte units (XML 1.0, appendix F). */
function sniffedUtf16(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) return 'utf-16le';
  if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) return 'utf-16be';
  return undefined;
}

/** The `charset` parameter of a Content-Type header value, unquoted. */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  if (!contentType) return undefined;
  for (const part of contentType.split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

/** The `encoding` of an XML declaration at the start of the bytes (read as ASCII, which every label is). */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 512));
  const declaration = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']/.exec(head);
  return declaration?.[1];
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The text of a feed document received as `bytes` with the HTTP `contentType` (if any). */
export function decodeDocument(bytes: Uint8Array, contentType?: string | null): DecodedDocument {
  const decode = (decoder: TextDecoder, source: DecodedDocument['source']): DecodedDocument => ({
    // A leading BOM of the chosen encoding is dropped by TextDecoder (ignoreBOM is false).
    text: decoder.decode(bytes),
    encoding: decoder.encoding,
    source,
  });

  const bom = bomEncoding(bytes);
  if (bom) return decode(new TextDecoder(bom), 'bom');

  const declared = declaredEncoding(bytes);
  const http = charsetOf(contentType);
  const httpDecoder = http === undefined ? undefined : decoderFor(http);
  if (httpDecoder) {
    const declaredDecoder = declared === undefined ? undefined : decoderFor(declared);
    const mislabelledUtf8 = httpDecoder.encoding === 'utf-8' && declaredDecoder !== undefined && declaredDecoder.encoding !== 'utf-8' && !isValidUtf8(bytes);
    if (mislabelledUtf8) return decode(declaredDecoder, 'declaration');
    return decode(httpDecoder, 'http');
  }

  const utf16 = sniffedUtf16(bytes);
  if (utf16) return decode(new TextDecoder(utf16), 'declaration');

  const declaredDecoder = declared === undefined ? undefined : decoderFor(declared);
  // A declaration of UTF-16 in bytes that are not UTF-16 (no BOM, no two-byte `<?`) is a mistake: read as UTF-8.
  if (declaredDecoder && !declaredDecoder.encoding.startsWith('utf-16')) return decode(declaredDecoder, 'declaration');
  return decode(new TextDecoder('utf-8'), 'default');
}
