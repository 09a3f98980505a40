/** SEO personalization profiles: one per Site, read or replaced as a whole. */
import { z } from 'zod';
import { malformed, notFound } from '@cfs/common/errors';
import type { PrismaClient, SeoProfile } from './generated/prisma/client.ts';

export type { SeoProfile };

/** The profile's rules; the gateway's public schema mirrors them for the 400 before authentication. */
export const seoProfileSchema = z.strictObject({
  siteName: z.string().trim().min(1).max(200),
  locale: z.string().regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$/, 'must be a BCP 47 tag such as en or pt-BR'),
  keywords: z.array(z.string().trim().min(1).max(100)).max(50),
  tone: z.string().trim().min(1).max(50),
  topics: z.array(z.string().trim().min(1).max(100)).max(50),
});
export type SeoProfileInput = z.output<typeof seoProfileSchema>;

export async function getProfile(db: PrismaClient, siteId: string): Promise<SeoProfile> {
  const profile = await db.seoProfile.findUnique({ where: { siteId } });
  if (!profile) throw notFound('SEO profile');
  return profile;
}

export async function replaceProfile(db: PrismaClient, siteId: string, input: unknown, now = new Date()): Promise<SeoProfile> {
  const parsed = seoProfileSchema.safeParse(input);
  if (!parsed.success) throw malformed(parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const data = parsed.data;
  return db.seoProfile.upsert({
    where: { siteId },
    create: { siteId, ...data, createdAt: now, updatedAt: now },
    update: { ...data, updatedAt: now },
  });
}
