/** SEO profile, generated media (through the gateway from an S3-protocol server), AI usage and status. */
import { request as httpRequest } from 'node:http';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callUnary, createClient } from '@cfs/common/grpc';
import { createLogger } from '@cfs/common/logger';
import { loadProtos } from '@cfs/protos';
import { openAiBudgetLedger } from '@cfs/media';
import { createCustomer, type Owner } from '../support/customers.ts';
import { acceptInvitationOverHttp } from '../support/dashboard-http.ts';
import { tempFile } from '../support/files.ts';
import { expectError, expectSafeMessage, request } from '../support/http.ts';
import { startOpenAiStandIn, STANDIN_PNG, type OpenAiStandIn } from '../support/openai-standin.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let pro: Owner;
let standin: OpenAiStandIn;
// A database and announcements of its own: with a provider, this system's generation planner would
// otherwise generate for the Sites of every other test file (and they would see `personalized`).
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  standin = await startOpenAiStandIn();
  database = await createTestDatabase('seo_media_ai');
  system = await startSystem({
    databaseUrl: database.url,
    redisPrefix: `${inject('redisPrefix')}seo-media-ai:`,
    mediaEnv: { AI_PROVIDER: 'openai', AI_API_URL: standin.baseURL, AI_API_KEY: 'sk-test' },
  });
  pro = await createCustomer(system, '--plan', 'pro');
});
afterAll(async () => {
  await system?.stop();
  await standin?.close();
  await database?.drop();
});

const as = (owner: Owner, method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...options });

