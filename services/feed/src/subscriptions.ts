import { malformed } from '@cfs/common/errors';
import { parseOrRefuse, subscribedCategories } from '@cfs/common/rules';
import { commitWithinBudget } from '@cfs/common/transactions';
import { recordSubscriptionVersion } from './changes.ts';
import type { PrismaClient } from './generated/prisma/client.ts';

/** Replaces a Site's subscriptions as a whole (a new version for the changes feed); an unknown category key changes nothing. */
export async function replaceSubscriptions(db: PrismaClient, schema: string, siteId: string, categories: string[]): Promise<string[]> {
  // The rule the gateway applies too (@cfs/common/rules).
  const keys = [...new Set(parseOrRefuse(subscribedCategories, categories, { where: 'categories' }))].sort();
  const known = new Set((await db.category.findMany({ where: { key: { in: keys } }, select: { key: true } })).map((c) => c.key));
  const unknown = keys.find((k) => !known.has(k));
  if (unknown !== undefined) throw malformed(`unknown category key: ${unknown.slice(0, 64)}`);
  await commitWithinBudget(
    db,
    async (tx) => {
      // One replacement of a Site at a time: under READ COMMITTED two concurrent replacements would each
      // delete only the rows committed before them and leave the union of both sets.
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', `subscriptions:${siteId}`);
      await tx.subscription.deleteMany({ where: { siteId } });
      await tx.subscription.createMany({ data: keys.map((categoryKey) => ({ siteId, categoryKey })) });
      await recordSubscriptionVersion(tx, schema, siteId, keys);
    },
    { beforeCommit: 'feed.subscriptions.beforeCommit' },
  );
  return keys;
}
