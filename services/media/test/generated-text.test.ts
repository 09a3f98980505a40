import { describe, expect, it } from 'vitest';
import { ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, META_DESCRIPTION_MAX } from '@cfs/common/rules';
import { generatedTextSchema } from '../src/ai/providers/provider.ts';

describe('a generated text variant', () => {
  it("carries no control character a model emitted (the feed answers none), keeping a summary's line breaks", () => {
    const text = generatedTextSchema.parse({
      title: 'Robots\u0007 sort\trecycling\u0000',
      summary: 'First line.\nSecond\u001b line.',
      metaDescription: 'Sorting\r\nrobots\u007f',
    });
    expect(text).toEqual({ title: 'Robots sort recycling', summary: 'First line.\nSecond line.', metaDescription: 'Sorting robots' });
  });

  it('is plain text when the model writes markup: tags, handlers and scripts dropped, entities decoded', () => {
    const text = generatedTextSchema.parse({
      title: '<img src=x onerror=alert(1)>Robots <b>sort</b> recycling',
      summary: '<script>alert(1)</script><p>First &amp; line.</p>\n<a href="javascript:alert(2)">Second</a> line.',
      metaDescription: '<iframe src="https://evil.example"></iframe>Sorting <i>robots</i>',
    });
    expect(text).toEqual({ title: 'Robots sort recycling', summary: 'First & line.\nSecond line.', metaDescription: 'Sorting robots' });
    expect(generatedTextSchema.safeParse({ title: '<script>alert(1)</script>', summary: 'S', metaDescription: 'M' }).success).toBe(false);
  });

  it("fits where the article fits (@cfs/common/rules): title and summary up to the article's limits, the snippet cut to its own", () => {
    const longest = { title: 't'.repeat(ARTICLE_TITLE_MAX), summary: 's'.repeat(ARTICLE_SUMMARY_MAX), metaDescription: 'word '.repeat(100) };
    const text = generatedTextSchema.parse(longest);
    expect([text.title.length, text.summary.length]).toEqual([ARTICLE_TITLE_MAX, ARTICLE_SUMMARY_MAX]);
    expect(text.metaDescription.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(text.metaDescription.length).toBeGreaterThan(META_DESCRIPTION_MAX / 2);
    expect(generatedTextSchema.safeParse({ ...longest, title: 't'.repeat(ARTICLE_TITLE_MAX + 1) }).success).toBe(false);
    expect(generatedTextSchema.safeParse({ ...longest, summary: 's'.repeat(ARTICLE_SUMMARY_MAX + 1) }).success).toBe(false);
  });

  it('refuses an answer whose title is nothing but control characters', () => {
    expect(generatedTextSchema.safeParse({ title: '\u0000\u0001', summary: 'S', metaDescription: 'M' }).success).toBe(false);
  });
});
