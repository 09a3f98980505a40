/** The SEO personalization profile of a Site. */
import { z } from 'zod';
import { locale } from './keys.ts';
import { text } from './text.ts';

/** A whole profile (PUT replaces it). Unknown fields, wrong types and control characters are refused. */
export const seoProfile = z.strictObject({
  siteName: text(200),
  locale,
  keywords: z.array(text(100)).max(50),
  tone: text(50),
  topics: z.array(text(100)).max(50),
});
