import { ARTICLE_ID } from '@cfs/common/rules';
import { describe, expect, it } from 'vitest';
import { readFeedText } from '../src/sources/feed-document.ts';
import { itemIdentity, normaliseLink, sourceArticleId } from '../src/sources/item-identity.ts';

const context = { sourceId: 'src_metro', categories: ['local'], feedUrl: 'https://metro.example/feed/', fetchedAt: new Date('2026-11-27T06:00:00Z') };
const rss = (items: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Metro</title><link>https://metro.example/</link>${items}</channel></rss>`;

describe('normaliseLink', () => {
  it.each([
    ['https://metro.example/a?utm_source=rss&utm_medium=feed&utm_campaign=2026-11-27', 'https://metro.example/a'],
    ['https://metro.example/a?id=7&UTM_Source=x&fbclid=abc&gclid=def#comments', 'https://metro.example/a?id=7'],
    ['https://metro.example/a?page=2&mc_cid=1&mc_eid=2&msclkid=3&ref=home', 'https://metro.example/a?page=2&ref=home'],
    ['HTTPS://Metro.Example/a#top', 'https://metro.example/a'],
    ['http://metro.example', 'http://metro.example/'],
  ])('%s → %s', (link, expected) => {
    expect(normaliseLink(link)).toBe(expected);
  });
  it('is undefined for what is no http(s) URL', () => {
    for (const value of ['tag:metro.example,2026:1', 'urn:uuid:8c7f3f2e-1d2b-4c9f-9d7e-0e1f2a3b4c5d', 'metro-48213', 'ftp://metro.example/a', '/relative']) {
      expect(normaliseLink(value)).toBeUndefined();
    }
  });
});

describe('itemIdentity', () => {
  it('prefers guid, then Atom id, then JSON Feed id, then the link', () => {
    const link = 'https://metro.example/a';
    expect(itemIdentity({ guid: 'g-1', atomId: 'tag:a', jsonId: 'j', link })).toBe('g-1');
    expect(itemIdentity({ atomId: 'tag:a', jsonId: 'j', link })).toBe('tag:a');
    expect(itemIdentity({ jsonId: 'j', link })).toBe('j');
    expect(itemIdentity({ guid: '  ', link })).toBe(link);
    expect(itemIdentity({})).toBeUndefined();
  });
});

describe('sourceArticleId', () => {
  it('is stable per (Source, identity), differs across Sources, and is an ARTICLE_ID', () => {
    const id = sourceArticleId('src_metro', 'metro-48213');
    expect(id).toBe(sourceArticleId('src_metro', 'metro-48213'));
    expect(id).not.toBe(sourceArticleId('src_other', 'metro-48213'));
    expect(id).not.toBe(sourceArticleId('src_metro', 'metro-48214'));
    expect(id).toMatch(/^art_[0-9a-f]{24}$/);
    expect(id).toMatch(ARTICLE_ID);
  });
});

describe('the bad feeds users report', () => {
  it('items without guids are identified by their link, so a refetch finds the same articles', () => {
    const doc = rss(`
      <item><title>One</title><link>https://metro.example/one</link></item>
      <item><title>Two</title><link>https://metro.example/two#comments</link></item>`);
    const first = readFeedText(doc, context);
    const again = readFeedText(doc, { ...context, fetchedAt: new Date('2026-11-27T07:00:00Z') });
    expect(first.articles.map((a) => a.identity)).toEqual(['https://metro.example/one', 'https://metro.example/two']);
    expect(again.articles.map((a) => a.id)).toEqual(first.articles.map((a) => a.id));
  });

  it('the same guid twice in one document is kept once, the first', () => {
    const doc = rss(`
      <item><title>First version</title><link>https://metro.example/a</link><guid isPermaLink="false">metro-1</guid></item>
      <item><title>Other</title><link>https://metro.example/b</link><guid isPermaLink="false">metro-2</guid></item>
      <item><title>Second version</title><link>https://metro.example/a2</link><guid isPermaLink="false">metro-1</guid></item>`);
    const result = readFeedText(doc, context);
    expect(result.articles.map((a) => a.title)).toEqual(['First version', 'Other']);
    expect(result.rejected).toEqual([{ item: 'metro-1', reason: 'The same item as item 1 of this document (kept once).' }]);
  });

  it('a guid that is the link with changing utm_* parameters keeps one identity across fetches', () => {
    const monday = rss(
      `<item><title>Tram</title><link>https://metro.example/tram?utm_source=rss&amp;utm_campaign=mon</link><guid>https://metro.example/tram?utm_source=rss&amp;utm_campaign=mon</guid></item>`,
    );
    const tuesday = rss(
      `<item><title>Tram</title><link>https://metro.example/tram?utm_source=rss&amp;utm_campaign=tue</link><guid>https://metro.example/tram?utm_source=rss&amp;utm_campaign=tue</guid></item>`,
    );
    const [a] = readFeedText(monday, context).articles;
    const [b] = readFeedText(tuesday, context).articles;
    expect(a!.identity).toBe('https://metro.example/tram');
    expect(b!.id).toBe(a!.id);
    // The link itself is kept as the publisher gives it.
    expect(b!.url).toBe('https://metro.example/tram?utm_source=rss&utm_campaign=tue');
  });

  it('two links that differ only by tracking parameters in one document are one item', () => {
    const doc = rss(`
      <item><title>A</title><link>https://metro.example/a?utm_source=home</link></item>
      <item><title>A again</title><link>https://metro.example/a?fbclid=xyz</link></item>`);
    const result = readFeedText(doc, context);
    expect(result.articles.map((a) => a.title)).toEqual(['A']);
    expect(result.rejected).toHaveLength(1);
  });
});
