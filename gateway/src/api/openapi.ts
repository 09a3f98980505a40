/**
 * The OpenAPI 3.1 description served at /docs/public.json, generated from the route table, the
 * same zod schemas that validate requests, and the media route's declaration (proxies/media-proxy.ts). It
 * lists only customer-facing routes that exist, and for each: the headers a client sends and reads,
 * the error codes each status can carry, and an example of every request body and JSON answer.
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@cfs/common/errors';
import { MAX_MEDIA_KEY_LENGTH, MAX_MEDIA_KEY_SEGMENTS, MEDIA_KEY_SEGMENT, MEDIA_PATH_PREFIX } from '@cfs/common/media-keys';
import { IDEMPOTENCY_KEY, IDEMPOTENCY_MAX_KEYS_PER_SITE } from '../pipeline/idempotency.ts';
import { mediaRouteDoc } from '../proxies/media-proxy.ts';
import type { AnyRoute } from '../pipeline/route.ts';
import { ErrorEnvelope } from '../schemas/blocks.ts';
import { REVALIDATE } from '../pipeline/steps/conditional.ts';
import { REQUEST_ID } from '../pipeline/steps/request-id.ts';

type JsonSchema = Record<string, unknown>;

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** zod → JSON Schema 2020-12, with named schemas hoisted into components.schemas. */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    delete json.$schema;
    for (const [name, def] of Object.entries(defs)) this.components[name] ??= this.rewrite(def) as JsonSchema;
    const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
    const rewritten = this.rewrite(json) as JsonSchema;
    if (id) {
      this.components[id] ??= rewritten;
      return { $ref: `#/components/schemas/${id}` };
    }
    return rewritten;
  }

  private rewrite(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.rewrite(v));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === '$schema' || k === '$id') continue;
        out[k] = k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : this.rewrite(v);
      }
      return out.type === 'integer' ? integerFormat(out) : out;
    }
    return value;
  }
}

/**
 * Integers get the OpenAPI format their bounds fit (int32, else int64: zod bounds integers to the
 * safe range). A `pattern` on an integer is what zod kept of the string a query parameter arrives
 * as (the value is parsed from it); it does not apply to integers, so it goes.
 */
function integerFormat(schema: JsonSchema): JsonSchema {
  const { pattern: _pattern, ...rest } = schema;
  if (rest.format !== undefined) return rest;
  const min = typeof rest.minimum === 'number' ? rest.minimum : -Infinity;
  const max = typeof rest.maximum === 'number' ? rest.maximum : Infinity;
  return { ...rest, format: min >= INT32.min && max <= INT32.max ? 'int32' : 'int64' };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Identity: 'Who the calling Credential belongs to.',
  Account: 'Account, Site and Credential self-management (scope account.manage).',
  Connect: 'Connecting a CMS connector with a connection code.',
  Feed: 'The article feed of a Site.',
  Taxonomy: 'Categories and topics, and the Site subscriptions to them.',
  Billing: 'The billing subscription of a Site.',
  SEO: 'The SEO personalization profile of a Site.',
  AI: 'AI usage and AI image generation status.',
  Media: 'Generated media, public and unauthenticated.',
};

/** When each code is answered (docs/api.md#errors), for the descriptions and examples of error answers. */
const CONDITIONS: Record<ErrorCode, string> = {
  MALFORMED_REQUEST:
    'The request itself is invalid: a path, query, header or body value the description refuses, or a body that is not JSON or too large. Checked before authentication.',
  UNAUTHENTICATED: 'The Credential is missing, invalid, revoked or expired.',
  UNAUTHORIZED: 'Reserved; no endpoint answers it.',
  CAPABILITY_NOT_ENTITLED: "The Site's Plan does not include the capability this endpoint uses.",
  QUOTA_EXHAUSTED: "The capability's quota of the current period is used up.",
  SCOPE_DENIED: 'The Credential lacks the scope this endpoint requires.',
  WRONG_AUDIENCE: 'The Credential was issued for a different product.',
  NOT_FOUND: 'The resource does not exist or belongs to another Customer (the two are indistinguishable).',
  CONFLICT: 'The current state forbids the request.',
  RATE_LIMITED: 'The security rate limit was exceeded; retry after Retry-After seconds.',
  INTERNAL_ERROR:
    'A failure on the service side; retrying after a short delay is safe, unless the message says the request may have been carried out (a write whose answer failed after it was made): then read the current state first.',
  SERVICE_UNAVAILABLE: 'A transient failure; nothing changed, so retrying is safe.',
};

