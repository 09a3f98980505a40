import { describe, expect, it } from 'vitest';
import { hash, verify } from '../src/passwords.ts';
import { INVITATION_TOKEN_PATTERN, mintInvitationToken } from '../src/tokens.ts';

describe('passwords', () => {
  it('are stored as scrypt$N$r$p$salt$key with a fresh 32-byte salt and a 64-byte key', async () => {
    const [a, b] = await Promise.all([hash('correct horse battery'), hash('correct horse battery')]);
    for (const stored of [a, b]) {
      const [scheme, n, r, p, salt, key] = stored.split('$');
      expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
      expect(Buffer.from(salt!, 'base64url')).toHaveLength(32);
      expect(Buffer.from(key!, 'base64url')).toHaveLength(64);
    }
    expect(a).not.toBe(b);
  });

  it('verify the password they were made from and nothing else; a malformed hash verifies nothing', async () => {
    const stored = await hash('correct horse battery');
    expect(await verify('correct horse battery', stored)).toBe(true);
    expect(await verify('correct horse batterY', stored)).toBe(false);
    expect(await verify('', stored)).toBe(false);
    for (const bad of ['', 'correct horse battery', stored.replace('scrypt$', 'bcrypt$'), stored.replace('$32768$', '$30000$'), stored.slice(0, -10)]) {
      expect(await verify('correct horse battery', bad)).toBe(false);
    }
  });
});

describe('invitation tokens', () => {
  it('are cfi_ and 43 base64url characters (32 random bytes), never twice the same', () => {
    const tokens = new Set(Array.from({ length: 100 }, mintInvitationToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(INVITATION_TOKEN_PATTERN);
      expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
    }
  });
});
