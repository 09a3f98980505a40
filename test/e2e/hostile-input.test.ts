/**
 * Hostile input, property-based (fast-check): at least 10 000 generated requests across every route
 * of the route table and the public media route — wrong types, huge and deeply nested JSON,
 * unicode and control characters, odd headers, path tricks — with and without a valid Credential.
 * Invariants: never a 5xx; every non-2xx is exactly the envelope with a status from the error
 * table (docs/api.md#errors); no message leaks internals; the system is still up at the end.
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMITTED_ERROR_CODES, ERROR_CODES } from '@cfs/common/errors';
import { publicRoutes as routes } from '@cfs/gateway';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectSafeMessage } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 10_500);
const ALLOWED_STATUSES = new Set([200, 201, 206, 304, ...EMITTED_ERROR_CODES.map((c) => ERROR_CODES[c].http)]);

let system: TestSystem;
let owner: Owner;
/** The Credential that probes of POST /api/v1/me/revoke send for "owner": that route ends its caller. */
let selfEnding: string;
let sent = 0;

beforeAll(async () => {
  system = await startSystem();
  owner = await createCustomer(system, '--plan', 'pro');
  selfEnding = ((await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', owner.credential.scopes.join(','))) as { secret: string })
    .secret;
});
afterAll(async () => {
  await system?.stop();
});

interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Sends exactly what the probe says (node:http, so no client-side normalization of the path). */
function send(probe: Probe): Promise<{ status: number; body: string; contentType: string }> {
  const url = new URL(system.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: probe.method,
        path: probe.path,
        headers: { ...probe.headers, ...(probe.body !== undefined ? { 'content-length': Buffer.byteLength(probe.body) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), contentType: String(res.headers['content-type'] ?? '') }),
        );
      },
    );
    req.on('error', reject);
    if (probe.body !== undefined) req.write(probe.body);
    req.end();
  });
}

// ------------------------------------------------------------------ generators
const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '𝕏',
    '../../etc/passwd',
    '%00',
    '<script>',
    "'; DROP TABLE x;--",
    '\\',
    '\r\n',
    'null',
    '1e309',
    '-0',
    '__proto__',
  ),
  fc.string({ minLength: 300, maxLength: 5000 }),
);

const deepJson = fc.integer({ min: 50, max: 3000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));

const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    weirdString,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(weirdString, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A plausible-but-wrong body for a route: right keys with wrong values, extra keys, or anything. */
const bodyFor = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        name: jsonValue,
        email: jsonValue,
        url: jsonValue,
        scopes: jsonValue,
        plan: jsonValue,
        categories: jsonValue,
        code: jsonValue,
        siteName: jsonValue,
        locale: jsonValue,
        keywords: jsonValue,
        tone: jsonValue,
        topics: jsonValue,
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  deepJson,
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{', '"', '{"a":1,"a":2}', '\uFEFF{}', 'null', '[]'),
);

const pathParam = fc.oneof(
  fc.constantFrom('site_x', '..', '%2e%2e', '%00', 'a%2Fb', '%E0%A4%A', '%', 'x'.repeat(70), 'site_06h0000000000000000000000000', '~', "';--"),
  fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s)),
);

const templates = [...routes.map((r) => ({ method: r.method, path: r.path })), { method: 'GET', path: '/media/generated/:key' }];

const pathFor = fc
  .record({
    t: fc.constantFrom(...templates),
    params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
    query: fc.option(fc.array(fc.tuple(fc.constantFrom('limit', 'cursor', 'x', 'limit[]', '__proto__'), weirdString), { maxLength: 3 })),
  })
  .map(({ t, params, query }) => {
    let i = 0;
    let path = t.path.replace(/:\w+/g, () => params[i++ % params.length]!);
    if (query) path += `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
    return { method: t.method, path };
  });

const headerValue = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 2000 });

const probe: fc.Arbitrary<Probe> = fc
  .record({
    target: pathFor,
    method: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'), { freq: 4 }),
    auth: fc.constantFrom('owner', 'none', 'garbage', 'basic', 'huge'),
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ),
    body: fc.option(bodyFor, { freq: 3 }),
    extra: fc.dictionary(
      fc.constantFrom('x-request-id', 'idempotency-key', 'range', 'if-none-match', 'accept', 'x-forwarded-for', 'content-encoding'),
      headerValue,
      { maxKeys: 3 },
    ),
  })
  .map(({ target, method, auth, contentType, body, extra }) => {
    const headers: Record<string, string> = { ...extra };
    if (contentType) headers['content-type'] = contentType;
    if (auth === 'owner') headers.authorization = `Bearer ${target.path.startsWith('/api/v1/me/revoke') ? selfEnding : owner.credential.secret}`;
    if (auth === 'garbage') headers.authorization = `Bearer cfs_${'Z'.repeat(54)}`;
    if (auth === 'basic') headers.authorization = 'Basic dXNlcjpwYXNz';
    if (auth === 'huge') headers.authorization = `Bearer ${'a'.repeat(3000)}`;
    const m = method ?? target.method;
    return { method: m, path: target.path, headers, ...(body !== null && m !== 'GET' && m !== 'HEAD' ? { body } : {}) };
  });

function checkAnswer(p: Probe, res: { status: number; body: string; contentType: string }): void {
  const where = `${p.method} ${p.path.slice(0, 120)} → ${res.status}`;
  expect(res.status, where).toBeLessThan(500);
  expect(ALLOWED_STATUSES.has(res.status), where).toBe(true);
  if (res.status >= 400 && p.method !== 'HEAD') {
    const parsed = JSON.parse(res.body) as { error: { code: string; message: string } };
    expect(Object.keys(parsed), where).toEqual(['error']);
    expect(Object.keys(parsed.error).sort(), where).toEqual(['code', 'message']);
    expect(ERROR_CODES[parsed.error.code as keyof typeof ERROR_CODES]?.http, where).toBe(res.status);
    expectSafeMessage(parsed.error.message);
    expect(res.body, where).not.toContain(owner.credential.secret);
  }
}

describe('hostile input', () => {
  it(`keeps every invariant over ${RUNS} generated requests`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(probe, { minLength: 4, maxLength: 4 }), async (probes) => {
        const answers = await Promise.all(probes.map(send));
        sent += probes.length;
        probes.forEach((p, i) => checkAnswer(p, answers[i]!));
      }),
      { numRuns: Math.ceil(RUNS / 4), endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  }, 600_000);

  it('left the system up and the owner credential working', async () => {
    const res = await send({ method: 'GET', path: '/api/v1/me', headers: { authorization: `Bearer ${owner.credential.secret}` } });
    expect(res.status).toBe(200);
  });
});