/** The error codes a route can answer with, in pipeline order. */
export function errorCodesOf(route: AnyRoute): ErrorCode[] {
  // Every request can be a 400: a body that is not JSON, too large or of another type is refused
  // before routing (pipeline/steps/json-body.ts), on every route, with inputs or not.
  const codes: ErrorCode[] = ['RATE_LIMITED', 'MALFORMED_REQUEST'];
  if (route.auth === 'credential') codes.push('UNAUTHENTICATED', ...(route.scope === null ? [] : (['SCOPE_DENIED'] as const)), 'WRONG_AUDIENCE');
  // A quota of what a Site holds is answered by the route that adds one (it lists QUOTA_EXHAUSTED itself).
  if (route.capability) codes.push('CAPABILITY_NOT_ENTITLED', ...(route.quota === 'held' ? [] : (['QUOTA_EXHAUSTED'] as const)));
  if (route.idempotent) codes.push('CONFLICT'); // the same Idempotency-Key with another request
  codes.push(...(route.errors ?? []), 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE');
  return [...new Set(codes)];
}

const ref = (kind: 'schemas' | 'headers' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Headers a client reads: on every answer, on 429s, on replayed answers, on media. */
const HEADERS: Record<string, Record<string, unknown>> = {
  'X-Request-Id': {
    description:
      "The request's id: the caller's X-Request-Id when it is 1 to 128 letters, digits and . _ : -, else a new UUID. Logged with the request; quote it when reporting a problem.",
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 128, pattern: REQUEST_ID.source },
    example: '6f1c2d0e-8a4b-4e5f-9c3d-2b1a0f9e8d7c',
  },
  'RateLimit-Limit': {
    description:
      "Requests allowed per minute in the caller's security rate-limit window (per Credential, or per client address without one). Present whenever the rate limit is enforced (RATE_LIMIT_PER_MINUTE > 0).",
    schema: { type: 'integer', format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    example: 600,
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window. Present whenever the rate limit is enforced.',
    schema: { type: 'integer', format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    example: 599,
  },
  'RateLimit-Reset': {
    description: 'Seconds until the current window ends and the count starts again. Present whenever the rate limit is enforced.',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 60 },
    example: 42,
  },
  'Retry-After': {
    description: 'Seconds to wait before the next request is admitted (the rest of the window).',
    required: true,
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 60 },
    example: 42,
  },
  'Idempotent-Replayed': {
    description: 'true when this is the stored answer to an earlier request with the same Idempotency-Key (the operation did not run again). Absent otherwise.',
    schema: { type: 'string', enum: ['true'] },
    example: 'true',
  },
  ETag: {
    description:
      'Strong entity tag of the content; send it in If-None-Match to revalidate. On the API it is derived from the answer itself, so every Credential of a Site gets the same one for the same answer.',
    required: true,
    schema: { type: 'string', maxLength: 130, pattern: '^"[!#-~]{1,128}"$' },
    example: '"9f86d081884c7d659a2feaa0c55ad015"',
  },
  'Cache-Control': {
    description: 'Media objects never change: they may be cached for a year.',
    required: true,
    schema: { type: 'string', enum: ['public, max-age=31536000, immutable'] },
    example: 'public, max-age=31536000, immutable',
  },
  // The Cache-Control header of the API's conditional answers (a component name of its own).
  CacheControlRevalidate: {
    description:
      'The answer may be kept by the client (a private cache, never a shared one) and must be revalidated before each use: send its ETag in If-None-Match, and a 304 confirms the copy.',
    required: true,
    schema: { type: 'string', enum: [REVALIDATE] },
    example: REVALIDATE,
  },
  'Accept-Ranges': {
    description: 'Byte ranges are supported.',
    required: true,
    schema: { type: 'string', enum: ['bytes'] },
    example: 'bytes',
  },
  'Content-Range': {
    description: 'The range of the object in this answer, and its full size.',
    required: true,
    schema: { type: 'string', maxLength: 100, pattern: '^bytes [0-9]{1,15}-[0-9]{1,15}/[0-9]{1,15}$' },
    example: 'bytes 0-1023/48213',
  },
};

/** Headers a client sends (besides Authorization, which the security scheme describes). */
const PARAMETERS: Record<string, Record<string, unknown>> = {
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description:
      "The caller's id for this request, echoed in the X-Request-Id answer header and logged. 1 to 128 letters, digits and . _ : -; any other value is replaced by a new UUID (never a 400).",
    schema: { type: 'string', minLength: 1, maxLength: 128, pattern: REQUEST_ID.source },
    example: 'sync-2026-02-01T08:00:00Z-1',
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the request safe to retry. The first successful answer is stored for 24 hours and replayed, with Idempotent-Replayed: true, to a request with the same key and the same input; ' +
      'the operation does not run again. The same key with a different input is 409 CONFLICT; a request that arrives while the first one runs waits for its answer (409 if that takes longer than 15 s). ' +
      `A failure is not stored: retrying runs the operation again. Keys are per Site and operation; a Site keeps its latest ${IDEMPOTENCY_MAX_KEYS_PER_SITE} keys. ` +
      '1 to 255 visible ASCII characters (anything else is a 400); a UUID is a good choice.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY.source },
    example: 'b3c1e2f4-5a6d-4e7f-8a9b-0c1d2e3f4a5b',
  },
  Range: {
    name: 'Range',
    in: 'header',
    required: false,
    description:
      'One byte range, `bytes=first-last`, `bytes=first-` or `bytes=-suffixLength`: answered 206. Several ranges, or one that cannot be satisfied, are ignored (200).',
    schema: { type: 'string', maxLength: 40, pattern: '^bytes=[0-9]{0,15}-[0-9]{0,15}$' },
    example: 'bytes=0-1023',
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description:
      'The ETag of a copy the client holds, a comma-separated list of them, or `*`: answered 304 without a body when one matches (weak comparison: a `W/` prefix is ignored), ' +
      'also when the request carries Cache-Control: no-cache or Pragma: no-cache. A value with no matching tag is answered as without the header (never a 400).',
    schema: { type: 'string', maxLength: 1000, pattern: '^(\\*|(W/)?"[!#-~]*"( *, *(W/)?"[!#-~]*")*)$' },
    example: '"9f86d081884c7d659a2feaa0c55ad015"',
  },
};

