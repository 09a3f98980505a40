/** Page sizes of the feed, for every part that checks them (the gateway's query schema, the feed service). */
export const FEED_PAGE_DEFAULT_LIMIT = 20;
export const FEED_PAGE_MAX_LIMIT = 100;
