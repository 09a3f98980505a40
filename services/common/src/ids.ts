import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

function base32(bytes: Uint8Array, length: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0 && out.length < length) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A prefixed, time-ordered id such as `site_01jd3k...`: 48 bits of milliseconds then 80 random
 * bits, in 26 base32 characters (the ULID layout). The prefix tells a reader what the id names.
 */
export function newId(prefix: string, now = Date.now()): string {
  const bytes = new Uint8Array(16);
  let t = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = t % 256;
    t = Math.floor(t / 256);
  }
  bytes.set(randomBytes(10), 6);
  return `${prefix}_${base32(bytes, 26)}`;
}
