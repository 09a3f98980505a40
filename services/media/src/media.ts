/**
 * Generated media: immutable objects addressed by key. Putting a key again with the same bytes
 * changes nothing; with other bytes it is a CONFLICT (cached copies must never go stale).
 */
import { createHash } from 'node:crypto';
import { conflict, malformed } from '@cfs/common/errors';
import { isSafeMediaKey, MAX_MEDIA_KEY_LENGTH, MAX_MEDIA_KEY_SEGMENTS } from '@cfs/common/media-keys';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { MediaObject, PrismaClient } from './generated/prisma/client.ts';
import type { ObjectStore } from './object-store.ts';

export type { MediaObject };

const CONTENT_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;

export async function putObject(
  db: PrismaClient,
  store: ObjectStore,
  input: { key: string; contentType: string; bytes: Buffer; maxBytes: number },
  now = new Date(),
): Promise<MediaObject> {
  if (!isSafeMediaKey(input.key))
    throw malformed(
      `key must be 1 to ${MAX_MEDIA_KEY_LENGTH} characters of letters, digits, . _ - and /, in 1 to ${MAX_MEDIA_KEY_SEGMENTS} segments, none starting with a dot`,
    );
  const contentType = input.contentType.toLowerCase();
  if (!CONTENT_TYPE.test(contentType)) throw malformed('contentType must be a media type such as image/png');
  if (input.bytes.length === 0 || input.bytes.length > input.maxBytes) throw malformed(`the object must be 1 to ${input.maxBytes} bytes`);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const existing = await db.mediaObject.findUnique({ where: { key: input.key } });
  if (existing) {
    if (existing.sha256 === sha256 && existing.contentType === contentType) return existing;
    throw conflict('An object with this key exists with other content; media objects are immutable.');
  }
  // Bytes first, metadata second: an object is served only once both exist, so bytes left behind by
  // a write that rolled back at its deadline are never served, and a retry puts them again.
  await store.put(input.key, input.bytes, contentType);
  // Two writers of one key at once (two Sites' generations of the same image bytes): the first row
  // stays (ON CONFLICT DO NOTHING), and each writer compares its bytes with it.
  const stored = await commitWithinBudget(
    db,
    async (tx) => {
      await tx.mediaObject.createMany({ data: [{ key: input.key, contentType, size: input.bytes.length, sha256, createdAt: now }], skipDuplicates: true });
      return tx.mediaObject.findUniqueOrThrow({ where: { key: input.key } });
    },
    { beforeCommit: 'media.object.beforeCommit' },
  );
  if (stored.sha256 !== sha256 || stored.contentType !== contentType)
    throw conflict('An object with this key exists with other content; media objects are immutable.');
  return stored;
}

export function etagOf(object: Pick<MediaObject, 'sha256'>): string {
  return `"${object.sha256.slice(0, 32)}"`;
}
