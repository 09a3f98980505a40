/**
 * AI usage visibility: a per-Site ledger of generation units, summed over the current calendar
 * period (UTC) against the budget of the Site's plan; and the platform-wide AI image status.
 */
import { malformed } from '@cfs/common/errors';
import { newId } from '@cfs/common/ids';
import { periodWindow, QUOTA_PERIODS, type QuotaPeriod } from '@cfs/common/periods';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { PrismaClient } from './generated/prisma/client.ts';

export const AI_IMAGES_STATUSES = ['operational', 'degraded', 'paused'] as const;
export type AiImagesStatus = (typeof AI_IMAGES_STATUSES)[number];

export interface AiUsage {
  period: QuotaPeriod;
  periodStart: Date;
  resetsAt: Date;
  used: number;
  budget: number | null;
  remaining: number | null;
  status: 'ok' | 'warning' | 'exhausted';
}

export async function recordUsage(db: PrismaClient, siteId: string, units: number, kind: string, now = new Date()): Promise<void> {
  if (!Number.isInteger(units) || units <= 0 || units > 1_000_000) throw malformed('units must be an integer from 1 to 1000000');
  const k = kind.trim() || 'generation';
  if (k.length > 64) throw malformed('kind must be at most 64 characters');
  await commitWithinBudget(db, (tx) => tx.aiUsageEntry.create({ data: { id: newId('aiu'), siteId, units, kind: k, createdAt: now } }), {
    beforeCommit: 'media.usage.beforeCommit',
  });
}

export async function usageOf(db: PrismaClient, siteId: string, budget: number | null, period: string, now = Date.now()): Promise<AiUsage> {
  const p = (QUOTA_PERIODS as readonly string[]).includes(period) ? (period as QuotaPeriod) : 'month';
  const window = periodWindow(p, now);
  const sum = await db.aiUsageEntry.aggregate({ where: { siteId, createdAt: { gte: window.start, lt: window.end } }, _sum: { units: true } });
  const used = sum._sum.units ?? 0;
  const remaining = budget === null ? null : Math.max(0, budget - used);
  const status = budget === null ? 'ok' : used >= budget ? 'exhausted' : used >= budget * 0.8 ? 'warning' : 'ok';
  return { period: p, periodStart: window.start, resetsAt: window.end, used, budget, remaining, status };
}

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
