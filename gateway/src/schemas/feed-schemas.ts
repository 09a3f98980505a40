/** The schemas of the taxonomy, subscription and feed routes (api/routes/feed.ts). */
import { z } from 'zod';
import { FEED_PAGE_DEFAULT_LIMIT, FEED_PAGE_MAX_LIMIT } from '@cfs/common/feed-limits';
import { MAX_MEDIA_KEY_LENGTH, MEDIA_PATH_PREFIX } from '@cfs/common/media-keys';
import * as rules from '@cfs/common/rules';
import { categoryKey, MEDIA_KEY_PATTERN, mediaKey, plainText, timestamp } from './blocks.ts';
import { MAX_SINCE_LENGTH } from '@cfs/common/tokens';
import { MAX_CURSOR_LENGTH, TOKEN_PATTERN } from '../tokens/feed-cursor.ts';

export const CategoryKey = categoryKey.meta({
  id: 'CategoryKey',
  description: 'A category key of the taxonomy (GET /api/v1/taxonomy).',
  examples: ['technology'],
});

const categoryExample = {
  key: 'technology',
  name: 'Technology',
  topics: [
    { key: 'ai', name: 'Artificial intelligence' },
    { key: 'robotics', name: 'Robotics' },
  ],
};

export const Taxonomy = z
  .object({
    categories: z
      .array(
        z
          .object({
            key: CategoryKey,
            name: plainText(100),
            // The taxonomy import replaces a category's topics, at most 200 (services/feed).
            topics: z.array(z.object({ key: categoryKey, name: plainText(100) })).max(200),
          })
          .meta({ id: 'Category', examples: [categoryExample] }),
      )
      .meta({ description: "Every category, in the taxonomy's order (not paginated)." }),
  })
  .meta({ id: 'Taxonomy', examples: [{ categories: [categoryExample, { key: 'science', name: 'Science', topics: [] }] }] });

export const Subscriptions = z
  .strictObject({
    categories: rules.subscribedCategories.meta({
      description: 'Category keys; the feed contains their articles.',
      items: { $ref: '#/components/schemas/CategoryKey' },
    }),
  })
  .meta({ id: 'Subscriptions', description: "The Site's subscriptions, replaced as a whole by PUT.", examples: [{ categories: ['technology', 'science'] }] });

export const FeedQuery = z.object({
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, `must be an integer from 1 to ${FEED_PAGE_MAX_LIMIT}`)
    .transform(Number)
    .pipe(z.number().max(FEED_PAGE_MAX_LIMIT, `must be an integer from 1 to ${FEED_PAGE_MAX_LIMIT}`))
    .optional()
    .meta({
      description: `Page size, an integer from 1 to ${FEED_PAGE_MAX_LIMIT}; default ${FEED_PAGE_DEFAULT_LIMIT}.`,
      type: 'integer',
      minimum: 1,
      maximum: FEED_PAGE_MAX_LIMIT,
      default: FEED_PAGE_DEFAULT_LIMIT,
    }),
  // The pattern is checked with the MAC by the cursor's codec once the other parameters pass
  // (routes/feed.ts: readingToken), so every refused cursor is told the same way.
  cursor: z.string().min(1).max(MAX_CURSOR_LENGTH).optional().meta({
    description: 'The nextCursor of the previous page, as given. Opaque and tamper-evident: an altered cursor is a 400.',
    pattern: TOKEN_PATTERN.source,
  }),
});

const articleExample = {
  id: 'art_3f2a9c1e5b7d4a6c8e0f1a2b',
  title: 'Robots learn to sort recycling',
  url: 'https://news.example/robots-recycling',
  summary: 'A warehouse robot now sorts mixed recycling faster than people do.',
  publishedAt: '2026-02-01T08:00:00.000Z',
  categories: ['technology'],
  imageKey: 'covers/robots.png',
  imageUrl: `${MEDIA_PATH_PREFIX}covers/robots.png`,
  personalized: {
    title: 'Warehouse robots now sort recycling faster than people',
    summary: 'For readers following automation: a sorting robot beats people at mixed recycling.',
    metaDescription: 'A warehouse robot sorts mixed recycling faster than people: what it means for automation.',
    imageUrl: `${MEDIA_PATH_PREFIX}ai/3b6f0c1d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c.png`,
    generatedAt: '2026-02-01T08:00:05.000Z',
  },
};

/** An article read from a publisher's feed: no generated image, the publisher's own as its imageUrl. */
const publisherArticleExample = {
  id: 'art_9c1e5b7d4a6c8e0f1a2b3f2a',
  title: 'City council approves the new tram line',
  url: 'https://www.city-news.example/2026/02/tram-line',
  summary: 'The council voted 31 to 12 for the eastern tram line; building starts next spring.',
  publishedAt: '2026-02-01T07:30:00.000Z',
  categories: ['local'],
  imageKey: null,
  imageUrl: 'https://images.city-news.example/2026/02/tram.jpg',
};

const generatedImageUrl = z
  .string()
  .max(MEDIA_PATH_PREFIX.length + MAX_MEDIA_KEY_LENGTH)
  .regex(new RegExp(`^${MEDIA_PATH_PREFIX.replaceAll('/', '\\/')}${MEDIA_KEY_PATTERN.source.slice(1)}`));

