/** Keys and ids that name things in the catalogs: categories, plans, media objects, locales. */
import { z } from 'zod';
import { isSafeMediaKey, MAX_MEDIA_KEY_LENGTH, MAX_MEDIA_KEY_SEGMENTS } from '../media-keys.ts';

/** A category key of the taxonomy: lower-case letters, digits, - and _, at most 64. */
export const CATEGORY_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const categoryKey = z.string().regex(CATEGORY_KEY, 'must be a category key: lower-case letters, digits, - and _ (at most 64)');

/** A plan id of the plan catalog: lower-case letters, digits, - and _, at most 63. */
export const planId = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'must be a plan id: lower-case letters, digits, - and _ (at most 63)');

/** The key of a generated media object, as served under /media/generated/ (see media-keys). */
export const mediaKey = z
  .string()
  .max(MAX_MEDIA_KEY_LENGTH)
  .refine(isSafeMediaKey, `must be a media key: letters, digits and . _ - in 1 to ${MAX_MEDIA_KEY_SEGMENTS} /-separated segments`);

/** A BCP 47 language tag such as en or pt-BR. */
export const locale = z.string().regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$/, 'must be a BCP 47 tag such as en or pt-BR');

/** An article id: the operator's (letters, digits, _ . : -) or `art_` and 24 hex digits, at most 64 characters. */
export const ARTICLE_ID_MAX = 64;
export const ARTICLE_ID = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_.:-]{0,${ARTICLE_ID_MAX - 1}}$`);
