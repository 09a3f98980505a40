import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@cfs/common/errors';
import { publicRoutes } from '@cfs/gateway';
import { createCustomer, type Owner } from '../support/customers.ts';
import { tempFile } from '../support/files.ts';
import { request, type Answer } from '../support/http.ts';
import { checkAgainstOpenApi, checkHeadersAgainstOpenApi, exampleProblems } from '../support/openapi.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Response {
  $ref?: string;
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  security: unknown[];
  parameters: Array<{ $ref?: string; name?: string; in?: string }>;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Response>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Response>; headers: Record<string, Json>; parameters: Record<string, Json> };
}

const RATE_LIMIT = 40;
let system: TestSystem;
let doc: Doc;
beforeAll(async () => {
  system = await startSystem({ gatewayEnv: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) }, redisPrefix: `cfs:openapi:${process.pid}:${Date.now()}:` });
  doc = (await request(system.baseUrl, 'GET', '/docs/public.json')).body as Doc;
});
afterAll(async () => {
  await system?.stop();
});

/** Every operation of the description, with its method and path. */
const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));
/** A response, with a `$ref` to components.responses followed. */
const resolved = (response: Response): Response => (response.$ref ? doc.components.responses[response.$ref.split('/').pop()!]! : response);
/** The error codes an error response says it can carry (the enum that narrows ErrorEnvelope). */
function codesOf(response: Response): string[] {
  const schema = resolved(response).content!['application/json']!.schema as {
    allOf: Array<{ properties?: { error?: { properties?: { code?: { enum?: string[] } } } } }>;
  };
  return schema.allOf[1]!.properties!.error!.properties!.code!.enum!;
}