/** Headers on every answer, whatever its status. */
const EVERY_ANSWER = ['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** A header by its name, or a header and the component that describes it (when several share a name). */
type HeaderOf = string | [name: string, component: string];

function headers(...names: HeaderOf[]): Record<string, unknown> {
  return Object.fromEntries(
    [...EVERY_ANSWER, ...names].map((header) => (typeof header === 'string' ? [header, ref('headers', header)] : [header[0], ref('headers', header[1])])),
  );
}

/** The validator headers of a conditional route's 200 and 304 (pipeline/steps/conditional.ts). */
const REVALIDATION: HeaderOf[] = ['ETag', ['Cache-Control', 'CacheControlRevalidate']];

function exampleOf(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  return (z.globalRegistry.get(schema) as { examples?: unknown[] } | undefined)?.examples?.[0];
}

const pascal = (code: string) => code.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _sep: string, c: string) => c.toUpperCase());

/**
 * Error answers, shared: an answer that is the same on several operations (status, codes and their
 * conditions) is one entry of components.responses, named after its codes (e.g. ScopeDeniedOrWrongAudience).
 * One that an operation words its own way stays inline.
 */
class ErrorResponses {
  readonly components: Record<string, unknown> = {};

  /** The error answers of an operation: one per status, listing the codes it can carry, with an example of each. */
  of(codes: ErrorCode[], notes: Partial<Record<ErrorCode, string>> = {}): Record<string, unknown> {
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of codes) {
      const status = ERROR_CODES[code].http;
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    const responses: Record<string, unknown> = {};
    for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
      const own = list.some((code) => notes[code] !== undefined);
      const condition = (code: ErrorCode) => notes[code] ?? CONDITIONS[code];
      const response = {
        description: list.map((code) => `${code}: ${condition(code)}`).join(' '),
        headers: headers(...(status === 429 ? ['Retry-After'] : [])),
        content: {
          'application/json': {
            schema: {
              // ErrorEnvelope, with `code` narrowed to this answer's codes (`message: {}` only names the
              // property, so that a validator that closes objects still admits it).
              allOf: [
                ref('schemas', 'ErrorEnvelope'),
                { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: list }, message: {} } } } },
              ],
            },
            examples: Object.fromEntries(
              list.map((code) => [code, { summary: condition(code), value: { error: { code, message: ERROR_CODES[code].message } } }]),
            ),
          },
        },
      };
      if (own) {
        responses[status] = response;
      } else {
        const name = list.map(pascal).join('Or');
        this.components[name] ??= response;
        responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
    return responses;
  }
}

