import { describe, expect, it } from 'vitest';
import { absoluteHttpUrl, firstImage, mapItem, parseFeedDate, SUMMARY_MAX, TITLE_MAX, type MapContext } from '../src/sources/map-item.ts';
import type { FeedItem } from '../src/sources/parse-feed.ts';

const fetchedAt = new Date('2026-11-27T06:00:00.000Z');
const context: MapContext = { sourceId: 'src_1', categories: ['tech'], feedUrl: 'https://pub.example/feeds/all.xml', fetchedAt };
const item = (fields: Partial<FeedItem>): FeedItem => ({ position: 1, images: [], title: 'A title', link: 'https://pub.example/a', ...fields });
function article(fields: Partial<FeedItem>, ctx: MapContext = context) {
  const mapped = mapItem(item(fields), ctx);
  if (!('article' in mapped)) throw new Error(`rejected: ${mapped.rejected.reason}`);
  return mapped.article;
}
function rejection(fields: Partial<FeedItem>) {
  const mapped = mapItem(item(fields), context);
  if (!('rejected' in mapped)) throw new Error('imported');
  return mapped.rejected;
}

describe('title', () => {
  it('is plain text: tags stripped, entities decoded, white space folded, script text dropped', () => {
    expect(article({ title: '  <b>Big</b>&nbsp;news:\n <i>rates</i> &amp; <script>steal()</script>bonds ' }).title).toBe('Big news: rates & bonds');
  });
  it('keeps WordPress shortcodes as the inert text they are (bracketed words such as [Updated] are real titles), never markup', () => {
    expect(article({ title: '[caption id="1"]<img src="x.jpg" onerror="alert(1)">Photo[/caption] of the day' }).title).toBe(
      '[caption id="1"] Photo[/caption] of the day',
    );
    expect(article({ title: '[Updated] <script>alert(1)</script> Budget' }).title).toBe('[Updated] Budget');
    // Markup escaped once more is text the publisher meant to show: kept as text, which consumers escape.
    expect(article({ title: '&lt;b&gt;Bold&lt;/b&gt; claim' }).title).toBe('<b>Bold</b> claim');
  });
  it('is cut at a word to the 500 characters articles allow', () => {
    const title = article({ title: 'word '.repeat(200) }).title;
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title.endsWith('word…')).toBe(true);
  });
  it('an item without a title, or whose title is only markup, is rejected with its reason', () => {
    expect(rejection({ title: undefined, guid: 'g-1' })).toEqual({ item: 'g-1', reason: 'The item has no title.' });
    expect(rejection({ title: '<img src="a.png">', link: undefined, position: 4 })).toEqual({ item: 'item 4', reason: 'The item has no title.' });
  });
});

describe('summary', () => {
  it('comes from the description first, else the content, as plain text without the text of scripts and styles', () => {
    expect(article({ summary: '<p>Lead.</p><script>document.cookie</script><style>p{}</style>', content: '<p>Body</p>' }).summary).toBe('Lead.');
    expect(article({ summary: '<img src="only.png">', content: '<p>The body.</p>' }).summary).toBe('The body.');
    expect(article({}).summary).toBeUndefined();
  });
  it('is at most 1 000 characters, cut at a word', () => {
    const summary = article({ content: `<p>${'lorem ipsum '.repeat(300)}</p>` }).summary!;
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(summary).toMatch(/(lorem|ipsum)…$/);
  });
});

