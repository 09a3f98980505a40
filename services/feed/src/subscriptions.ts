import { malformed } from '@cfs/common/errors';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { PrismaClient } from './generated/prisma/client.ts';

export const MAX_SUBSCRIPTIONS = 100;

/** Replaces a Site's subscriptions as a whole; an unknown category key changes nothing. */
export async function replaceSubscriptions(db: PrismaClient, siteId: string, categories: string[]): Promise<string[]> {
  const keys = [...new Set(categories)].sort();
  if (keys.length > MAX_SUBSCRIPTIONS) throw malformed(`at most ${MAX_SUBSCRIPTIONS} categories`);
  const known = new Set((await db.category.findMany({ where: { key: { in: keys } }, select: { key: true } })).map((c) => c.key));
  const unknown = keys.find((k) => !known.has(k));
  if (unknown !== undefined) throw malformed(`unknown category key: ${unknown.slice(0, 64)}`);
  await commitWithinBudget(
    db,
    async (tx) => {
      await tx.subscription.deleteMany({ where: { siteId } });
      await tx.subscription.createMany({ data: keys.map((categoryKey) => ({ siteId, categoryKey })) });
    },
    { beforeCommit: 'feed.subscriptions.beforeCommit' },
  );
  return keys;
}
