/**
 * Conditional requests (pipeline/steps/conditional.ts): If-None-Match as RFC 9110 reads it, the ETag of a
 * SerializedAnswer hashed once however often it is asked for, and the route-level opt-in
 * (`conditional: true`) on a route whose handler returns a plain value. The same over the real
 * system, with quotas and the order of checks: test/e2e/conditional.test.ts.
 */
import * as crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createLogger } from '@cfs/common/logger';
import type { ServiceClients } from '../src/clients/clients.ts';
import { gatewayEnvSchema } from '../src/env.ts';
import { createGateway } from '../src/gateway.ts';
import { defineRoute } from '../src/pipeline/route.ts';
import { SerializedAnswer } from '../src/schemas/serialized-answer.ts';
import { noneMatchHolds } from '../src/pipeline/steps/conditional.ts';
import { createMemoryStores } from '../src/stores/index.ts';
import { serve } from './support.ts';

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof crypto>();
  return { ...actual, hash: vi.fn(actual.hash) };
});

describe('If-None-Match', () => {
  const tag = '"abc-DEF_123"';

  it('matches the tag, a list holding it, its weak form and *', () => {
    expect(noneMatchHolds(tag, tag)).toBe(true);
    expect(noneMatchHolds(`"x", ${tag}`, tag)).toBe(true);
    expect(noneMatchHolds(`"x",${tag} , "y"`, tag)).toBe(true);
    expect(noneMatchHolds(`W/${tag}`, tag)).toBe(true);
    expect(noneMatchHolds('*', tag)).toBe(true);
    expect(noneMatchHolds(' * ', tag)).toBe(true);
  });

  it('matches nothing else: other tags, the tag unquoted or cut, an empty or missing header', () => {
    expect(noneMatchHolds('"x", "y"', tag)).toBe(false);
    expect(noneMatchHolds('abc-DEF_123', tag)).toBe(false);
    expect(noneMatchHolds('"abc-DEF_12"', tag)).toBe(false);
    expect(noneMatchHolds('"abc-DEF_123', tag)).toBe(false);
    expect(noneMatchHolds('', tag)).toBe(false);
    expect(noneMatchHolds(undefined, tag)).toBe(false);
    expect(noneMatchHolds('"x", *', tag)).toBe(false);
  });
});

describe('the ETag of a SerializedAnswer', () => {
  const Page = z.object({ data: z.array(z.number()) });

  it('is a strong tag of the bytes, hashed once however often it is read', () => {
    const hash = vi.mocked(crypto.hash);
    const answer = SerializedAnswer.of(Page, { data: [1, 2, 3] });
    hash.mockClear();
    const first = answer.etag;
    for (let i = 0; i < 10; i++) expect(answer.etag).toBe(first);
    expect(hash).toHaveBeenCalledTimes(1);
    expect(first).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(SerializedAnswer.of(Page, { data: [1, 2, 3] }).etag).toBe(first);
    expect(SerializedAnswer.of(Page, { data: [1, 2] }).etag).not.toBe(first);
  });
});

describe('a route declared conditional', () => {
  let value = { n: 1 };
  const schema = z.object({ n: z.number() });
  const base = { tag: 'Feed', auth: 'none', scope: undefined, response: { status: 200, description: 'ok', schema } } as const;
  const routes = [
    defineRoute({ ...base, method: 'GET', path: '/value', operationId: 'value', summary: 'v', conditional: true, handle: async () => value }),
    defineRoute({ ...base, method: 'GET', path: '/plain', operationId: 'plain', summary: 'p', handle: async () => value }),
  ];
  const gateway = (table = routes) =>
    createGateway({
      env: gatewayEnvSchema.parse({ CURSOR_SECRET: 'x'.repeat(32) }),
      clients: {} as ServiceClients,
      logger: createLogger('test', { level: 'silent' }),
      stores: createMemoryStores(),
      routes: table,
    });
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve(gateway());
  });
  afterAll(() => server.close());

  it('answers its value with an ETag and private, no-cache, and 304 without a body once it matches', async () => {
    const first = await fetch(`${server.base}/value`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ n: 1 });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await fetch(`${server.base}/value`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect([again.headers.get('etag'), again.headers.get('cache-control')]).toEqual([etag, 'private, no-cache']);
    value = { n: 2 };
    const changed = await fetch(`${server.base}/value`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ n: 2 });
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('leaves the other routes as they were: no ETag, no-store, never a 304', async () => {
    const plain = await fetch(`${server.base}/plain`, { headers: { 'if-none-match': '*' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('etag')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('no-store');
  });

  it('is a GET that takes no Idempotency-Key', () => {
    const put = defineRoute({ ...base, method: 'PUT', path: '/value', operationId: 'put', summary: 'p', conditional: true, handle: async () => value });
    expect(() => gateway([put])).toThrow(/only a GET can be conditional/);
  });
});
