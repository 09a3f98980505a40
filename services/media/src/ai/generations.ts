/**
 * A Site's recent AI generation attempts, as the jobs of ai/jobs.ts record them (one ai_generations
 * row per attempt's outcome), for the dashboard's usage page. Read newest first through the
 * (site_id, created_at) index, scanned backwards.
 */
import { malformed } from '@cfs/common/errors';
import type { PrismaClient } from '../generated/prisma/client.ts';

export const DEFAULT_GENERATIONS = 20;
export const MAX_GENERATIONS = 100;

export interface GenerationRecord {
  id: string;
  articleId: string;
  articleVersion: string;
  /** The title of the Site's current variant of the article; null while it has none. */
  variantTitle: string | null;
  attempt: number;
  outcome: string;
  /** The fixed, safe message of a failure (src/ai/providers/provider.ts), never the provider's text. */
  reason: string | null;
  units: number;
  createdAt: Date;
}

/** The Site's newest `limit` attempts (0: DEFAULT_GENERATIONS), newest first. */
export async function recentGenerations(prisma: PrismaClient, siteId: string, limit: number): Promise<GenerationRecord[]> {
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_GENERATIONS) throw malformed(`limit must be 0 to ${MAX_GENERATIONS}`);
  const rows = await prisma.aiGeneration.findMany({
    where: { siteId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit || DEFAULT_GENERATIONS,
  });
  if (rows.length === 0) return [];
  const variants = await prisma.aiVariant.findMany({
    where: { siteId, articleId: { in: [...new Set(rows.map((r) => r.articleId))] } },
    select: { articleId: true, title: true },
  });
  const titles = new Map(variants.map((v) => [v.articleId, v.title]));
  return rows.map((r) => ({
    id: r.id,
    articleId: r.articleId,
    articleVersion: r.articleVersion,
    variantTitle: titles.get(r.articleId) ?? null,
    attempt: r.attempt,
    outcome: r.outcome,
    reason: r.reason,
    units: r.units,
    createdAt: r.createdAt,
  }));
}