describe('url', () => {
  it('is the link made absolute against the item base, the document base, the feed URL', () => {
    expect(article({ link: '../story' }).url).toBe('https://pub.example/story');
    expect(article({ link: 'story' }, { ...context, documentBase: '/blog/' }).url).toBe('https://pub.example/blog/story');
    expect(article({ link: 'story', base: 'https://cdn.example/x/' }, { ...context, documentBase: '/blog/' }).url).toBe('https://cdn.example/x/story');
    expect(article({ link: 'story', base: 'sub/' }, { ...context, documentBase: '/blog/' }).url).toBe('https://pub.example/blog/sub/story');
  });
  it('keeps IP addresses and localhost as the publisher gives them', () => {
    expect(article({ link: 'http://192.0.2.7:8080/a' }).url).toBe('http://192.0.2.7:8080/a');
    expect(article({ link: 'http://localhost/a' }).url).toBe('http://localhost/a');
  });
  it('falls back to a guid that is a permalink, never to one marked isPermaLink="false"', () => {
    expect(article({ link: undefined, guid: 'https://pub.example/p/1', guidIsPermaLink: true }).url).toBe('https://pub.example/p/1');
    expect(rejection({ link: undefined, guid: 'https://pub.example/p/1', guidIsPermaLink: false })).toEqual({
      item: 'https://pub.example/p/1',
      reason: 'The item has no link.',
    });
  });
  it('refuses what is not http(s) or longer than 2 048 characters', () => {
    for (const link of [
      'javascript:alert(1)',
      'ftp://pub.example/a',
      'mailto:x@pub.example',
      'data:text/html,<b>x</b>',
      `https://pub.example/${'a'.repeat(2048)}`,
      'http://[::1',
    ]) {
      expect(rejection({ link, title: 'T' })).toEqual({
        item: 'T',
        reason: 'The item has no usable link (an absolute http(s) URL of at most 2048 characters).',
      });
    }
  });
});

describe('publishedAt', () => {
  it('reads RFC 822 and RFC 3339 dates, zones included', () => {
    expect(article({ published: 'Tue, 24 Nov 2026 12:00:00 EST' }).publishedAt).toBe('2026-11-24T17:00:00.000Z');
    expect(article({ published: '2026-11-24T12:00:00+02:00' }).publishedAt).toBe('2026-11-24T10:00:00.000Z');
  });
  it('falls back to the updated date, then to the fetch time', () => {
    expect(article({ published: 'not a date', updated: '2026-11-20T00:00:00Z' }).publishedAt).toBe('2026-11-20T00:00:00.000Z');
    expect(article({ published: '3', updated: undefined }).publishedAt).toBe(fetchedAt.toISOString());
    expect(article({}).publishedAt).toBe(fetchedAt.toISOString());
  });
  it('turns a date in the future into the fetch time', () => {
    expect(article({ published: '2031-01-01T00:00:00Z' }).publishedAt).toBe(fetchedAt.toISOString());
    expect(article({ published: '2026-11-27T06:00:01Z' }).publishedAt).toBe(fetchedAt.toISOString());
  });
  it('parseFeedDate refuses years outside 0001-9999', () => {
    expect(parseFeedDate('+010000-01-01T00:00:00Z')).toBeUndefined();
    expect(parseFeedDate('-000001-01-01T00:00:00Z')).toBeUndefined();
    expect(parseFeedDate('0001-01-01T00:00:00Z')?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
  });
});

describe('imageUrl', () => {
  it('takes the explicit images first, in order, skipping those that are not http(s)', () => {
    expect(article({ images: ['data:image/png;base64,AAAA', '/img/a.jpg', 'https://cdn.example/b.jpg'] }).imageUrl).toBe('https://pub.example/img/a.jpg');
  });
  it('else the first <img> of the content, then of the summary, absolute, skipping tracking pixels', () => {
    expect(article({ content: '<p><img src="https://t.example/p.gif" width="1" height="1"><img src="pics/x.png"></p>' }).imageUrl).toBe(
      'https://pub.example/feeds/pics/x.png',
    );
    expect(article({ summary: '<img src="//cdn.example/s.jpg">' }).imageUrl).toBe('https://cdn.example/s.jpg');
    expect(article({ content: '<img src="javascript:alert(1)">' }).imageUrl).toBeUndefined();
  });
  it('firstImage and absoluteHttpUrl on their own', () => {
    expect(firstImage('no markup at all', 'https://pub.example/')).toBeUndefined();
    expect(firstImage('<IMG SRC="A.PNG">', 'https://pub.example/')).toBe('https://pub.example/A.PNG');
    expect(absoluteHttpUrl(' https://pub.example/a b ', undefined)).toBe('https://pub.example/a%20b');
    expect(absoluteHttpUrl('relative', undefined)).toBeUndefined();
  });
});

describe('the article', () => {
  it('carries the Source categories and an id derived from the identity', () => {
    const a = article({ guid: 'g-9' });
    expect(a).toMatchObject({ identity: 'g-9', categories: ['tech'] });
    expect(a.id).toMatch(/^art_[0-9a-f]{24}$/);
  });
});
