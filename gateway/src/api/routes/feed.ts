/** Taxonomy, subscriptions and the cursor feed. */
import { generatesAi } from '@cfs/common/entitlements';
import { malformed } from '@cfs/common/errors';
import { FEED_PAGE_DEFAULT_LIMIT } from '@cfs/common/feed-limits';
import type { FeedChangesCache } from '../../caches/feed-changes.ts';
import { publicArticle, type FeedPageCache } from '../../caches/feed-pages.ts';
import { defineRoute, siteOf, type AnyRoute, type Principal } from '../../pipeline/route.ts';
import { SerializedAnswer } from '../../schemas/serialized-answer.ts';
import type { TaxonomyCatalog } from '../../caches/taxonomy.ts';
import { changesPositionText, NOT_A_TOKEN, type ChangesTokenCodec } from '@cfs/common/tokens';
import { NOT_A_CURSOR, type FeedCursorCodec } from '../../tokens/feed-cursor.ts';
import { readingToken } from '../../tokens/query.ts';
import { FeedChanges, FeedChangesQuery, FeedPage, FeedQuery, Subscriptions, Taxonomy } from '../../schemas/feed-schemas.ts';

/** What the feed routes use besides the services: the page and changes caches, the tokens' codecs, the taxonomy's keys. */
export interface FeedRouteDeps {
  feedPages: FeedPageCache;
  feedChanges: FeedChangesCache;
  cursors: FeedCursorCodec;
  changesTokens: ChangesTokenCodec;
  taxonomy: TaxonomyCatalog;
}

