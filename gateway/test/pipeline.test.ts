/**
 * The pipeline's order of checks, driven by a declared route and a fake identity service:
 * validation (400) before credential (401) before scope (403) before audience (403).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as grpc from '@grpc/grpc-js';
import { mintToken } from '@cfs/common/credential-token';
import { createLogger } from '@cfs/common/logger';
import type { ServiceClients } from '../src/clients/clients.ts';
import { gatewayEnvSchema } from '../src/env.ts';
import { buildOpenApi, errorCodesOf } from '../src/api/openapi.ts';
import { defineRoute } from '../src/pipeline/route.ts';
import { createGateway } from '../src/gateway.ts';
import { createMemoryStores } from '../src/stores/index.ts';

const tokens = { good: mintToken().token, noscope: mintToken().token, foreign: mintToken().token, unknown: mintToken().token };
const credentials: Record<string, { scopes: string[]; audience: string }> = {
  [tokens.good]: { scopes: ['feed.read'], audience: 'content-feed' },
  [tokens.noscope]: { scopes: [], audience: 'content-feed' },
  [tokens.foreign]: { scopes: ['feed.read'], audience: 'seo-suite' },
};
let identityCalls = 0;

const fakeIdentity = {
  Authenticate(req: { token: string }, _md: unknown, _opts: unknown, cb: (err: unknown, res?: unknown) => void) {
    identityCalls += 1;
    const c = credentials[req.token];
    if (!c) {
      const md = new grpc.Metadata();
      md.set('cfs-error-code', 'UNAUTHENTICATED');
      cb(Object.assign(new Error('unauthenticated'), { code: grpc.status.UNAUTHENTICATED, details: '', metadata: md }));
      return;
    }
    cb(null, {
      credential: {
        id: 'cred_1',
        siteId: 'site_1',
        customerId: 'cus_1',
        name: 'n',
        scopes: c.scopes,
        audience: c.audience,
        createdAt: new Date().toISOString(),
      },
    });
  },
};

const route = defineRoute({
  method: 'GET',
  path: '/things/:thingId',
  operationId: 'getThing',
  summary: 'A thing',
  tag: 'Feed',
  auth: 'credential',
  scope: 'feed.read',
  params: z.object({ thingId: z.string().max(8) }),
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
  response: { status: 200, description: 'ok', schema: z.object({ thingId: z.string(), limit: z.number() }) },
  handle: async ({ params, query }) => ({ thingId: params.thingId, limit: query.limit, dropped: 'not in the schema' }),
});

let server: Server;
let base: string;

beforeAll(async () => {
  const app = createGateway({
    env: gatewayEnvSchema.parse({ CURSOR_SECRET: 'x'.repeat(32) }),
    clients: { identity: fakeIdentity, account: {}, feed: {}, billing: {}, seo: {}, media: {} } as unknown as ServiceClients,
    logger: createLogger('test', { level: 'silent' }),
    stores: createMemoryStores(),
    routes: [route],
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, token?: string) {
  const res = await fetch(base + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } & Record<string, unknown> };
}

describe('the order of checks', () => {
  it('validates before authenticating: a bad limit or id is 400 even without a credential', async () => {
    for (const q of ['limit=0', 'limit=101', 'limit=-1', 'limit=1.5', 'limit=abc', 'limit=1&limit=2']) {
      expect((await get(`/things/t1?${q}`)).body.error?.code, q).toBe('MALFORMED_REQUEST');
    }
    expect((await get('/things/waytoolongid')).body.error?.code).toBe('MALFORMED_REQUEST');
  });

  it('then the credential, then the scope, then the audience', async () => {
    expect(await get('/things/t1')).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
    expect(await get('/things/t1', tokens.unknown)).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
    expect(await get('/things/t1', tokens.noscope)).toMatchObject({ status: 403, body: { error: { code: 'SCOPE_DENIED' } } });
    expect(await get('/things/t1', tokens.foreign)).toMatchObject({ status: 403, body: { error: { code: 'WRONG_AUDIENCE' } } });
  });

  it('answers through the response schema: defaults applied, undocumented fields dropped', async () => {
    expect(await get('/things/t1', tokens.good)).toEqual({ status: 200, body: { thingId: 't1', limit: 20 } });
  });

  it('refuses a token of the wrong shape or checksum without asking identity', async () => {
    const before = identityCalls;
    const wrongChecksum = tokens.unknown.slice(0, -1) + (tokens.unknown.endsWith('A') ? 'B' : 'A');
    for (const token of ['unknown', 'cfs_short', wrongChecksum, `${tokens.good}x`]) {
      expect(await get('/things/t1', token), token).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
    }
    expect(identityCalls).toBe(before);
  });

  it('asks identity once for concurrent requests with one uncached token', async () => {
    const token = mintToken().token;
    credentials[token] = { scopes: ['feed.read'], audience: 'content-feed' };
    const before = identityCalls;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/things/t1', token)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(identityCalls - before).toBe(1);
  });
});

describe('the OpenAPI description of a route', () => {
  it('documents inputs, the answer and every error the pipeline can give', () => {
    const doc = buildOpenApi([route], { version: 't' });
    const op = doc.paths['/things/{thingId}']!.get as { parameters: Array<{ name?: string; in?: string; $ref?: string }>; responses: Record<string, unknown> };
    expect(op.parameters.map((p) => p.$ref ?? `${p.in}:${p.name}`)).toEqual(['path:thingId', 'query:limit', '#/components/parameters/RequestId']);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '429', '500', '503']);
    expect(errorCodesOf(route)).toEqual([
      'RATE_LIMITED',
      'MALFORMED_REQUEST',
      'UNAUTHENTICATED',
      'SCOPE_DENIED',
      'WRONG_AUDIENCE',
      'INTERNAL_ERROR',
      'SERVICE_UNAVAILABLE',
    ]);
  });

  it('lists 400 on every route (a body that is not JSON is refused before routing) and 409 on idempotent ones', () => {
    const bare = defineRoute({
      method: 'POST',
      path: '/things/do',
      operationId: 'doThing',
      summary: 'Do a thing',
      tag: 'Feed',
      auth: 'credential',
      scope: 'feed.read',
      capability: 'feed',
      idempotent: true,
      response: { status: 200, description: 'ok', schema: z.object({ done: z.boolean() }) },
      handle: async () => ({ done: true }),
    });
    expect(errorCodesOf(bare)).toEqual([
      'RATE_LIMITED',
      'MALFORMED_REQUEST',
      'UNAUTHENTICATED',
      'SCOPE_DENIED',
      'WRONG_AUDIENCE',
      'CAPABILITY_NOT_ENTITLED',
      'QUOTA_EXHAUSTED',
      'CONFLICT',
      'INTERNAL_ERROR',
      'SERVICE_UNAVAILABLE',
    ]);
    const op = buildOpenApi([bare], { version: 't' }).paths['/things/do']!.post as {
      parameters: Array<{ $ref?: string }>;
      responses: Record<string, { $ref?: string; headers?: object }>;
    };
    expect(op.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }, { $ref: '#/components/parameters/RequestId' }]);
    expect(Object.keys(op.responses['200']!.headers!)).toContain('Idempotent-Replayed');
    expect(op.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
  });
});
