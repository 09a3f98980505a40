/**
 * The image URLs the system hands out (an article's `imageUrl` in the feed and in the changes feed)
 * match a path of the OpenAPI description as a standard tool matches them: openapi-backend's router
 * and validator, where a path parameter is one segment (OpenAPI 3.1, Path Templating), so a
 * validating proxy or a generated client finds the route. Then the gateway's answer to each URL is
 * one that the matched operation describes.
 */
import { createHash } from 'node:crypto';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { checkHeadersAgainstOpenApi } from '../support/openapi.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const p = `om${Date.now().toString(36)}${process.pid}`;
const category = `${p}-media`;
const bytesOf = (n: number) => Buffer.from(`\x89PNG\r\n\x1a\n${p}-image-${n}`, 'latin1');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every shape of key the system makes or accepts: one segment up to four, the demo's, the AI's. */
const KEYS = [
  `${p}.png`,
  `demo/${p}-story-67.png`,
  `ai/${sha256(bytesOf(2))}.png`,
  `ai/${sha256(bytesOf(3))}.webp`,
  `covers/${p}/hero.png`,
  `covers/${p}/03/hero.png`,
];

let system: TestSystem;
let owner: Owner;
let api: OpenAPIBackend;

beforeAll(async () => {
  system = await startSystem();
  owner = await createCustomer(system, '--plan', 'pro');
  const taxonomy = { categories: [{ key: category, name: 'Media shapes', topics: [{ key: 'media-topic', name: 'Media' }] }] };
  await system.admin('taxonomy', 'import', '--file', tempFile('om-taxonomy.json', JSON.stringify(taxonomy)));
  const articles = KEYS.map((imageKey, n) => ({
    id: `${p}-${n}`,
    title: `Story ${n}`,
    url: `https://news.example.com/${p}/${n}`,
    publishedAt: new Date(Date.UTC(2026, 0, 1, n)).toISOString(),
    categories: [category],
    imageKey,
  }));
  expect(await system.admin('articles', 'import', '--file', tempFile('om-articles.jsonl', jsonl(articles)))).toMatchObject({ imported: KEYS.length });
  for (const [n, key] of KEYS.entries()) {
    const type = key.endsWith('.webp') ? 'image/webp' : 'image/png';
    await system.admin('media', 'put', '--key', key, '--file', tempFile(`om-${n}.bin`, bytesOf(n)), '--content-type', type);
  }
  const subscribed = await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories: [category] } });
  expect(subscribed.status).toBe(200);
  const definition = (await request(system.baseUrl, 'GET', '/docs/public.json')).body as Document;
  // quick: no check of the document itself, which openapi-backend knows for OpenAPI 3.0 only (the
  // gateway's lint checks it with redocly and spectral); routing and validation are what is used here.
  api = new OpenAPIBackend({ definition, quick: true, strict: true, ignoreTrailingSlashes: false });
  await api.init();
});
afterAll(async () => {
  await system?.stop();
});

/** The image URLs of a feed answer and of a changes answer, as the Site's client reads them. */
async function imageUrls(): Promise<string[]> {
  const feed = await request(system.baseUrl, 'GET', '/api/v1/feed?limit=100', { token: owner.credential.secret });
  const changes = await request(system.baseUrl, 'GET', '/api/v1/feed/changes?limit=100', { token: owner.credential.secret });
  expect([feed.status, changes.status]).toEqual([200, 200]);
  const fromFeed = (feed.body as { data: Array<{ imageUrl: string | null }> }).data.map((a) => a.imageUrl);
  const fromChanges = (changes.body as { data: Array<{ type: string; article?: { imageUrl: string | null } }> }).data.map((c) => c.article?.imageUrl ?? null);
  return [...fromFeed, ...fromChanges].filter((u): u is string => u !== null);
}

describe('image URLs against the OpenAPI description (openapi-backend)', () => {
  it('every imageUrl of a feed answer matches a media path, with path parameters its schema admits', async () => {
    const urls = await imageUrls();
    expect(new Set(urls)).toEqual(new Set(KEYS.map((k) => `/media/generated/${k}`)));
    for (const url of urls) {
      const operation = api.router.matchOperation({ method: 'get', path: url, headers: {} });
      expect(operation?.operationId, url).toMatch(/^getGeneratedMedia/);
      const validation = api.validateRequest({ method: 'get', path: url, headers: {} }, operation);
      expect(validation.errors ?? [], url).toEqual([]);
      const hidden = url.replace(/[^/]+$/, '.hidden.png');
      expect(api.validateRequest({ method: 'get', path: hidden, headers: {} }, operation).valid, hidden).toBe(false);
      expect(Object.values(api.router.parseRequest({ method: 'get', path: url, headers: {} }, operation).params).join('/'), url).toBe(
        url.slice('/media/generated/'.length),
      );
    }
  });

  it('answers each image URL with a status and headers the matched operation describes', async () => {
    for (const url of await imageUrls()) {
      const operation = api.router.matchOperation({ method: 'get', path: url, headers: {} })!;
      const res = await fetch(`${system.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).toString('latin1'), url).toMatch(new RegExp(`^\\x89PNG\\r\\n\\x1a\\n${p}-image-\\d$`));
      expect(Object.keys(operation.responses ?? {}), url).toContain('200');
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => (headers[name] = value));
      const validation = api.validateResponseHeaders(headers, operation, { statusCode: 200 });
      expect(validation.errors ?? [], url).toEqual([]);
      // openapi-backend checks the values of the headers there; this checks the required ones are.
      expect(checkHeadersAgainstOpenApi('GET', url, 200, res.headers), url).toBeNull();
    }
  });
});
