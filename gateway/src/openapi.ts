/**
 * The OpenAPI 3.1 description served at /docs/public.json, generated from the route table and
 * the same zod schemas that validate requests. It lists only customer-facing routes that exist.
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@cfs/common/errors';
import type { AnyRoute } from './route.ts';
import { ErrorEnvelope } from './schemas.ts';

type JsonSchema = Record<string, unknown>;

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
      return out;
    }
    return value;
  }
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

/** The error codes a route can answer with, in pipeline order. */
export function errorCodesOf(route: AnyRoute): ErrorCode[] {
  const codes: ErrorCode[] = ['RATE_LIMITED'];
  if (route.params || route.query || route.body) codes.push('MALFORMED_REQUEST');
  if (route.auth === 'credential') codes.push('UNAUTHENTICATED', 'SCOPE_DENIED', 'WRONG_AUDIENCE');
  if (route.capability) codes.push('CAPABILITY_NOT_ENTITLED', 'QUOTA_EXHAUSTED');
  codes.push(...(route.errors ?? []), 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE');
  return [...new Set(codes)];
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

export function buildOpenApi(routes: AnyRoute[], info: { version: string }) {
  const converter = new SchemaConverter();
  converter.convert(ErrorEnvelope, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      [route.response.status]: {
        description: route.response.description,
        content: { 'application/json': { schema: converter.convert(route.response.schema, 'output') } },
      },
    };
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of errorCodesOf(route)) {
      const status = ERROR_CODES[code].http;
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
      responses[status] = {
        description: codes.join(', '),
        ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      security: route.auth === 'credential' ? [{ credential: [] }] : [],
      ...(route.auth === 'credential' ? { 'x-required-scope': route.scope } : {}),
      ...(route.capability ? { 'x-capability': route.capability } : {}),
      parameters: [...objectParameters(converter, route.params, 'path'), ...objectParameters(converter, route.query, 'query')],
      ...(route.body
        ? { requestBody: { required: !route.body.safeParse(undefined).success, content: { 'application/json': { schema: converter.convert(route.body, 'input') } } } }
        : {}),
      responses,
    };
  }
  const tags = [...new Set(routes.map((r) => r.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Content Feed Service Public API',
      version: info.version,
      description:
        'The customer-facing HTTP API v1. Every non-2xx answer is {"error":{"code","message"}}; clients branch on error.code. ' +
        'Order of checks: request validity (400) → credential (401) → scope (403 SCOPE_DENIED) → audience (403 WRONG_AUDIENCE) → ' +
        'plan capability (403 CAPABILITY_NOT_ENTITLED) → quota (403 QUOTA_EXHAUSTED).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The gateway that serves this document.' }],
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
      schemas: converter.components,
    },
  };
}