export const feedRoutes = (deps: FeedRouteDeps): AnyRoute[] => {
  /** Whether the Site's items get its variants: its plan has AI generation (the Site as admission read it). */
  const personalizes = (principal: Principal) => generatesAi(siteOf(principal).plan);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/taxonomy',
      operationId: 'getTaxonomy',
      conditional: true,
      summary: 'Read the taxonomy',
      description: 'Every category that can be subscribed to, with its topics.',
      tag: 'Taxonomy',
      auth: 'credential',
      scope: 'subscription.manage',
      capability: 'subscriptions',
      response: { status: 200, description: 'The taxonomy.', schema: Taxonomy },
      handle: async ({ rpc }) => {
        const { categories } = await rpc('feed', 'ListCategories', {});
        return { categories: categories.map((c) => ({ key: c.key, name: c.name, topics: c.topics.map((t) => ({ key: t.key, name: t.name })) })) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/subscriptions',
      operationId: 'getSubscriptions',
      conditional: true,
      summary: 'Read the subscriptions',
      description: 'The category keys the calling Site subscribes to; its feed holds the articles of these categories. PUT replaces them.',
      tag: 'Taxonomy',
      auth: 'credential',
      scope: 'subscription.manage',
      capability: 'subscriptions',
      response: { status: 200, description: "The Site's subscribed category keys.", schema: Subscriptions },
      handle: async ({ principal, rpc }) => {
        const { categories } = await rpc('feed', 'GetSubscriptions', { siteId: principal.credential.siteId });
        return { categories };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/subscriptions',
      operationId: 'replaceSubscriptions',
      summary: 'Replace the subscriptions',
      description:
        "Replaces the Site's subscriptions as a whole (an empty list unsubscribes from everything). An unknown category key is a 400, checked before authentication.",
      tag: 'Taxonomy',
      auth: 'credential',
      scope: 'subscription.manage',
      capability: 'subscriptions',
      body: Subscriptions,
      prepare: async ({ body }) => {
        let known = await deps.taxonomy.categoryKeys();
        if (body.categories.some((key) => !known.has(key))) known = await deps.taxonomy.freshCategoryKeys();
        const unknown = body.categories.find((key) => !known.has(key));
        if (unknown !== undefined) throw malformed(`body.categories: unknown category key ${unknown}`);
      },
      response: { status: 200, description: 'The subscriptions as stored.', schema: Subscriptions },
      handle: async ({ principal, rpc, body }) => {
        const { categories } = await rpc('feed', 'ReplaceSubscriptions', { siteId: principal.credential.siteId, categories: body.categories });
        deps.feedPages.subscriptionsChanged(principal.credential.siteId);
        deps.feedChanges.subscriptionsChanged(principal.credential.siteId);
        return { categories };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/feed',
      operationId: 'getFeed',
      conditional: true,
      summary: 'Read the feed',
      description:
        'Articles of the subscribed categories, newest first, in pages. Follow nextCursor until it is null; pages never repeat or skip an ' +
        'article, even while articles are being added. A bad limit or cursor is a 400, checked before authentication.',
      tag: 'Feed',
      auth: 'credential',
      scope: 'feed.read',
      capability: 'feed',
      query: readingToken(FeedQuery, 'cursor', () => deps.cursors, NOT_A_CURSOR),
      response: { status: 200, description: 'One page of the feed.', schema: FeedPage },
      handle: async ({ principal, rpc, query }) => {
        const { siteId } = principal.credential;
        const personalized = personalizes(principal);
        return deps.feedPages.page(siteId, query.limit ?? FEED_PAGE_DEFAULT_LIMIT, query.cursor ?? null, rpc, { personalized });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/feed/changes',
      operationId: 'getFeedChanges',
      summary: 'Read what changed in the feed',
      description:
        "The changes of the Site's feed since a position, oldest first: upserts for new, updated and newly personalized articles and for " +
        'articles that entered the feed (a subscription change), deletes for removed articles and for articles that left it. Without since, every ' +
        'article of the feed as an upsert. Apply every change in order, following nextSince while hasMore, and you hold exactly the feed. A since ' +
        'that was altered or is not a token is a 400 before authentication; one older than the changes kept (at least 30 days) is a 400 that says to start over.',
      tag: 'Feed',
      auth: 'credential',
      scope: 'feed.read',
      capability: 'feed',
      conditional: true,
      query: readingToken(FeedChangesQuery, 'since', () => deps.changesTokens, NOT_A_TOKEN),
      response: { status: 200, description: 'The changes since the position given.', schema: FeedChanges },
      handle: async ({ principal, rpc, query }) => {
        const { siteId } = principal.credential;
        const limit = query.limit ?? FEED_PAGE_DEFAULT_LIMIT;
        const { since } = query;
        const read = () => rpc('feed', 'GetChanges', { siteId, limit, ...(since ? { since } : {}) });
        type Read = Awaited<ReturnType<typeof read>>;
        // A poll from a position: a caught-up answer (the common case of a polling site) is kept by
        // the changes cache (caches/feed-changes.ts) until the Site's feed changes (services/feed/README.md#the-changes-feed).
        // One position has one token, so the same position gives back the token that was given.
        const at = since === undefined ? undefined : changesPositionText(since);
        const answer =
          at === undefined
            ? await read()
            : await deps.feedChanges.changesSince<Read>(siteId, limit, at, async () => {
                const got = await read();
                if (got.changes.length > 0 || got.hasMore || changesPositionText(got.next!) !== at) return { answer: got };
                return { caughtUp: SerializedAnswer.of(FeedChanges, { data: [], nextSince: deps.changesTokens.encode(got.next!), hasMore: false }) };
              });
        if (answer instanceof SerializedAnswer) return answer;
        const upserts = answer.changes.flatMap((c) => (c.article ? [publicArticle(c.article)] : []));
        const personalized = personalizes(principal) ? await deps.feedPages.personalizeItems(siteId, upserts, rpc) : upserts;
        const byId = new Map(personalized.map((a) => [a.id, a]));
        return {
          data: answer.changes.map((c) =>
            c.article
              ? { type: 'upsert' as const, article: byId.get(c.article.id)! }
              : { type: 'delete' as const, id: c.deletedId!, reason: c.reason as 'removed' | 'unsubscribed' },
          ),
          nextSince: deps.changesTokens.encode(answer.next!),
          hasMore: answer.hasMore,
        };
      },
    }),
  ];
};
