import { describe, expect, it } from 'vitest';
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

  it('refuses an answer whose title is nothing but control characters', () => {
    expect(generatedTextSchema.safeParse({ title: '\u0000\u0001', summary: 'S', metaDescription: 'M' }).success).toBe(false);
  });
});
