/**
 * The AI loop's repositories (ai/repositories.ts) on the media service's database, through Prisma.
 * The budget ledger is ai/budget-ledger.ts (raw SQL under a row lock).
 */
import { newId } from '@cfs/common/ids';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { putObject } from '../media.ts';
import type { ObjectStore } from '../object-store.ts';
import type { AiJobRepository, GeneratedImages, VariantRepository } from './repositories.ts';

export function prismaVariants(prisma: PrismaClient): VariantRepository {
  return {
    find: (siteId, articleId) => prisma.aiVariant.findUnique({ where: { siteId_articleId: { siteId, articleId } } }),
    store: async ({ siteId, articleId, ...rest }) => {
      const row = { ...rest, notedAt: null };
      await commitWithinBudget(prisma, (tx) =>
        tx.aiVariant.upsert({ where: { siteId_articleId: { siteId, articleId } }, create: { siteId, articleId, ...row }, update: row }),
      );
    },
    list: (siteId, articleIds) => prisma.aiVariant.findMany({ where: { siteId, articleId: { in: [...articleIds] } }, orderBy: { articleId: 'asc' } }),
    versionsOf: (siteId, articleIds) =>
      prisma.aiVariant.findMany({
        where: { siteId, articleId: { in: [...articleIds] } },
        select: { articleId: true, articleVersion: true, profileVersion: true },
      }),
    markNoted: async (siteId, articleIds, at) => {
      await prisma.aiVariant.updateMany({ where: { siteId, articleId: { in: [...articleIds] } }, data: { notedAt: at } });
    },
    unnoted: (before, limit) =>
      prisma.aiVariant.findMany({ where: { notedAt: null, generatedAt: { lt: before } }, select: { siteId: true, articleId: true }, take: limit }),
    ofOtherProfile: async (siteId, profileVersion, limit) =>
      (await prisma.aiVariant.findMany({ where: { siteId, profileVersion: { not: profileVersion } }, select: { articleId: true }, take: limit })).map(
        (r) => r.articleId,
      ),
    deleteOfOtherProfile: async (siteId, profileVersion, articleIds) => {
      await prisma.aiVariant.deleteMany({ where: { siteId, profileVersion: { not: profileVersion }, articleId: { in: [...articleIds] } } });
    },
  };
}

export function prismaAiJobs(prisma: PrismaClient): AiJobRepository {
  return {
    recordAttempt: async (attempt) => {
      await commitWithinBudget(prisma, (tx) => tx.aiGeneration.create({ data: { id: newId('aig'), ...attempt } }));
    },
    planPosition: async (name) => (await prisma.aiPlanPosition.findUnique({ where: { name } }))?.updatedAt ?? null,
    keepPlanPosition: async (name, { updatedAt, articleId }) => {
      await prisma.aiPlanPosition.upsert({ where: { name }, create: { name, updatedAt, articleId }, update: { updatedAt, articleId } });
    },
  };
}

/** Images go to the object store, each with its media_objects row (media.ts putObject). */
export function storedImages(prisma: PrismaClient, store: ObjectStore, maxBytes: number): GeneratedImages {
  return {
    put: async (image) => {
      await putObject(prisma, store, { ...image, maxBytes });
    },
  };
}
