/**
 * Every answer a system test receives is checked against the OpenAPI description the gateway
 * serves (built from the same route table): the status must be documented for the operation and
 * the body must match its schema (for error answers: the envelope, with a code that status of that
 * operation lists). So the description cannot drift from the behaviour. The OpenAPI test also
 * checks the headers of real answers (checkHeadersAgainstOpenApi) and every example of the
 * description (exampleProblems) against the schemas.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { OpenAPIRouter, type Document } from 'openapi-backend';
import { buildOpenApi, publicRoutes as routes } from '@cfs/gateway';

type Doc = ReturnType<typeof buildOpenApi>;
type Json = Record<string, unknown>;
interface MediaType {
  schema?: object;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Response {
  $ref?: string;
  headers?: Record<string, Json>;
  content?: Record<string, MediaType>;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  schema: Json;
  example?: unknown;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Response>;
}

const doc: Doc = buildOpenApi(routes, { version: 'test' });
const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its default export arrives wrapped or not depending on the loader.
const addFormats = ((formats as unknown as { default?: unknown }).default ?? formats) as (a: Ajv2020) => void;
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');

/** The object a local `$ref` (#/components/...) points at in `document`. */
function resolve<T>(document: object, value: T): T {
  const target = (value as { $ref?: unknown } | undefined)?.$ref;
  if (typeof target !== 'string' || !target.startsWith('#/')) return value;
  let node: unknown = document;
  for (const part of target.slice(2).split('/')) node = (node as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return resolve(document, node as T);
}

const paths = doc.paths as Record<string, Record<string, Operation>>;

/**
 * Requests are matched to paths as a standard tool matches them (openapi-backend's router: a path
 * parameter is one segment, OpenAPI 3.1 Path Templating), so a path the description gets wrong
 * for real URLs fails here rather than in a client's validating proxy.
 */
const router = new OpenAPIRouter({ definition: doc as unknown as Document, ignoreTrailingSlashes: false });
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: object): ValidateFunction {
  const known = validators.get(key);
  if (known) return known;
  const compiled = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as object);
  validators.set(key, compiled);
  return compiled;
}

const envelopeSchema = { $ref: 'openapi#/components/schemas/ErrorEnvelope' };

/** The operation and the documented answer for a request, or why there is none. */
function lookup(method: string, pathname: string, status: number) {
  const matched = router.matchOperation({ method, path: pathname, headers: {} });
  const match = matched && { template: matched.path };
  const operation = match ? paths[match.template]![method.toLowerCase()] : undefined;
  if (!match || !operation) return { match, operation };
  const response = operation.responses[String(status)];
  return { match, operation, response: response && resolve(doc, response) };
}

/** Returns a description of the mismatch, or null when the answer is what the description promises. */
export function checkAgainstOpenApi(method: string, path: string, status: number, body: unknown): string | null {
  const pathname = path.split('?')[0]!;
  if (pathname.startsWith('/docs/') || pathname.startsWith('/test/')) return null;
  const { match, operation, response } = lookup(method, pathname, status);
  if (!operation) {
    // Webhook routes are not part of the public API: absent from the description on purpose.
    if ((pathname.startsWith('/webhooks/') || pathname.startsWith('/websub/')) && status < 300) return null;
    if (status < 400) return `${method} ${pathname} answered ${status} but is not in the description`;
    const v = validatorFor('envelope', envelopeSchema);
    return v(body) ? null : `${method} ${pathname} ${status}: not the envelope: ${ajv.errorsText(v.errors)}`;
  }
  if (!response) return `${method} ${match!.template} answered ${status}, which the description does not list (${Object.keys(operation.responses).join(', ')})`;
  // Media answers are the object's bytes (or nothing, for 304): no JSON to check.
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return null;
  const v = validatorFor(`${method} ${match!.template} ${status}`, schema);
  return v(body) ? null : `${method} ${match!.template} ${status}: body does not match the description: ${ajv.errorsText(v.errors)}`;
}

/**
 * Checks the headers of an answer against the headers its response declares: every required one is
 * there, and every declared one that is there has a value its schema admits (numbers are parsed).
 */
export function checkHeadersAgainstOpenApi(method: string, path: string, status: number, headers: Headers): string | null {
  const pathname = path.split('?')[0]!;
  const { match, response } = lookup(method, pathname, status);
  if (!response) return `${method} ${pathname} ${status}: no documented answer`;
  const problems: string[] = [];
  for (const [name, declared] of Object.entries(response.headers ?? {})) {
    const header = resolve(doc, declared) as { required?: boolean; schema: Json };
    const value = headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`${name} is missing`);
      continue;
    }
    const typed = header.schema.type === 'integer' && /^-?[0-9]+$/.test(value) ? Number(value) : value;
    const v = validatorFor(`header ${match!.template} ${status} ${name}`, header.schema);
    if (!v(typed)) problems.push(`${name}: ${JSON.stringify(value)} ${ajv.errorsText(v.errors)}`);
  }
  return problems.length ? `${method} ${match!.template} ${status}: ${problems.join('; ')}` : null;
}

/**
 * Every example of a description that does not match its schema: the `examples` of schemas, the
 * `example`/`examples` of request bodies and answers, and the `example` of parameters and headers.
 */
export function exampleProblems(document: { paths: object; components: object }): string[] {
  const check = new Ajv2020({ strict: false, allErrors: true });
  addFormats(check);
  check.addSchema({ $id: 'doc', components: document.components }, 'doc');
  const problems: string[] = [];
  const validate = (where: string, schema: object, value: unknown) => {
    const v = check.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object);
    if (!v(value)) problems.push(`${where}: ${check.errorsText(v.errors)}`);
  };
  const mediaTypes = (where: string, content: Record<string, MediaType> | undefined) => {
    for (const [type, media] of Object.entries(content ?? {})) {
      if (!media.schema) continue;
      if (media.example !== undefined) validate(`${where} ${type} example`, media.schema, media.example);
      for (const [name, example] of Object.entries(media.examples ?? {}))
        validate(`${where} ${type} examples.${name}`, media.schema, resolve(document, example).value);
    }
  };
  const components = document.components as { schemas?: Record<string, Json>; parameters?: Record<string, Parameter>; headers?: Record<string, Json> };
  // Schema examples, at any depth (but not a property that happens to be called "examples").
  const walk = (where: string, node: unknown, parentKey?: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n, i) => walk(`${where}/${i}`, n));
    const schema = node as Json;
    if (parentKey !== 'properties' && Array.isArray(schema.examples)) {
      schema.examples.forEach((example, i) => validate(`${where} examples[${i}]`, schema, example));
    }
    for (const [key, value] of Object.entries(schema)) if (key !== 'examples') walk(`${where}/${key}`, value, key);
  };
  walk('#/components/schemas', components.schemas ?? {});
  for (const [name, parameter] of Object.entries(components.parameters ?? {})) {
    if (parameter.example !== undefined) validate(`#/components/parameters/${name} example`, parameter.schema, parameter.example);
  }
  for (const [name, header] of Object.entries(components.headers ?? {})) {
    if (header.example !== undefined) validate(`#/components/headers/${name} example`, header.schema as object, header.example);
  }
  for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${template}`;
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.$ref && parameter.example !== undefined) validate(`${where} parameter ${parameter.name} example`, parameter.schema, parameter.example);
      }
      mediaTypes(`${where} request body`, operation.requestBody?.content);
      for (const [status, response] of Object.entries(operation.responses)) mediaTypes(`${where} ${status}`, resolve(document, response).content);
    }
  }
  return problems;
}