function objectParameters(converter: SchemaConverter, schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = converter.convert(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as { description?: string };
    return {
      name,
      in: location,
      required: location === 'path' || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function routeOperation(converter: SchemaConverter, errors: ErrorResponses, route: AnyRoute) {
  const example = route.response.example ?? exampleOf(route.response.schema);
  const validators = route.conditional ? REVALIDATION : [];
  const bodyExample = route.bodyExample ?? exampleOf(route.body);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: route.auth === 'credential' ? [{ credential: [] }] : [],
    ...(route.auth === 'credential' ? { 'x-required-scope': route.scope } : {}),
    ...(route.capability ? { 'x-capability': route.capability } : {}),
    parameters: [
      ...objectParameters(converter, route.params, 'path'),
      ...objectParameters(converter, route.query, 'query'),
      ...(route.idempotent ? [ref('parameters', 'IdempotencyKey')] : []),
      ...(route.conditional ? [ref('parameters', 'IfNoneMatch')] : []),
      ref('parameters', 'RequestId'),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: !route.body.safeParse(undefined).success,
            content: {
              'application/json': { schema: converter.convert(route.body, 'input'), ...(bodyExample === undefined ? {} : { example: bodyExample }) },
            },
          },
        }
      : {}),
    responses: {
      [route.response.status]: {
        description: route.response.description,
        headers: headers(...(route.idempotent ? ['Idempotent-Replayed'] : []), ...validators),
        content: {
          'application/json': { schema: converter.convert(route.response.schema, 'output'), ...(example === undefined ? {} : { example }) },
        },
      },
      ...(route.conditional
        ? {
            304: {
              description:
                "Not modified: If-None-Match matched the answer's ETag. No body. Checked like any request (429, 400, 401 and 403 come first, QUOTA_EXHAUSTED included) " +
                "and counted by the rate limit, but never charged against the plan's quota.",
              headers: headers(...validators),
            },
          }
        : {}),
      ...errors.of(errorCodesOf(route), route.errorNotes),
    },
  };
}

const MEDIA_EXAMPLE_FOLDERS = ['covers', '2026', '03'];

/**
 * GET /media/generated/{folder1}/…/{name}: proxied to the media service, so described here rather
 * than declared; one operation per number of segments of the key (mediaRouteDoc.shapes).
 */
