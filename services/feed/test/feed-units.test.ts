import { describe, expect, it } from 'vitest';
import { ARTICLE_CATEGORIES_MAX, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX } from '@cfs/common/rules';
import { articleIdForUrl, readJsonLines, validateArticles } from '../src/articles.ts';
import { cursorFromMessage, cursorToMessage } from '../src/page-query.ts';
import { parseTaxonomy } from '../src/taxonomy.ts';

describe('keyset cursors (the gateway signs and encodes them; the feed service reads the structured form)', () => {
  it('round-trip and refuse anything else', () => {
    const p = { publishedAt: new Date('2026-03-04T05:06:07.089Z'), articleId: 'art_1' };
    expect(cursorFromMessage(cursorToMessage(p))).toEqual(p);
    const bad = [
      { publishedAt: '', articleId: 'a' },
      { publishedAt: 'x', articleId: 'a' },
      { publishedAt: 'not-a-date', articleId: 'a' },
      { publishedAt: '2026-01-01T00:00:00Z', articleId: '' },
      { publishedAt: '2026-01-01T00:00:00Z', articleId: 'x'.repeat(65) },
    ];
    for (const cursor of bad) expect(() => cursorFromMessage(cursor)).toThrow();
  });
});

describe('article validation', () => {
  const keys = new Set(['tech']);
  it('derives a stable id from the url when none is given, and keeps the last of duplicate ids', () => {
    const { valid } = validateArticles(
      [
        { line: 1, value: { title: 'A', url: 'https://x.example.com/a', publishedAt: '2026-01-01T00:00:00Z', categories: ['tech'] } },
        { line: 2, value: { id: 'same', title: 'B1', url: 'https://x.example.com/b', publishedAt: '2026-01-01T00:00:00Z', categories: ['tech'] } },
        { line: 3, value: { id: 'same', title: 'B2', url: 'https://x.example.com/b', publishedAt: '2026-01-01T00:00:00Z', categories: ['tech', 'tech'] } },
      ],
      keys,
    );
    expect(valid.map((a) => [a.id, a.title])).toEqual([
      [articleIdForUrl('https://x.example.com/a'), 'A'],
      ['same', 'B2'],
    ]);
    expect(valid[1]!.categories).toEqual(['tech']);
  });

  it('keeps the plain text of a title and summary, and refuses a title that is only markup', () => {
    const base = { url: 'https://x.example.com/m', publishedAt: '2026-01-01T00:00:00Z', categories: ['tech'] };
    const { valid, rejected } = validateArticles(
      [
        { line: 1, value: { ...base, title: '<img src=x onerror=alert(1)>Plain <b>title</b>', summary: '<script>x()</script>One &amp; two.\nThree.' } },
        { line: 2, value: { ...base, id: 'm2', title: 'Fine', summary: '<style>p{}</style>' } },
        { line: 3, value: { ...base, id: 'm3', title: '<script>alert(1)</script>' } },
      ],
      keys,
    );
    expect(valid.map((a) => [a.title, a.summary])).toEqual([
      ['Plain title', 'One & two.\nThree.'],
      ['Fine', null],
    ]);
    expect(rejected).toEqual([{ line: 3, reason: expect.stringMatching(/^title: .*markup/) }]);
  });

  it('rejects unknown fields, empty categories and non-http urls', () => {
    const { rejected } = validateArticles(
      [
        { line: 1, value: { title: 'A', url: 'https://x.example.com/a', publishedAt: '2026-01-01T00:00:00Z', categories: ['tech'], extra: 1 } },
        { line: 2, value: { title: 'A', url: 'https://x.example.com/a', publishedAt: '2026-01-01T00:00:00Z', categories: [] } },
        { line: 3, value: { title: 'A', url: 'javascript:alert(1)', publishedAt: '2026-01-01T00:00:00Z', categories: ['tech'] } },
        { line: 4, value: [1, 2] },
      ],
      keys,
    );
    expect(rejected.map((r) => r.line)).toEqual([1, 2, 3, 4]);
  });

  it('holds an article to the limits of @cfs/common/rules: title, summary and categories, up to each and not one more', () => {
    const base = { url: 'https://x.example.com/l', publishedAt: '2026-01-01T00:00:00Z', categories: ['tech'] };
    const many = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    const { valid, rejected } = validateArticles(
      [
        { line: 1, value: { ...base, id: 'l1', title: 't'.repeat(ARTICLE_TITLE_MAX), summary: 's'.repeat(ARTICLE_SUMMARY_MAX) } },
        { line: 2, value: { ...base, id: 'l2', title: 't'.repeat(ARTICLE_TITLE_MAX + 1) } },
        { line: 3, value: { ...base, id: 'l3', title: 'T', summary: 's'.repeat(ARTICLE_SUMMARY_MAX + 1) } },
        { line: 4, value: { ...base, id: 'l4', title: 'T', categories: many(ARTICLE_CATEGORIES_MAX) } },
        { line: 5, value: { ...base, id: 'l5', title: 'T', categories: many(ARTICLE_CATEGORIES_MAX + 1) } },
      ],
      new Set(many(ARTICLE_CATEGORIES_MAX + 1).concat('tech')),
    );
    expect(valid.map((a) => a.id)).toEqual(['l1', 'l4']);
    expect(rejected.map((r) => [r.line, r.reason.split(':')[0]])).toEqual([
      [2, 'title'],
      [3, 'summary'],
      [5, 'categories'],
    ]);
  });

  it('reads JSON lines, skipping blank ones and reporting unreadable ones', () => {
    expect(readJsonLines('{"a":1}\n\n{bad\r\n{"b":2}\n')).toEqual({
      lines: [
        { line: 1, value: { a: 1 } },
        { line: 4, value: { b: 2 } },
      ],
      rejected: [{ line: 3, reason: 'not valid JSON' }],
    });
  });
});

describe('taxonomy files', () => {
  it('refuse duplicate keys and bad keys', () => {
    expect(() =>
      parseTaxonomy({
        categories: [
          { key: 'a', name: 'A' },
          { key: 'a', name: 'B' },
        ],
      }),
    ).toThrow(/twice/);
    expect(() => parseTaxonomy({ categories: [{ key: 'Bad Key', name: 'A' }] })).toThrow(/invalid taxonomy/);
  });
});
