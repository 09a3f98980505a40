/**
 * Public payload schemas (zod). The same schemas validate requests, shape responses and generate
 * the OpenAPI description, so the document cannot drift from the behaviour. Field names are
 * camelCase; times are RFC 3339 UTC strings.
 */
import { z } from 'zod';
import { CUSTOMER_SCOPES } from '@cfs/common/scopes';

const timestamp = z.iso.datetime({ offset: true });

/** A path parameter naming a resource id: anything else simply matches no resource. */
export const resourceId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable machine-readable code; clients branch on it.' }),
      message: z.string().meta({ description: 'Human-readable and safe to log.' }),
    }),
  })
  .meta({ id: 'ErrorEnvelope', description: 'The body of every non-2xx answer.' });

export const Scope = z.enum(CUSTOMER_SCOPES).meta({ id: 'Scope', description: 'A customer scope.' });

export const Customer = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Customer' });

export const Site = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string().meta({ description: 'Public address of the Site; empty until set.' }),
    plan: z.string().meta({ description: 'Id of the Plan of the Site.' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Site' });

export const Credential = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(Scope),
    audience: z.string().meta({ description: 'The product the Credential is issued for, e.g. content-feed.' }),
    expiresAt: timestamp.nullable(),
    revokedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Credential', description: 'A Credential as every read shows it: never with its secret.' });

export const Me = z
  .object({ customer: Customer, site: Site, credential: Credential })
  .meta({ id: 'Me', description: 'The Customer, Site and Credential behind the calling Credential.' });
