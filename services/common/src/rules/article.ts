/**
 * The limits of an article's text, one definition for every deployable: the feed's import schema
 * (services/feed/src/articles.ts) and its Sources (services/feed/src/sources/map-item.ts), the
 * gateway's OpenAPI schemas of an article and its personalized variant, and the text media
 * generates (services/media/src/ai/providers/provider.ts) all read them here, so a generated
 * variant always fits where the article it replaces fits. protos/cfs/feed/v1 documents the same.
 */

/** An article's title (and a generated variant's): 1 to this many characters. */
export const ARTICLE_TITLE_MAX = 500;
/** An article's summary (and a generated variant's): at most this many characters, line breaks allowed. */
export const ARTICLE_SUMMARY_MAX = 5000;
/** A generated variant's meta description: a search result's snippet. */
export const META_DESCRIPTION_MAX = 160;
/** The categories an article is in. */
export const ARTICLE_CATEGORIES_MAX = 20;
