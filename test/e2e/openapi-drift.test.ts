/** The drift check used on every answer of the system tests really catches drift. */
import { describe, expect, it } from 'vitest';
import { buildOpenApi, publicRoutes } from '@cfs/gateway';
import { checkAgainstOpenApi, checkHeadersAgainstOpenApi, exampleProblems } from '../support/openapi.ts';

const me = {
  customer: { id: 'cus_1', name: 'A', email: 'a@example.com', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
  site: { id: 's', name: 'S', url: '', plan: 'free', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
  credential: {
    id: 'c',
    name: 'n',
    scopes: ['account.read'],
    audience: 'content-feed',
    expiresAt: null,
    revokedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};
const error = (code: string) => ({ error: { code, message: 'm' } });
const media = '/media/generated/covers/2026/hero.png';
const everyAnswer = { 'x-request-id': 'r-1', 'ratelimit-limit': '600', 'ratelimit-remaining': '599', 'ratelimit-reset': '42' };
const mediaHeaders = {
  ...everyAnswer,
  etag: '"9f86d081884c7d659a2feaa0c55ad015"',
  'cache-control': 'public, max-age=31536000, immutable',
  'accept-ranges': 'bytes',
};

describe('the OpenAPI drift check', () => {
  it('accepts a documented answer', () => {
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 200, me)).toBeNull();
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 401, error('UNAUTHENTICATED'))).toBeNull();
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 403, error('WRONG_AUDIENCE'))).toBeNull();
    expect(checkAgainstOpenApi('GET', '/nope', 404, error('NOT_FOUND'))).toBeNull();
  });

  it('checks the media route like any other: a key with slashes, bytes or nothing on 200/206/304, the envelope otherwise', () => {
    for (const status of [200, 206, 304]) expect(checkAgainstOpenApi('GET', media, status, undefined)).toBeNull();
    expect(checkAgainstOpenApi('GET', '/media/generated/a//b.png', 400, error('MALFORMED_REQUEST'))).toBeNull();
    expect(checkAgainstOpenApi('GET', media, 404, error('NOT_FOUND'))).toBeNull();
    expect(checkAgainstOpenApi('GET', media, 429, error('RATE_LIMITED'))).toBeNull();
    expect(checkAgainstOpenApi('GET', media, 503, error('SERVICE_UNAVAILABLE'))).toBeNull();
    expect(checkAgainstOpenApi('GET', media, 500, error('INTERNAL_ERROR'))).toMatch(/does not list/);
    expect(checkAgainstOpenApi('GET', media, 401, error('UNAUTHENTICATED'))).toMatch(/does not list/);
    expect(checkAgainstOpenApi('POST', media, 404, error('NOT_FOUND'))).toBeNull();
    expect(checkAgainstOpenApi('POST', media, 200, {})).toMatch(/not in the description/);
  });

  it('catches a body that does not match, an undocumented status, a code the status does not list and a bad envelope', () => {
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 200, { ...me, customer: undefined })).toMatch(/does not match/);
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 200, { ...me, credential: { ...me.credential, secret: 'x' } })).toMatch(/does not match/);
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 409, error('CONFLICT'))).toMatch(/does not list/);
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 304, undefined)).toMatch(/does not list/);
    // A conditional GET lists its 304, with no body; a write of the same path does not.
    expect(checkAgainstOpenApi('GET', '/api/v1/subscriptions', 304, undefined)).toBeNull();
    expect(checkAgainstOpenApi('PUT', '/api/v1/subscriptions', 304, undefined)).toMatch(/does not list/);
    // /me is not plan-gated: its 403 never carries CAPABILITY_NOT_ENTITLED; a 400 carries only MALFORMED_REQUEST.
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 403, error('CAPABILITY_NOT_ENTITLED'))).toMatch(/does not match/);
    expect(checkAgainstOpenApi('GET', media, 400, error('NOT_FOUND'))).toMatch(/does not match/);
    expect(checkAgainstOpenApi('GET', '/nope', 404, error('NO_SUCH_CODE'))).toMatch(/envelope/);
    expect(checkAgainstOpenApi('GET', '/nope', 404, { error: { code: 'NOT_FOUND' } })).toMatch(/envelope/);
    expect(checkAgainstOpenApi('GET', '/api/v1/account/sites/site_1', 200, { id: 's' })).toMatch(/does not match/);
  });

  it('checks the headers of an answer against the declared ones', () => {
    expect(checkHeadersAgainstOpenApi('GET', '/api/v1/me', 200, new Headers(everyAnswer))).toBeNull();
    expect(checkHeadersAgainstOpenApi('GET', '/api/v1/me', 429, new Headers({ ...everyAnswer, 'retry-after': '42' }))).toBeNull();
    expect(checkHeadersAgainstOpenApi('GET', media, 206, new Headers({ ...mediaHeaders, 'content-range': 'bytes 2-5/40' }))).toBeNull();
    const revalidate = { ...everyAnswer, etag: '"n4bQgYhMfWWaL-qgxVrQFaO_TxsrC4Is0V1sFbDwCgg"', 'cache-control': 'private, no-cache' };
    for (const status of [200, 304]) expect(checkHeadersAgainstOpenApi('GET', '/api/v1/feed', status, new Headers(revalidate))).toBeNull();
    expect(checkHeadersAgainstOpenApi('GET', '/api/v1/feed', 304, new Headers({ ...revalidate, 'cache-control': 'no-store' }))).toMatch(/Cache-Control/);
    expect(checkHeadersAgainstOpenApi('GET', '/api/v1/feed', 200, new Headers(everyAnswer))).toMatch(/ETag is missing/);
    // RateLimit-* are absent while the rate limit is not enforced; X-Request-Id never is.
    expect(checkHeadersAgainstOpenApi('GET', '/api/v1/me', 200, new Headers({ 'x-request-id': 'r-1' }))).toBeNull();
    expect(checkHeadersAgainstOpenApi('GET', '/api/v1/me', 200, new Headers({}))).toMatch(/X-Request-Id is missing/);
    expect(checkHeadersAgainstOpenApi('GET', '/api/v1/me', 200, new Headers({ ...everyAnswer, 'ratelimit-reset': 'soon' }))).toMatch(/RateLimit-Reset/);
    expect(checkHeadersAgainstOpenApi('GET', '/api/v1/me', 429, new Headers(everyAnswer))).toMatch(/Retry-After is missing/);
    expect(checkHeadersAgainstOpenApi('GET', media, 206, new Headers(mediaHeaders))).toMatch(/Content-Range is missing/);
    expect(checkHeadersAgainstOpenApi('POST', '/api/v1/billing/checkout', 201, new Headers({ ...everyAnswer, 'idempotent-replayed': 'yes' }))).toMatch(
      /Idempotent-Replayed/,
    );
  });

  it('finds no problem in the examples of the description, and catches a broken one', () => {
    const doc = buildOpenApi(publicRoutes, { version: 'test' });
    expect(exampleProblems(doc)).toEqual([]);
    const broken = JSON.parse(JSON.stringify(doc)) as typeof doc;
    const site = broken.components.schemas.Site as { examples: Array<Record<string, unknown>> };
    site.examples[0]!.plan = 'Not A Plan';
    const paths = broken.paths as Record<
      string,
      Record<string, { responses: Record<string, { content: Record<string, { example: Record<string, unknown> }> }> }>
    >;
    paths['/api/v1/me']!.get!.responses['200']!.content['application/json']!.example.credential = { id: 'c' };
    const problems = exampleProblems(broken);
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/#\/components\/schemas\/Site examples\[0\]/);
    expect(problems.join('\n')).toMatch(/GET \/api\/v1\/me 200 application\/json example/);
  });
});
