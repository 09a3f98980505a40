/** The platform-wide AI image status (the budget ledger of Sites is in ai-budget.ts). */
import { malformed } from '@cfs/common/errors';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { PrismaClient } from './generated/prisma/client.ts';

export const AI_IMAGES_STATUSES = ['operational', 'degraded', 'paused'] as const;
export type AiImagesStatus = (typeof AI_IMAGES_STATUSES)[number];

export async function imagesStatus(db: PrismaClient): Promise<{ status: AiImagesStatus; updatedAt: Date }> {
  const row = await db.aiImagesStatus.findUnique({ where: { id: 1 } });
  return row ? { status: row.status as AiImagesStatus, updatedAt: row.updatedAt } : { status: 'operational', updatedAt: new Date(0) };
}

export async function setImagesStatus(db: PrismaClient, status: string, now = new Date()): Promise<{ status: AiImagesStatus; updatedAt: Date }> {
  if (!(AI_IMAGES_STATUSES as readonly string[]).includes(status)) throw malformed(`status must be one of ${AI_IMAGES_STATUSES.join(', ')}`);
  const row = await commitWithinBudget(
    db,
    (tx) => tx.aiImagesStatus.upsert({ where: { id: 1 }, create: { id: 1, status, updatedAt: now }, update: { status, updatedAt: now } }),
    { beforeCommit: 'media.imagesStatus.beforeCommit' },
  );
  return { status: row.status as AiImagesStatus, updatedAt: row.updatedAt };
}
