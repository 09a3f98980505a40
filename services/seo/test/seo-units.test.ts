import { describe, expect, it } from 'vitest';
import { seoProfileSchema } from '../src/seo.ts';

describe('the SEO profile schema', () => {
  const ok = { siteName: 'S', locale: 'en', keywords: ['a'], tone: 'neutral', topics: [] };
  it('accepts BCP 47 locales and refuses unknown fields', () => {
    for (const locale of ['en', 'pt-BR', 'zh-Hant-TW', 'es-419']) expect(seoProfileSchema.safeParse({ ...ok, locale }).success, locale).toBe(true);
    for (const locale of ['EN', 'english', 'en_GB', '']) expect(seoProfileSchema.safeParse({ ...ok, locale }).success, locale).toBe(false);
    expect(seoProfileSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });
});