function mediaOperation(errors: ErrorResponses, shape: (typeof mediaRouteDoc.shapes)[number]) {
  const image = { 'image/*': { schema: { description: 'The bytes of the object (Content-Type as stored).' } } };
  const count = shape.segments.length;
  const segment = { type: 'string', minLength: 1, maxLength: MAX_MEDIA_KEY_LENGTH, pattern: MEDIA_KEY_SEGMENT.source };
  return {
    operationId: shape.operationId,
    summary: `${mediaRouteDoc.summary} (a key of ${count} segment${count > 1 ? 's' : ''})`,
    description:
      `${mediaRouteDoc.description} The object's key is the path after ${MEDIA_PATH_PREFIX}, as an article's imageKey gives it (its imageUrl is this ` +
      `whole path): 1 to ${MAX_MEDIA_KEY_SEGMENTS} segments of letters, digits and . _ - separated by single slashes, none starting with a dot, ` +
      `at most ${MAX_MEDIA_KEY_LENGTH} characters in all; this path is for keys of ${count} segment${count > 1 ? 's' : ''}. The slashes are sent as ` +
      'they are; a percent-encoded character (such as %2F) makes the key invalid (400).',
    tags: [mediaRouteDoc.tag],
    security: [],
    parameters: [
      ...shape.segments.map((name, i) => ({
        name,
        in: 'path',
        required: true,
        description: i < count - 1 ? `Segment ${i + 1} of the object's key (a folder).` : "The last segment of the object's key.",
        schema: segment,
        example: i < count - 1 ? MEDIA_EXAMPLE_FOLDERS[i] : 'robots.png',
      })),
      ref('parameters', 'Range'),
      ref('parameters', 'IfNoneMatch'),
      ref('parameters', 'RequestId'),
    ],
    responses: {
      200: { description: 'The whole object.', headers: headers('ETag', 'Cache-Control', 'Accept-Ranges'), content: image },
      206: {
        description: 'The requested byte range of the object.',
        headers: headers('ETag', 'Cache-Control', 'Accept-Ranges', 'Content-Range'),
        content: image,
      },
      304: { description: 'Not modified: If-None-Match matched the ETag. No body.', headers: headers('ETag', 'Cache-Control', 'Accept-Ranges') },
      ...errors.of(mediaRouteDoc.errors, mediaRouteDoc.errorNotes),
    },
  };
}

/** The version of the public API's description (info.version). */
export const PUBLIC_API_VERSION = '1.0.0';

export function buildOpenApi(routes: AnyRoute[], info: { version: string }) {
  const converter = new SchemaConverter();
  const errors = new ErrorResponses();
  converter.convert(ErrorEnvelope, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = routeOperation(converter, errors, route);
  }
  for (const shape of mediaRouteDoc.shapes) paths[shape.path] = { get: mediaOperation(errors, shape) };
  const tags = [...new Set([...routes.map((r) => r.tag), mediaRouteDoc.tag])].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Content Feed Service Public API',
      version: info.version,
      description:
        'The customer-facing HTTP API v1. Every non-2xx answer is {"error":{"code","message"}}; clients branch on error.code, and each operation lists the codes each status can carry. ' +
        'Order of checks: rate limit (429) → request validity (400) → credential (401) → scope (403 SCOPE_DENIED) → audience (403 WRONG_AUDIENCE) → ' +
        'plan capability (403 CAPABILITY_NOT_ENTITLED) → quota (403 QUOTA_EXHAUSTED). ' +
        'Every answer carries X-Request-Id and, while the security rate limit is enforced, RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a 429 adds Retry-After. ' +
        'Operations that list a 304 answer are conditional: their 200 carries a strong ETag of its content (the same for every Credential of a Site) and Cache-Control: private, no-cache; ' +
        'send the ETag in If-None-Match and an unchanged answer is a 304 without a body, which is never charged against the quota. ' +
        'Request bodies are JSON (Content-Type: application/json) of at most BODY_LIMIT_BYTES (64 KiB by default).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: '/', description: 'The gateway that serves this document, in whichever environment it runs (local, staging or production).', 'x-internal': false },
    ],
    tags,
    paths,
    components: {
      securitySchemes: {
        credential: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cfs_ token',
          description: 'A Credential: Authorization: Bearer cfs_… (58 characters).',
        },
      },
      parameters: PARAMETERS,
      headers: HEADERS,
      responses: errors.components,
      schemas: converter.components,
    },
  };
}
