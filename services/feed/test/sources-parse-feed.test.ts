import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { articleSchema } from '../src/articles.ts';
import { readFeedDocument, type FeedDocument } from '../src/sources/feed-document.ts';
import { sourceArticleId } from '../src/sources/item-identity.ts';

const fetchedAt = new Date('2026-11-26T12:00:00Z');
function read(name: string, feedUrl: string, contentType: string | null = null): FeedDocument {
  const bytes = readFileSync(new URL(`./fixtures/sources/${name}`, import.meta.url));
  return readFeedDocument(bytes, contentType, { sourceId: 'src_fixture', categories: ['news', 'local'], feedUrl, fetchedAt });
}
const summary = (doc: FeedDocument) => doc.articles.map(({ title, url, summary, publishedAt, imageUrl }) => ({ title, url, summary, publishedAt, imageUrl }));

describe('real feed documents, one per format and encoding', () => {
  it('RSS 0.91: relative links against the feed URL, the fetch time when an item has no date', () => {
    const doc = read('rss-0.91.xml', 'https://oldwire.example/rss/news.xml');
    expect(doc.format).toBe('rss');
    expect(doc.title).toBe('The Old Wire');
    expect(summary(doc)).toEqual([
      {
        title: 'Harbour bridge reopens after repairs',
        url: 'https://oldwire.example/2026/11/harbour-bridge.html',
        summary: 'The bridge reopened on Monday & traffic returned to normal.',
        publishedAt: '2026-11-26T12:00:00.000Z',
        imageUrl: undefined,
      },
      {
        title: 'Council votes on the "green belt"',
        url: 'https://oldwire.example/2026/11/green-belt.html',
        summary: "A relative link, resolved against the feed's address.",
        publishedAt: '2026-11-26T12:00:00.000Z',
        imageUrl: undefined,
      },
    ]);
  });

  it('RSS 2.0: CDATA, guid identity, pubDate with offset, dc:date, enclosure / media:content / media:thumbnail images, the hub and self link', () => {
    const doc = read('rss-2.0.xml', 'https://metro.example/feed/');
    expect(doc.hub).toBe('https://hub.example/');
    expect(doc.self).toBe('https://metro.example/feed/');
    expect(summary(doc)).toEqual([
      {
        title: 'Tram line extended to the airport',
        url: 'https://metro.example/2026/11/26/tram-airport/?utm_source=rss&utm_medium=feed',
        summary: 'The new line opens in spring.',
        publishedAt: '2026-11-26T07:30:00.000Z',
        imageUrl: 'https://cdn.metro.example/images/tram.jpg',
      },
      {
        title: 'Museum night draws record crowds',
        url: 'https://metro.example/2026/11/25/museum-night/',
        summary: "Over 20 000 visitors came to the city's museums.",
        publishedAt: '2026-11-25T21:00:00.000Z',
        imageUrl: 'https://cdn.metro.example/images/museum.jpg',
      },
      {
        title: 'Weather: a mild week ahead',
        url: 'https://metro.example/2026/11/25/weather/',
        summary: 'Sunny spells, 12 °C.',
        publishedAt: '2026-11-25T06:00:00.000Z',
        imageUrl: 'https://cdn.metro.example/images/weather-thumb.jpg',
      },
    ]);
    expect(doc.articles.map((a) => a.identity)).toEqual(['metro-48213', 'https://metro.example/?p=48190', 'https://metro.example/2026/11/25/weather/']);
    expect(doc.articles[0]!.id).toBe(sourceArticleId('src_fixture', 'metro-48213'));
  });

  it('RSS 1.0 (RDF): items and dc:date', () => {
    const doc = read('rdf.xml', 'https://science.example/index.rdf');
    expect(doc.format).toBe('rdf');
    expect(summary(doc)).toEqual([
      {
        title: 'A comet visible to the naked eye',
        url: 'https://science.example/notes/comet',
        summary: 'Look north-west after sunset this week.',
        publishedAt: '2026-11-20T18:00:00.000Z',
        imageUrl: undefined,
      },
      {
        title: 'Enzymes that eat plastic, revisited',
        url: 'https://science.example/notes/enzymes',
        summary: 'New results from the 2026 trials.',
        publishedAt: '2026-11-18T09:15:00.000Z',
        imageUrl: undefined,
      },
    ]);
  });

  it('Atom 1.0: xml:base of the feed and of an entry, HTML titles, xhtml content, image enclosure link, published before updated', () => {
    const doc = read('atom-xml-base.xml', 'https://feeds.example/blog.atom');
    expect(doc.format).toBe('atom');
    expect(doc.title).toBe('Field Notes');
    // The self link is the WebSub topic, whichever URL the document was fetched from.
    expect(doc.self).toBe('https://blog.example/writing/atom.xml');
    expect(summary(doc)).toEqual([
      {
        title: 'Walking the coast path',
        url: 'https://blog.example/writing/2026/coast-path',
        summary: 'Sixty miles in four days.',
        publishedAt: '2026-11-24T07:00:00.000Z',
        imageUrl: 'https://blog.example/img/coast.png',
      },
      {
        title: 'A guest post',
        url: 'https://elsewhere.example/guest/on-bridges',
        summary: 'Bridges and what holds them up.',
        publishedAt: '2026-11-23T10:00:00.000Z',
        imageUrl: 'https://elsewhere.example/guest/pictures/bridge.jpg',
      },
      {
        title: 'Thumbnail only',
        url: 'https://blog.example/writing/2026/thumb',
        summary: 'Only a thumbnail.',
        publishedAt: '2026-11-22T10:00:00.000Z',
        imageUrl: 'https://blog.example/img/thumb.jpg',
      },
    ]);
    expect(doc.articles.map((a) => a.identity)).toEqual(['tag:blog.example,2026:coast-path', 'tag:blog.example,2026:guest', 'tag:blog.example,2026:thumb']);
  });

  it('JSON Feed 1.0: image and banner_image, date_modified when date_published is absent, relative URLs', () => {
    const doc = read('jsonfeed-1.0.json', 'https://podnotes.example/feed.json', 'application/feed+json');
    expect(doc.format).toBe('json');
    expect(summary(doc)).toEqual([
      {
        title: 'Episode 2: Bees',
        url: 'https://podnotes.example/episodes/2',
        summary: 'All about bees.',
        publishedAt: '2026-11-21T15:00:00.000Z',
        imageUrl: 'https://podnotes.example/art/2.jpg',
      },
      {
        title: 'Episode 1: Hello',
        url: 'https://podnotes.example/episodes/1',
        summary: 'Our first episode.',
        publishedAt: '2026-11-14T10:00:00.000Z',
        imageUrl: 'https://podnotes.example/art/banner-1.jpg',
      },
    ]);
    expect(doc.articles.map((a) => a.identity)).toEqual(['2', '1']);
  });

  it('JSON Feed 1.1: the first <img> of content_html, the WebSub hub and feed_url, an item without title rejected with its reason', () => {
    const doc = read('jsonfeed-1.1.json', 'https://design.example/feed.json');
    expect(doc.hub).toBe('https://hub.example/');
    expect(doc.self).toBe('https://design.example/feed.json');
    expect(summary(doc)).toEqual([
      {
        title: 'Typography & the screen',
        url: 'https://design.example/log/typography',
        summary: 'Serifs are back.',
        publishedAt: '2026-11-19T08:00:00.000Z',
        imageUrl: 'https://design.example/img/serif.png',
      },
    ]);
    expect(doc.rejected).toEqual([{ item: 'no-title', reason: 'The item has no title.' }]);
  });

  it('ISO-8859-1, windows-1252 and UTF-8 with a BOM read as the characters the publisher wrote', () => {
    expect(read('iso-8859-1.xml', 'https://journal.example/rss').articles[0]).toMatchObject({
      title: 'Fête de la bière à Zürich : déjà complète',
      summary: "Les élèves ont réservé leurs places dès l'ouverture ; « incroyable », dit-on.",
    });
    // Served with a wrong `charset=utf-8`, as many servers do: the declaration still wins over invalid UTF-8.
    expect(read('windows-1252.xml', 'https://prices.example/rss', 'application/rss+xml; charset=utf-8').articles[0]).toMatchObject({
      title: '“Smart” kettles now cost €49 – a 20% drop',
      summary: 'Retailers’ prices fell… again.',
    });
    expect(read('utf8-bom.xml', 'https://unicode.example/rss').articles[0]).toMatchObject({
      title: '日本語のニュース — Ελληνικά — Ёлка',
      summary: 'Emoji too: 🎉',
    });
  });

  it('every mapped article of every fixture fits the limits `articles import` applies', () => {
    const fixtures: [string, string][] = [
      ['rss-0.91.xml', 'https://oldwire.example/rss'],
      ['rss-2.0.xml', 'https://metro.example/feed/'],
      ['rdf.xml', 'https://science.example/index.rdf'],
      ['atom-xml-base.xml', 'https://feeds.example/blog.atom'],
      ['jsonfeed-1.0.json', 'https://podnotes.example/feed.json'],
      ['jsonfeed-1.1.json', 'https://design.example/feed.json'],
      ['iso-8859-1.xml', 'https://journal.example/rss'],
      ['windows-1252.xml', 'https://prices.example/rss'],
      ['utf8-bom.xml', 'https://unicode.example/rss'],
    ];
    let count = 0;
    for (const [name, url] of fixtures) {
      for (const { id, title, url: link, summary: text, publishedAt, categories } of read(name, url).articles) {
        const parsed = articleSchema.safeParse({ id, title, url: link, summary: text, publishedAt, categories });
        expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        count += 1;
      }
    }
    expect(count).toBe(16);
  });
});
