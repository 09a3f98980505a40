import { describe, expect, it } from 'vitest';
import { hashesEqual, keyedHash, mintToken, parseToken, randomBase62, TOKEN_PATTERN } from '../src/tokens.ts';

describe('credential tokens', () => {
  it('have the cfs_ prefix, 58 characters and an embedded lookup id', () => {
    const { token, lookupId } = mintToken();
    expect(token).toMatch(TOKEN_PATTERN);
    expect(token).toHaveLength(58);
    expect(parseToken(token)).toEqual({ lookupId });
  });

  it('reject a changed character, a truncation and a foreign prefix by checksum alone', () => {
    const { token } = mintToken();
    const flipped = token.slice(0, 30) + (token[30] === 'a' ? 'b' : 'a') + token.slice(31);
    expect(parseToken(flipped)).toBeNull();
    expect(parseToken(token.slice(0, -1))).toBeNull();
    expect(parseToken(`xyz_${token.slice(4)}`)).toBeNull();
  });

  it('carry at least 128 bits of secret: 32 base62 characters, uniformly random', () => {
    expect(32 * Math.log2(62)).toBeGreaterThan(128);
    const counts = new Map<string, number>();
    for (const ch of randomBase62(62_000)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(800);
  });

  it('are stored as a keyed hash that depends on the pepper', () => {
    const { token } = mintToken();
    const a = keyedHash('pepper-a'.padEnd(32, 'x'), token);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(keyedHash('pepper-b'.padEnd(32, 'x'), token));
    expect(hashesEqual(a, a)).toBe(true);
    expect(hashesEqual(a, a.replace(/.$/, a.endsWith('0') ? '1' : '0'))).toBe(false);
  });
});
