/**
 * The taxonomy: categories (subscribable, by key) with their topics. It ships as data
 * (taxonomy.json) and is loaded when the database has none; `taxonomy import` adds or updates.
 */
import { z } from 'zod';
import { malformed } from '@cfs/common/errors';
import { categoryKey, formatIssues, text } from '@cfs/common/rules';
import type { PrismaClient } from './generated/prisma/client.ts';
import shipped from '../taxonomy.json' with { type: 'json' };

const key = categoryKey;
const name = text(100);

export const taxonomySchema = z.strictObject({
  categories: z
    .array(
      z.strictObject({
        key,
        name,
        topics: z.array(z.strictObject({ key, name })).max(200).default([]),
      }),
    )
    .max(1000),
});
export type TaxonomyInput = z.output<typeof taxonomySchema>;

export interface CategoryView {
  key: string;
  name: string;
  topics: Array<{ key: string; name: string }>;
}

export function parseTaxonomy(raw: unknown): TaxonomyInput {
  const parsed = taxonomySchema.safeParse(raw);
  if (!parsed.success) throw malformed(`invalid taxonomy: ${formatIssues(parsed.error, { max: 3 })}`);
  const keys = parsed.data.categories.map((c) => c.key);
  if (new Set(keys).size !== keys.length) throw malformed('invalid taxonomy: a category key appears twice');
  return parsed.data;
}

export async function listCategories(db: PrismaClient): Promise<CategoryView[]> {
  const rows = await db.category.findMany({
    orderBy: [{ position: 'asc' }, { key: 'asc' }],
    include: { topics: { orderBy: [{ position: 'asc' }, { key: 'asc' }] } },
  });
  return rows.map((c) => ({ key: c.key, name: c.name, topics: c.topics.map((t) => ({ key: t.key, name: t.name })) }));
}

/** Adds new categories and updates existing ones (name and topics); never deletes a category. */
export async function importTaxonomy(db: PrismaClient, input: TaxonomyInput): Promise<{ created: number; updated: number }> {
  return db.$transaction(async (tx) => {
    const existing = new Set((await tx.category.findMany({ select: { key: true } })).map((c) => c.key));
    let position = existing.size;
    let created = 0;
    for (const category of input.categories) {
      const isNew = !existing.has(category.key);
      await tx.category.upsert({
        where: { key: category.key },
        create: { key: category.key, name: category.name, position: position++ },
        update: { name: category.name },
      });
      await tx.topic.deleteMany({ where: { categoryKey: category.key } });
      await tx.topic.createMany({ data: category.topics.map((t, i) => ({ categoryKey: category.key, key: t.key, name: t.name, position: i })) });
      if (isNew) created += 1;
    }
    return { created, updated: input.categories.length - created };
  });
}

/** The shipped taxonomy, loaded once into an empty database (in every mode). */
export async function loadShippedTaxonomyIfEmpty(db: PrismaClient): Promise<boolean> {
  if ((await db.category.count()) > 0) return false;
  await importTaxonomy(db, parseTaxonomy(shipped));
  return true;
}
