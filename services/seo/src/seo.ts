/** SEO personalization profiles: one per Site, read or replaced as a whole. */
import type { z } from 'zod';
import { notFound } from '@cfs/common/errors';
import { parseOrRefuse, seoProfile } from '@cfs/common/rules';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { PrismaClient, SeoProfile } from './generated/prisma/client.ts';

export type { SeoProfile };

/** The profile's rules: the same module the gateway checks before authentication. */
export const seoProfileSchema = seoProfile;
export type SeoProfileInput = z.output<typeof seoProfileSchema>;

export async function getProfile(db: PrismaClient, siteId: string): Promise<SeoProfile> {
  const profile = await db.seoProfile.findUnique({ where: { siteId } });
  if (!profile) throw notFound('SEO profile');
  return profile;
}

export async function replaceProfile(db: PrismaClient, siteId: string, input: unknown, now = new Date()): Promise<SeoProfile> {
  const data = parseOrRefuse(seoProfileSchema, input, { max: 3 });
  return commitWithinBudget(
    db,
    (tx) =>
      tx.seoProfile.upsert({
        where: { siteId },
        create: { siteId, ...data, createdAt: now, updatedAt: now },
        update: { ...data, updatedAt: now },
      }),
    { beforeCommit: 'seo.profile.beforeCommit' },
  );
}
