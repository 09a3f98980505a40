/**
 * The building blocks that more than one route group's schemas use (each group's own schemas are
 * beside it: routes/*-schemas.ts). The same zod schemas validate requests, shape answers and generate
 * the OpenAPI description, so the document cannot drift from the behaviour. Field names are
 * camelCase; times are RFC 3339 UTC strings. Every string has a maximum length and every list a
 * maximum size: the limits the services apply to what they store (@cfs/common/rules), so an answer
 * never exceeds them, and a client can size its buffers and columns from the description.
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@cfs/common/errors';
import { MAX_MEDIA_KEY_LENGTH, MAX_MEDIA_KEY_SEGMENTS, MEDIA_KEY_SEGMENT } from '@cfs/common/media-keys';
import * as rules from '@cfs/common/rules';
import { CUSTOMER_SCOPES } from '@cfs/common/scopes';

/** RFC 3339 UTC times as the services write them (toISOString: 24 characters). */
export const timestamp = z.iso.datetime({ offset: true }).max(64);

/** Ids the services mint: a prefix, `_` and 26 base32 characters (see @cfs/common/ids). */
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const id = z.string().min(1).max(64).regex(ID_PATTERN);

/** A path parameter naming a resource id: anything else simply matches no resource. */
export const resourceId = z.string().min(1).max(64).regex(ID_PATTERN, 'must be an id');

/** Text a person typed, in an answer: the services refuse control characters in it (rules.text). */
export const plainText = (max: number) => z.string().max(max).regex(rules.NO_CONTROL_CHARACTERS);

/**
 * Text fields of request bodies: the shared rules refuse control characters (after trimming), which
 * the description states as a pattern, so a client can check before sending.
 */
export const typed = <T extends z.ZodType>(schema: T) => schema.meta({ pattern: rules.NO_CONTROL_CHARACTERS.source });

/** A plan id of the catalog (rules.planId: at most 63 characters). */
export const planId = rules.planId.max(63);

/** A category key of the taxonomy (rules.categoryKey: at most 64 characters). */
export const categoryKey = rules.categoryKey.max(64);

/** The key of a generated media object: what @cfs/common/media-keys accepts, as a regular expression. */
export const MEDIA_KEY_PATTERN = new RegExp(
  `^${MEDIA_KEY_SEGMENT.source.slice(1, -1)}(\\/${MEDIA_KEY_SEGMENT.source.slice(1, -1)}){0,${MAX_MEDIA_KEY_SEGMENTS - 1}}$`,
);
export const mediaKey = z.string().min(1).max(MAX_MEDIA_KEY_LENGTH).regex(MEDIA_KEY_PATTERN);

/** A count that cannot be negative (quota units, usage). */
export const count = z.number().int().min(0);

export const Scope = z.enum(CUSTOMER_SCOPES).meta({ id: 'Scope', description: 'A customer scope.' });

// Example values shared by the examples of the groups (they must stay valid against the schemas:
// the OpenAPI test validates every example).
export const EX = {
  customerId: 'cus_01jd3k5q8r9s0t1v2w3x4y5z6a',
  siteId: 'site_01jd3k5q8r9s0t1v2w3x4y5z6b',
  credentialId: 'cred_01jd3k6a7b8c9d0e1f2g3h4j5k',
  subscriptionId: 'bsub_01jd3m0a1b2c3d4e5f6g7h8j9k',
  secret: 'cfs_0AbCdEfGhIjKlMnOpQrStUvWxYz1aBcDeFgHiJkLmNoPqRsTuVwXyZ',
  connectionCode: 'cfc_7Hq2Lm9XwR4tZb8KcN3vYp6sDf1GjA5e',
  created: '2026-01-15T09:30:00.000Z',
  updated: '2026-02-01T12:00:00.000Z',
} as const;

/** Every code of the error table (docs/api.md#errors), UNAUTHORIZED (reserved, never answered) included. */
export const ALL_ERROR_CODES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(ALL_ERROR_CODES).meta({
        description:
          'Stable machine-readable code; clients branch on it. Each operation lists the codes it can answer with, per status. UNAUTHORIZED is reserved: no endpoint answers it.',
      }),
      message: z.string().min(1).max(1000).meta({ description: 'Human-readable and safe to log. Not meant to be parsed: it may change.' }),
    }),
  })
  .meta({
    id: 'ErrorEnvelope',
    description: 'The body of every non-2xx answer.',
    examples: [{ error: { code: 'NOT_FOUND', message: ERROR_CODES.NOT_FOUND.message } }],
  });