describe('GET /docs/public.json', () => {
  it('is an OpenAPI 3.1 document of the customer-facing routes that exist, and nothing internal', async () => {
    const res = await request(system.baseUrl, 'GET', '/docs/public.json');
    expect(res.status).toBe(200);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/account',
      '/api/v1/account/sites',
      '/api/v1/account/sites/{siteId}',
      '/api/v1/account/sites/{siteId}/connection-codes',
      '/api/v1/account/sites/{siteId}/credentials',
      '/api/v1/account/sites/{siteId}/credentials/{credentialId}/revoke',
      '/api/v1/account/sites/{siteId}/entitlements',
      '/api/v1/ai-images',
      '/api/v1/ai-usage',
      '/api/v1/billing/checkout',
      '/api/v1/billing/subscription',
      '/api/v1/billing/subscription/cancel',
      '/api/v1/feed',
      '/api/v1/feed/changes',
      '/api/v1/me',
      '/api/v1/me/revoke',
      '/api/v1/seo-profile',
      '/api/v1/subscriptions',
      '/api/v1/taxonomy',
      '/api/v1/webhooks',
      '/api/v1/webhooks/{id}',
      '/api/v1/webhooks/{id}/deliveries',
      '/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry',
      '/api/v1/webhooks/{id}/rotate-secret',
      '/api/v1/webhooks/{id}/test',
      '/connect/cms/redeem',
      '/media/generated/{folder1}/{folder2}/{folder3}/{name}',
      '/media/generated/{folder1}/{folder2}/{name}',
      '/media/generated/{folder1}/{name}',
      '/media/generated/{name}',
    ]);
    const me = doc.paths['/api/v1/me']!.get!;
    expect(me.security).toEqual([{ credential: [] }]);
    expect(Object.keys(me.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429', '500', '503']));
    expect(JSON.stringify(doc)).not.toMatch(/Admin|CreateCustomer|SetSitePlan|ResolveSite|Authenticate/);
  });

  it('describes the public media route: no Credential; 200, 206 and 304 with their headers; 400 for a bad key, 404, 429, 503', () => {
    // One path per number of segments of the key: a path parameter holds no slash (OpenAPI 3.1).
    const shapes = Object.keys(doc.paths).filter((path) => path.startsWith('/media/'));
    expect(shapes).toHaveLength(4);
    for (const path of shapes) {
      const media = doc.paths[path]!;
      expect(Object.keys(media)).toEqual(['get']);
      describesMedia(path, media.get!);
    }
  });

  function describesMedia(path: string, get: Operation) {
    const segments = path
      .slice('/media/generated/'.length)
      .split('/')
      .map((s) => s.slice(1, -1));
    expect(get.security).toEqual([]);
    expect(Object.keys(get.responses).sort()).toEqual(['200', '206', '304', '400', '404', '429', '503']);
    expect(Object.keys(get.responses['200']!.content!)).toEqual(['image/*']);
    expect(Object.keys(get.responses['200']!.headers!)).toEqual(expect.arrayContaining(['ETag', 'Cache-Control', 'Accept-Ranges']));
    expect(Object.keys(get.responses['206']!.headers!)).toEqual(expect.arrayContaining(['ETag', 'Cache-Control', 'Content-Range']));
    expect(Object.keys(get.responses['304']!.headers!)).toEqual(expect.arrayContaining(['ETag', 'Cache-Control']));
    expect(get.responses['304']!.content).toBeUndefined();
    expect(codesOf(get.responses['400']!)).toEqual(['MALFORMED_REQUEST']);
    expect(codesOf(get.responses['404']!)).toEqual(['NOT_FOUND']);
    expect(get.parameters.map((p) => p.$ref ?? `${p.in}:${p.name}`)).toEqual([
      ...segments.map((name) => `path:${name}`),
      '#/components/parameters/Range',
      '#/components/parameters/IfNoneMatch',
      '#/components/parameters/RequestId',
    ]);
  }

  it('describes conditional requests on the conditional GETs only: If-None-Match, a 304 without a body, ETag and Cache-Control', () => {
    const conditional = publicRoutes.filter((r) => r.conditional).map((r) => r.operationId);
    expect(conditional).toEqual(expect.arrayContaining(['getFeed', 'getTaxonomy', 'getSubscriptions', 'getSeoProfile']));
    const validators = { ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: '#/components/headers/CacheControlRevalidate' } };
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`;
      if (path.startsWith('/media/')) continue; // public media: its own conditional answers (above)
      const isConditional = conditional.includes(op.operationId);
      expect(
        op.parameters.some((p) => p.$ref === '#/components/parameters/IfNoneMatch'),
        where,
      ).toBe(isConditional);
      expect(op.responses['304'] !== undefined, where).toBe(isConditional);
      if (!isConditional) continue;
      expect(op.responses['200']!.headers, where).toMatchObject(validators);
      expect(op.responses['304']!.headers, where).toMatchObject({ ...validators, 'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' } });
      expect(op.responses['304']!.content, where).toBeUndefined();
      expect(op.responses['304']!.description, where).toMatch(/never charged/);
    }
    expect(doc.components.headers.CacheControlRevalidate).toMatchObject({ required: true, schema: { enum: ['private, no-cache'] } });
  });

  it('gives every operation a summary and a description', () => {
    const missing = operations().filter(({ op }) => !op.summary || !op.description?.trim());
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('has an example for every request body and every JSON answer, success and error', () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (media.example === undefined && !media.examples) missing.push(`${method} ${path} request body ${type}`);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(resolved(response).content ?? {})) {
          // The media route's bytes have no JSON example; every JSON answer has one.
          if (type === 'application/json' && media.example === undefined && !media.examples) missing.push(`${method} ${path} ${status} ${type}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Error answers: one example per code they can carry.
    for (const { op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        expect(Object.keys(resolved(response).content!['application/json']!.examples!)).toEqual(codesOf(response));
      }
    }
  });

  it('has only examples that are valid against their schemas (ajv)', () => {
    expect(exampleProblems(doc)).toEqual([]);
  });

  it('declares the error codes as an enum, and per operation and status the codes it can carry', () => {
    const envelope = doc.components.schemas.ErrorEnvelope as { properties: { error: { properties: { code: { enum: string[] } } } } };
    expect(envelope.properties.error.properties.code.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const codes = codesOf(response);
        expect(codes.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const code of codes) expect(ERROR_CODES[code as ErrorCode].http, `${method} ${path} ${status} ${code}`).toBe(Number(status));
        expect(codes).not.toContain('UNAUTHORIZED');
      }
    }
    // The pipeline's codes, in every route's answers: 429 and 400 everywhere; 401, 403 SCOPE_DENIED (unless
    // the route needs no scope) and WRONG_AUDIENCE with a Credential; the plan codes where a capability is used; the route's own.
    for (const route of publicRoutes) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
      const codes = Object.entries(op.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([, r]) => codesOf(r));
      const expected = [
        'RATE_LIMITED',
        'MALFORMED_REQUEST',
        'INTERNAL_ERROR',
        'SERVICE_UNAVAILABLE',
        ...(route.auth === 'credential' ? ['UNAUTHENTICATED', ...(route.scope === null ? [] : ['SCOPE_DENIED']), 'WRONG_AUDIENCE'] : []),
        // A quota of what a Site holds (webhook endpoints) is answered only by the route that adds one, which lists it.
        ...(route.capability ? ['CAPABILITY_NOT_ENTITLED', ...(route.quota === 'held' ? [] : ['QUOTA_EXHAUSTED'])] : []),
        ...(route.idempotent ? ['CONFLICT'] : []),
        ...(route.errors ?? []),
      ];
      expect(codes.sort(), route.operationId).toEqual([...new Set(expected)].sort());
    }
  });

  it('declares every header a client sends or reads, through components', () => {
    expect(Object.keys(doc.components.headers)).toEqual(
      expect.arrayContaining(['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'Idempotent-Replayed']),
    );
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`;
      expect(op.parameters, where).toContainEqual({ $ref: '#/components/parameters/RequestId' });
      const idempotent = publicRoutes.some((r) => r.idempotent && r.operationId === op.operationId);
      expect(
        op.parameters.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'),
        where,
      ).toBe(idempotent);
      for (const [status, response] of Object.entries(op.responses)) {
        const headers = resolved(response).headers ?? {};
        for (const name of ['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
          expect(headers[name], `${where} ${status} ${name}`).toEqual({ $ref: `#/components/headers/${name}` });
        }
        expect(headers['Retry-After'] !== undefined, `${where} ${status} Retry-After`).toBe(status === '429');
        expect(headers['Idempotent-Replayed'] !== undefined, `${where} ${status} Idempotent-Replayed`).toBe(idempotent && Number(status) < 300);
      }
    }
  });
});

