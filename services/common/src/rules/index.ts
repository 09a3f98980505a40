/**
 * Validation rules that more than one deployable applies, one definition each: the gateway checks
 * them before authentication (400 before 401), the services check them again for their other
 * callers (the operator CLI, other services), so the CLI and the API accept exactly the same input.
 * The gateway adds OpenAPI metadata on top (`.meta()` returns a copy; these stay unnamed).
 * toPlainText and cutAtWord are `@cfs/common/rules/plain-text`, not here: they load htmlparser2,
 * which only feed and media use, and every deployable loads this module.
 */
export {
  CONTROL_CHARACTER_MESSAGE,
  credentialName,
  displayName,
  NO_CONTROL_CHARACTERS,
  NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS,
  paragraphs,
  text,
  withoutControlCharacters,
} from './text.ts';
export { email, httpUrl, providerAddress, webAddress } from './addresses.ts';
export { ARTICLE_CATEGORIES_MAX, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, META_DESCRIPTION_MAX } from './article.ts';
export { ARTICLE_ID, ARTICLE_ID_MAX, CATEGORY_KEY, categoryKey, locale, mediaKey, planId } from './keys.ts';
export { customer, site, storedSite } from './account.ts';
export {
  CONNECTION_CODE_MAX_SECONDS,
  CONNECTION_CODE_PATTERN,
  CONNECTION_CODE_MIN_SECONDS,
  connectionCodeLifetime,
  credentialScopes,
  customerScope,
} from './credentials.ts';
export { MAX_SUBSCRIPTIONS, subscribedCategories } from './subscriptions.ts';
export { seoProfile } from './seo-profile.ts';
export { describeIssue, formatIssues } from './issues.ts';
export { parseOrRefuse } from './parse.ts';
export { PASSWORD_MAX_LENGTH, PASSWORD_MAX_UTF16_UNITS, PASSWORD_MIN_LENGTH, passwordLength, passwordLengthAllowed, userEmail } from './users.ts';
export { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, webhookDescription, webhookEvents, webhookUrl, type WebhookEventType } from './webhooks.ts';
