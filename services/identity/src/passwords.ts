/**
 * Dashboard passwords at rest: scrypt (N=2^15, r=8, p=1) over a 32-byte random salt, a 64-byte key,
 * stored as `scrypt$32768$8$1$<salt base64url>$<key base64url>`; compared in constant time. The
 * parameters travel with the hash, so raising them later still verifies the older hashes. A salt
 * may be given (users.ts gives all of one e-mail's Users the same), and `matching` derives once
 * per distinct parameters and salt.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify<string, Buffer, number, ScryptOptions, Buffer>(scrypt);

const N = 2 ** 15;
const R = 8;
const P = 1;
const SALT_BYTES = 32;
const KEY_BYTES = 64;
/** scrypt needs 128·N·r bytes (32 MiB here); Node's default cap is 32 MiB, just short of it. */
const MAX_MEMORY = 64 * 1024 * 1024;
/**
 * What verify accepts from storage: N a power of two up to 2^20, r and p small, a 32-byte salt and a
 * 64-byte key (a shorter key would be a prefix of the full one, so a truncated hash must not verify).
 */
const STORED = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{43})\$([A-Za-z0-9_-]{86})$/;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, keyBytes: number): Promise<Buffer> {
  return scryptAsync(password.normalize('NFC'), salt, keyBytes, { N: n, r, p, maxmem: MAX_MEMORY });
}

/** A hash of `password`, over a new random salt unless one is given (32 bytes). */
export async function hash(password: string, salt: Buffer = randomBytes(SALT_BYTES)): Promise<string> {
  if (salt.length !== SALT_BYTES) throw new Error(`a password salt is ${SALT_BYTES} bytes`);
  const key = await derive(password, salt, N, R, P, KEY_BYTES);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** What derives a stored hash: its parameters and salt (the text before the key); null when malformed. */
function parse(stored: string): { derivation: string; n: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const match = STORED.exec(stored);
  if (!match) return null;
  const [n, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (n < 2 || n > 2 ** 20 || (n & (n - 1)) !== 0 || r < 1 || p < 1 || 128 * n * r > MAX_MEMORY) return null;
  return { derivation: stored.slice(0, stored.lastIndexOf('$')), n, r, p, salt: Buffer.from(match[4]!, 'base64url'), key: Buffer.from(match[5]!, 'base64url') };
}

/** Whether `password` is the one `stored` was made from; false (never an exception) for a malformed hash. */
export async function verify(password: string, stored: string): Promise<boolean> {
  return (await matching(password, [stored]))[0]!;
}

/**
 * Which of `stored` `password` was made from, in order. Hashes with the same parameters and salt
 * share one derivation: checking a password against several hashes over one salt costs one scrypt.
 */
export async function matching(password: string, stored: string[]): Promise<boolean[]> {
  const parsed = stored.map(parse);
  const derived = new Map<string, Promise<Buffer>>();
  for (const h of parsed) if (h && !derived.has(h.derivation)) derived.set(h.derivation, derive(password, h.salt, h.n, h.r, h.p, KEY_BYTES));
  return Promise.all(parsed.map(async (h) => (h ? timingSafeEqual(await derived.get(h.derivation)!, h.key) : false)));
}