describe('the headers of real answers', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await createCustomer(system);
  });

  const expectHeaders = (method: string, path: string, answer: { status: number; headers: Headers }) =>
    expect(checkHeadersAgainstOpenApi(method, path, answer.status, answer.headers), `${method} ${path} ${answer.status}`).toBeNull();

  it('are the declared ones, on success and on errors', async () => {
    const me = await request(system.baseUrl, 'GET', '/api/v1/me', { token: owner.credential.secret, headers: { 'x-request-id': 'openapi-test-1' } });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-request-id')).toBe('openapi-test-1');
    expect(me.headers.get('ratelimit-limit')).toBe(String(RATE_LIMIT));
    expectHeaders('GET', '/api/v1/me', me);
    const unauthenticated = await request(system.baseUrl, 'GET', '/api/v1/me');
    expect(unauthenticated.status).toBe(401);
    expectHeaders('GET', '/api/v1/me', unauthenticated);
    const malformed = await request(system.baseUrl, 'GET', '/api/v1/feed?limit=0', { token: owner.credential.secret });
    expect(malformed.status).toBe(400);
    expectHeaders('GET', '/api/v1/feed', malformed);
  });

  it('carry Idempotent-Replayed on a replayed answer', async () => {
    const headers = { 'idempotency-key': `openapi-${Date.now()}` };
    const first = await request(system.baseUrl, 'POST', '/api/v1/billing/checkout', { token: owner.credential.secret, body: { plan: 'pro' }, headers });
    const again = await request(system.baseUrl, 'POST', '/api/v1/billing/checkout', { token: owner.credential.secret, body: { plan: 'pro' }, headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectHeaders('POST', '/api/v1/billing/checkout', first);
    expectHeaders('POST', '/api/v1/billing/checkout', again);
  });

  it('of the media route are the declared ones: 200, 206, 304, 400 and 404', async () => {
    const bytes = Buffer.from('\x89PNG\r\n\x1a\n-openapi-test-bytes-0123456789', 'latin1');
    const key = `covers/openapi-${Date.now().toString(36)}/hero.png`;
    const { etag } = (await system.admin('media', 'put', '--key', key, '--file', tempFile('openapi-hero.png', bytes))) as { etag: string };
    const path = `/media/generated/${key}`;
    const get = async (p: string, headers: Record<string, string> = {}) => {
      const res = await fetch(system.baseUrl + p, { headers });
      const body = Buffer.from(await res.arrayBuffer());
      return { status: res.status, headers: res.headers, body };
    };
    const whole = await get(path);
    expect(whole.status).toBe(200);
    expectHeaders('GET', path, whole);
    const part = await get(path, { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expectHeaders('GET', path, part);
    const notModified = await get(path, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expectHeaders('GET', path, notModified);
    for (const [p, status] of [
      ['/media/generated/covers/.hidden.png', 400],
      ['/media/generated/no/such/object.png', 404],
    ] as const) {
      const answer = await get(p);
      expect(answer.status).toBe(status);
      expectHeaders('GET', p, answer);
      expect(checkAgainstOpenApi('GET', p, answer.status, JSON.parse(answer.body.toString('utf8')))).toBeNull();
    }
    // No path of the description matches an empty segment (a parameter is never empty): a 400 in the envelope.
    const empty = await get('/media/generated/a//b.png');
    expect(empty.status).toBe(400);
    expect(checkAgainstOpenApi('GET', '/media/generated/a//b.png', empty.status, JSON.parse(empty.body.toString('utf8')))).toBeNull();
  });

  it('of a 429 carry Retry-After', async () => {
    const credential = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'account.read')) as { secret: string };
    let limited: Answer | undefined;
    for (let i = 0; i <= RATE_LIMIT && !limited; i++) {
      const answer = await request(system.baseUrl, 'GET', '/api/v1/me', { token: credential.secret });
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.status).toBe(429);
    expectHeaders('GET', '/api/v1/me', limited!);
    expect(limited!.headers.get('retry-after')).not.toBeNull();
  });
});