export const Personalized = z
  .object({
    title: plainText(rules.ARTICLE_TITLE_MAX),
    summary: z
      .string()
      .max(rules.ARTICLE_SUMMARY_MAX)
      .regex(rules.NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS)
      .meta({ description: 'Plain text; may hold line breaks.' }),
    metaDescription: plainText(rules.META_DESCRIPTION_MAX),
    imageUrl: generatedImageUrl.nullable().meta({
      description: 'Path of the image generated for this Site under /media/generated/; null while it is being made or when it could not be.',
    }),
    generatedAt: timestamp,
  })
  .meta({
    id: 'Personalized',
    description:
      "The article written for the calling Site's SEO profile (its locale, tone, keywords and topics) and its generated hero image. " +
      'Present once the text is ready, for Sites whose plan includes AI generation; the original fields keep their meaning.',
  });

export const Article = z
  .object({
    id: z.string().min(1).max(rules.ARTICLE_ID_MAX).regex(rules.ARTICLE_ID),
    title: plainText(rules.ARTICLE_TITLE_MAX),
    url: rules.providerAddress().meta({
      description: "The article's link as its publisher gave it: absolute http(s), on any host (an IP address or localhost included).",
    }),
    summary: z
      .string()
      .max(rules.ARTICLE_SUMMARY_MAX)
      .regex(rules.NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS)
      .nullable()
      .meta({ description: 'Plain text; may hold line breaks.' }),
    publishedAt: timestamp,
    categories: z.array(categoryKey).max(rules.ARTICLE_CATEGORIES_MAX),
    imageKey: mediaKey.nullable().meta({ description: 'Key of a generated image, served at imageUrl; null when the article has none.' }),
    imageUrl: z
      .union([generatedImageUrl, rules.providerAddress()])
      .nullable()
      .meta({
        description:
          "The article's image. With an imageKey, the path of that image under this API: /media/generated/{imageKey} (GET it without a Credential). " +
          "Without one, the publisher's own image of an article read from its feed, an absolute http(s) URL on any host as the publisher gave it " +
          '(not a copy: fetch it from there, or skip it). Null when there is neither. Resolve it against the base URL of this API: a path then ' +
          'names this service, an absolute URL stays as it is.',
      }),
    personalized: Personalized.optional(),
  })
  .meta({ id: 'Article', examples: [articleExample, publisherArticleExample] });

export const FeedPage = z
  .object({
    data: z.array(Article).max(FEED_PAGE_MAX_LIMIT).meta({ description: 'Newest first (publishedAt, then id, descending); no article twice.' }),
    nextCursor: z
      .string()
      .max(MAX_CURSOR_LENGTH)
      .regex(TOKEN_PATTERN)
      .nullable()
      .meta({ description: 'Pass as cursor for the next page; null on the last page.' }),
  })
  .meta({
    id: 'FeedPage',
    examples: [{ data: [articleExample], nextCursor: 'MjAyNi0wMi0wMVQwODowMDowMC4wMDBafGFydF8zZjJhOWMxZTViN2Q0YTZjOGUwZjFhMmI.q1Xc5mT0bW8yZk3NfA2hVg' }],
  });

export const FeedChangesQuery = z.object({
  since: z
    .string()
    .min(1)
    .max(MAX_SINCE_LENGTH)
    .regex(TOKEN_PATTERN)
    .optional()
    .meta({
      description:
        'The nextSince of the previous answer, as given; omit it to start from the beginning (every article of the feed as an upsert). ' +
        'Opaque and tamper-evident (an altered token is a 400); valid at least 30 days.',
    }),
  limit: FeedQuery.shape.limit,
});

const UpsertChange = z
  .object({ type: z.literal('upsert'), article: Article })
  .meta({ id: 'FeedUpsert', description: 'The article is in the feed now, as it is now (personalized included once ready): add it or replace your copy.' });
const DeleteChange = z
  .object({
    type: z.literal('delete'),
    id: z.string().min(1).max(rules.ARTICLE_ID_MAX).regex(rules.ARTICLE_ID),
    reason: z.enum(['removed', 'unsubscribed']).meta({
      description: "`removed`: the article was removed; `unsubscribed`: it is no longer in the Site's subscribed categories.",
    }),
  })
  .meta({ id: 'FeedDelete', description: 'The article left the feed: drop your copy (nothing to do if you hold none).' });

export const FeedChanges = z
  .object({
    data: z
      .array(z.discriminatedUnion('type', [UpsertChange, DeleteChange]))
      .max(FEED_PAGE_MAX_LIMIT)
      .meta({ description: 'Oldest change first.' }),
    nextSince: z.string().max(MAX_SINCE_LENGTH).regex(TOKEN_PATTERN).meta({
      description: 'Pass as since next time. When nothing changed it is the since you gave, so the answer repeats (and its ETag).',
    }),
    hasMore: z.boolean().meta({ description: 'More changes are waiting: ask again with nextSince now.' }),
  })
  .meta({
    id: 'FeedChanges',
    description: "Apply every change in order, following nextSince while hasMore, and you hold exactly the Site's feed.",
    examples: [
      {
        data: [
          { type: 'upsert', article: articleExample },
          { type: 'delete', id: 'art_9d8c7b6a5f4e3d2c1b0a9f8e', reason: 'removed' },
        ],
        nextSince: 'c2l0ZV8wNmgxMHZ2eTU3NnB4ZnZqeHY2NHA1eXFhbXw0MnwxfA.q1Xc5mT0bW8yZk3NfA2hVg',
        hasMore: false,
      },
    ],
  });