/** A request exactly as written (fetch would normalize "../" away). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(system.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('SEO profile', () => {
  const profile = { siteName: 'Acme News', locale: 'en-GB', keywords: ['ai', 'robots'], tone: 'friendly', topics: ['technology'] };

  it('is 404 until set, then read and replaced as a whole', async () => {
    const owner = await createCustomer(system, '--plan', 'pro');
    expectError(await as(owner, 'GET', '/api/v1/seo-profile'), 404, 'NOT_FOUND');
    const put = await as(owner, 'PUT', '/api/v1/seo-profile', { body: profile });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject(profile);
    expect((await as(owner, 'GET', '/api/v1/seo-profile')).body).toEqual(put.body);
    const replaced = await as(owner, 'PUT', '/api/v1/seo-profile', { body: { ...profile, keywords: [], locale: 'pt-BR' } });
    expect(replaced.body).toMatchObject({ keywords: [], locale: 'pt-BR', siteName: 'Acme News' });
  });

  it.each([
    ['an unknown field', { ...profile, secret: true }],
    ['a wrong type', { ...profile, keywords: 'ai' }],
    ['a missing field', { siteName: 'x', locale: 'en', keywords: [], topics: [] }],
    ['a bad locale', { ...profile, locale: 'english' }],
    ['too many keywords', { ...profile, keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const before = (await as(pro, 'PUT', '/api/v1/seo-profile', { body: profile })).body;
    expectError(await as(pro, 'PUT', '/api/v1/seo-profile', { body }), 400, 'MALFORMED_REQUEST');
    expect((await as(pro, 'GET', '/api/v1/seo-profile')).body).toEqual(before);
  });

  it('needs seo.profile.manage and a plan with seo_profile', async () => {
    const free = await createCustomer(system);
    expectError(await as(free, 'GET', '/api/v1/seo-profile'), 403, 'CAPABILITY_NOT_ENTITLED');
    const c = (await system.admin('credential', 'create', '--site', pro.site.id, '--scopes', 'feed.read')) as { secret: string };
    expectError(await request(system.baseUrl, 'GET', '/api/v1/seo-profile', { token: c.secret }), 403, 'SCOPE_DENIED');
  });
});

describe('generated media', () => {
  const bytes = Buffer.from('\x89PNG\r\n\x1a\n-fake-image-bytes-0123456789', 'latin1');
  const key = `covers/${Date.now().toString(36)}/hero.png`;
  let etag: string;

  beforeAll(async () => {
    const put = (await system.admin('media', 'put', '--key', key, '--file', tempFile('hero.png', bytes))) as {
      etag: string;
      size: number;
      contentType: string;
    };
    expect(put).toMatchObject({ size: bytes.length, contentType: 'image/png' });
    etag = put.etag;
  });

  it('lands in the S3 bucket with its metadata', async () => {
    const url = new URL(system.s3.endpoint);
    const minio = new Minio.Client({
      endPoint: url.hostname,
      port: Number(url.port),
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      pathStyle: true,
    });
    const stat = await minio.statObject(system.s3.bucket, `generated/${key}`);
    expect(stat.size).toBe(bytes.length);
    expect(stat.metaData['content-type']).toBe('image/png');
  });

  it('is served without a credential, with its type, a strong ETag and immutable caching', async () => {
    const res = await fetch(`${system.baseUrl}/media/generated/${key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toBe(etag);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers If-None-Match with 304', async () => {
    const res = await fetch(`${system.baseUrl}/media/generated/${key}`, { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves byte ranges with 206', async () => {
    const part = await fetch(`${system.baseUrl}/media/generated/${key}`, { headers: { range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-5/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(2, 6));
    const suffix = await fetch(`${system.baseUrl}/media/generated/${key}`, { headers: { range: 'bytes=-4' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 4));
    const ignored = await fetch(`${system.baseUrl}/media/generated/${key}`, { headers: { range: 'bytes=9999-' } });
    expect(ignored.status).toBe(200);
    expect((await ignored.arrayBuffer()).byteLength).toBe(bytes.length);
  });

  it('answers an unknown key with the 404 envelope and another method with 404', async () => {
    expectError(await request(system.baseUrl, 'GET', '/media/generated/no/such/object.png'), 404, 'NOT_FOUND');
    expectError(await request(system.baseUrl, 'POST', `/media/generated/${key}`, { body: {} }), 404, 'NOT_FOUND');
  });

  it.each([
    '/media/generated/../../etc/passwd',
    '/media/generated/covers/../../../etc/passwd',
    '/media/generated/%2e%2e/%2e%2e/etc/passwd',
    '/media/generated/covers%2f..%2f..%2fsecret',
    '/media/generated/.env',
    '/media/generated/a//b.png',
    '/media/generated/a%00.png',
    `/media/generated/${'a'.repeat(600)}`,
    '/media/generated/',
  ])('refuses the hostile key %s with a 4xx and leaks nothing', async (path) => {
    const res = await raw(path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = JSON.parse(res.body) as { error: { code: string; message: string } };
    expect(['MALFORMED_REQUEST', 'NOT_FOUND']).toContain(body.error.code);
    expectSafeMessage(body.error.message);
    expect(res.body).not.toMatch(/root:|S3|bucket|minio|passwd/i);
  });

  it('keeps objects immutable: the same bytes again are fine, other bytes are a conflict', async () => {
    await system.admin('media', 'put', '--key', key, '--file', tempFile('hero.png', bytes));
    await expect(system.admin('media', 'put', '--key', key, '--file', tempFile('other.png', 'other'))).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(system.admin('media', 'put', '--key', '../escape.png', '--file', tempFile('x.png', 'x'))).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  });
});

describe('AI usage', () => {
  it("shows usage recorded by the operator against the plan's budget, with a status", async () => {
    const owner = await createCustomer(system, '--plan', 'starter');
    const first = (await as(owner, 'GET', '/api/v1/ai-usage')).body as Record<string, unknown>;
    expect(first).toMatchObject({ period: 'month', used: 0, reserved: 0, budget: 1000, remaining: 1000, status: 'ok' });
    await system.admin('ai-usage', 'record', '--site', owner.site.id, '--units', '850', '--kind', 'image');
    expect((await as(owner, 'GET', '/api/v1/ai-usage')).body).toMatchObject({ used: 850, remaining: 150, status: 'warning' });
    await system.admin('ai-usage', 'record', '--site', owner.site.id, '--units', '200');
    expect((await as(owner, 'GET', '/api/v1/ai-usage')).body).toMatchObject({ used: 1050, remaining: 0, status: 'exhausted' });
  });

  it('shows units reserved by generations under way, and is exhausted once what is left cannot pay for one more article', async () => {
    const owner = (await createCustomer(system, '--plan', 'starter')) as Owner & { invite: { url: string } };
    // The media service's own ledger, on a pool of its own: what a generation worker holds and settles.
    const { ledger, close } = await openAiBudgetLedger(
      { database: { connectionString: database.url, schema: 'media' }, poolSize: 2, logger: createLogger('test', { level: 'silent' }) },
      { text: 1, image: 10 },
    );
    const reserve = (articleId: string, units: number) =>
      ledger.reserve({ siteId: owner.site.id, articleId, kind: 'article', units, budget: 1000, period: 'month' });
    const usage = async () => (await as(owner, 'GET', '/api/v1/ai-usage')).body as Record<string, unknown>;
    try {
      expect(await usage()).toMatchObject({ used: 0, reserved: 0, budget: 1000, remaining: 1000, status: 'ok' });
      const article = (await reserve('article-1', 11))!;
      expect(await usage()).toMatchObject({ used: 0, reserved: 11, remaining: 989, status: 'ok' });
      await system.admin('ai-usage', 'record', '--site', owner.site.id, '--units', '880');
      expect(await usage()).toMatchObject({ used: 880, reserved: 11, remaining: 109, status: 'warning' });
      // 10 units left: less than an article (1 + 10), though only 89 % is used.
      const big = (await reserve('article-2', 99))!;
      expect(await usage()).toMatchObject({ used: 880, reserved: 110, remaining: 10, status: 'exhausted' });
      expect(await reserve('article-3', 11)).toBeNull();
      const dashboard = await acceptInvitationOverHttp(owner.invite.url, 'a long enough password');
      const page = await dashboard.get(`/sites/${owner.site.id}/usage`);
      expect(page.text.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')).toContain('880 used · 110 reserved by generations under way · 10 left');
      expect(await ledger.release(big.id)).toBe(true);
      expect(await usage()).toMatchObject({ used: 880, reserved: 11, remaining: 109, status: 'warning' });
      expect(await ledger.settle(article.id, 11)).toBe(true);
      expect(await ledger.settle(article.id, 11)).toBe(false);
      expect(await usage()).toMatchObject({ used: 891, reserved: 0, remaining: 109, status: 'warning' });
    } finally {
      await close();
    }
  });

  it('counts a generation job: its image is served through the gateway and it costs one text and one image', async () => {
    const owner = await createCustomer(system, '--plan', 'starter');
    const media = createClient(loadProtos().cfs.media.v1.MediaAdminService, system.addresses.media, system.serviceTokens.admin);
    const reader = createClient(loadProtos().cfs.media.v1.MediaService, system.addresses.media, system.serviceTokens.admin);
    try {
      const article = { id: 'art_e2e_gen', version: '2026-11-25T00:00:00.000Z', title: 'Robots write the news', summary: 'A summary.', categories: ['tech'] };
      const queued = await callUnary(
        media,
        'QueueGenerations',
        { jobs: [{ siteId: owner.site.id, budget: 1000, period: 'month', article }] },
        { deadlineMs: 5000 },
      );
      expect(queued).toEqual({ queued: 1 });
      let imageKey: string | undefined;
      for (const end = Date.now() + 30_000; !imageKey && Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
        const { variants } = await callUnary(reader, 'GetVariants', { siteId: owner.site.id, articleIds: [article.id] }, { deadlineMs: 5000 });
        imageKey = variants[0]?.imageKey ?? undefined;
      }
      expect(imageKey).toMatch(/^ai\/[0-9a-f]{64}\.png$/);
      const res = await fetch(`${system.baseUrl}/media/generated/${imageKey}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(STANDIN_PNG);
      expect((await as(owner, 'GET', '/api/v1/ai-usage')).body).toMatchObject({ used: 11, reserved: 0, remaining: 989 });
    } finally {
      media.close();
      reader.close();
    }
  });

  it('refuses bad records and unknown sites in the CLI', async () => {
    await expect(system.admin('ai-usage', 'record', '--site', pro.site.id, '--units', '0')).rejects.toThrow(/positive integer/);
    await expect(system.admin('ai-usage', 'record', '--site', 'site_nope', '--units', '5')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is not in the free plan, and needs ai.usage.read', async () => {
    const free = await createCustomer(system);
    expectError(await as(free, 'GET', '/api/v1/ai-usage'), 403, 'CAPABILITY_NOT_ENTITLED');
    const c = (await system.admin('credential', 'create', '--site', pro.site.id, '--scopes', 'ai.images.read')) as { secret: string };
    expectError(await request(system.baseUrl, 'GET', '/api/v1/ai-usage', { token: c.secret }), 403, 'SCOPE_DENIED');
  });
});

describe('AI image status', () => {
  type ImagesStatus = { status: string; reason: string; updatedAt: string; checkedAt: string };
  const imagesStatus = async (owner = pro) => (await as(owner, 'GET', '/api/v1/ai-images')).body as ImagesStatus;

  it('is platform-wide and set by the operator', async () => {
    const set = (await system.admin('ai-images', 'set-status', '--status', 'degraded')) as { status: string; updatedAt: string };
    expect(set.status).toBe('degraded');
    const res = await as(pro, 'GET', '/api/v1/ai-images');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'degraded', reason: 'Marked degraded by the operator.', updatedAt: set.updatedAt });
    await system.admin('ai-images', 'set-status', '--status', 'operational');
    expect((await as(pro, 'GET', '/api/v1/ai-images')).body).toMatchObject({ status: 'operational' });
    await expect(system.admin('ai-images', 'set-status', '--status', 'on-fire')).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  });

  it('says why, and when it was checked', async () => {
    const before = Date.now();
    const body = await imagesStatus();
    expect(Object.keys(body).sort()).toEqual(['checkedAt', 'reason', 'status', 'updatedAt']);
    // The generation job above made a successful image call a moment ago.
    expect(body).toMatchObject({ status: 'operational', reason: 'Recent image generations succeeded.' });
    expect(body.checkedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(body.checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.checkedAt)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("stops generation while the operator's pause lasts: a queued job makes no provider call and costs nothing until operational", async () => {
    const owner = await createCustomer(system, '--plan', 'starter');
    const media = createClient(loadProtos().cfs.media.v1.MediaAdminService, system.addresses.media, system.serviceTokens.admin);
    const article = { id: 'art_e2e_paused', version: '2026-11-25T00:00:00.000Z', title: 'Robots pause', summary: 'A summary.', categories: ['tech'] };
    const reader = createClient(loadProtos().cfs.media.v1.MediaService, system.addresses.media, system.serviceTokens.admin);
    const variants = async () => (await callUnary(reader, 'GetVariants', { siteId: owner.site.id, articleIds: [article.id] }, { deadlineMs: 5000 })).variants;
    await system.admin('ai-images', 'set-status', '--status', 'paused');
    try {
      expect(await imagesStatus()).toMatchObject({ status: 'paused', reason: 'Paused by the operator.' });
      const calls = standin.requests.length;
      await callUnary(media, 'QueueGenerations', { jobs: [{ siteId: owner.site.id, budget: 1000, period: 'month', article }] }, { deadlineMs: 5000 });
      await new Promise((r) => setTimeout(r, 3000));
      expect(standin.requests.length).toBe(calls);
      expect(await variants()).toEqual([]);
      expect((await as(owner, 'GET', '/api/v1/ai-usage')).body).toMatchObject({ used: 0, reserved: 0 });

      await system.admin('ai-images', 'set-status', '--status', 'operational');
      for (const end = Date.now() + 30_000; (await variants()).length === 0 && Date.now() < end;) await new Promise((r) => setTimeout(r, 200));
      expect(await variants()).toHaveLength(1);
      expect((await as(owner, 'GET', '/api/v1/ai-usage')).body).toMatchObject({ used: 11, reserved: 0 });
    } finally {
      media.close();
      reader.close();
      await system.admin('ai-images', 'set-status', '--status', 'operational');
    }
  });

  it('needs the ai_images capability', async () => {
    const starter = await createCustomer(system, '--plan', 'starter');
    expectError(await as(starter, 'GET', '/api/v1/ai-images'), 403, 'CAPABILITY_NOT_ENTITLED');
  });

  describe('without an AI provider', () => {
    let none: TestSystem;
    beforeAll(async () => {
      none = await startSystem();
    });
    afterAll(() => none?.stop());

    it('is paused, whatever the operator set', async () => {
      const owner = await createCustomer(none, '--plan', 'pro');
      const res = await request(none.baseUrl, 'GET', '/api/v1/ai-images', { token: owner.credential.secret });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'paused', reason: 'No AI provider is configured.' });
      await none.admin('ai-images', 'set-status', '--status', 'operational');
      expect((await request(none.baseUrl, 'GET', '/api/v1/ai-images', { token: owner.credential.secret })).body).toMatchObject({ status: 'paused' });
    });
  });
});
