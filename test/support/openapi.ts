/**
 * Every answer a system test receives is checked against the OpenAPI description the gateway
 * serves (built from the same route table): the status must be documented for the operation and
 * the body must match its schema. So the description cannot drift from the behaviour.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { buildOpenApi, publicRoutes as routes } from '@cfs/gateway';

type Doc = ReturnType<typeof buildOpenApi>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}

const doc: Doc = buildOpenApi(routes, { version: 'test' });
const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its default export arrives wrapped or not depending on the loader.
const addFormats = ((formats as unknown as { default?: unknown }).default ?? formats) as (a: Ajv2020) => void;
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');

const templates = Object.keys(doc.paths).map((template) => ({
  template,
  regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: object): ValidateFunction {
  const known = validators.get(key);
  if (known) return known;
  const compiled = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as object);
  validators.set(key, compiled);
  return compiled;
}

const envelopeSchema = { $ref: 'openapi#/components/schemas/ErrorEnvelope' };

/** Returns a description of the mismatch, or null when the answer is what the description promises. */
export function checkAgainstOpenApi(method: string, path: string, status: number, body: unknown): string | null {
  const pathname = path.split('?')[0]!;
  if (pathname.startsWith('/docs/') || pathname.startsWith('/test/') || status === 304) return null;
  const match = templates.find((t) => t.regex.test(pathname));
  const operation = match ? ((doc.paths as Record<string, Record<string, Operation>>)[match.template]![method.toLowerCase()] as Operation | undefined) : undefined;
  if (!operation) {
    if (pathname.startsWith('/media/generated/') && status < 300) return null;
    // Webhook routes are not part of the public API (design 5b): absent from the description on purpose.
    if (pathname.startsWith('/webhooks/') && status < 300) return null;
    if (status < 400) return `${method} ${pathname} answered ${status} but is not in the description`;
    const v = validatorFor('envelope', envelopeSchema);
    return v(body) ? null : `${method} ${pathname} ${status}: not the envelope: ${ajv.errorsText(v.errors)}`;
  }
  const response = operation.responses[String(status)];
  if (!response) return `${method} ${match!.template} answered ${status}, which the description does not list (${Object.keys(operation.responses).join(', ')})`;
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return null;
  const v = validatorFor(`${method} ${match!.template} ${status}`, schema);
  return v(body) ? null : `${method} ${match!.template} ${status}: body does not match the description: ${ajv.errorsText(v.errors)}`;
}
