/** Products (audiences) a Credential can be issued for. The gateway serves CONTENT_FEED_PRODUCT; Credentials of any other audience get WRONG_AUDIENCE. */
export const CONTENT_FEED_PRODUCT = 'content-feed';
export const DEFAULT_KNOWN_PRODUCTS = ['content-feed', 'seo-suite'];
