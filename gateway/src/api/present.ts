/** gRPC messages → public payloads (only documented fields ever leave the gateway). */
import type { Customer__Output } from '@cfs/protos/generated/cfs/account/v1/Customer.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import type { z } from 'zod';
import type { Credential, Customer, Site } from '../schemas/account-schemas.ts';

export function presentCustomer(c: Customer__Output): z.input<typeof Customer> {
  return { id: c.id, name: c.name, email: c.email, createdAt: c.createdAt, updatedAt: c.updatedAt };
}

export function presentSite(s: Site__Output): z.input<typeof Site> {
  return { id: s.id, name: s.name, url: s.url, plan: s.plan, createdAt: s.createdAt, updatedAt: s.updatedAt };
}

export function presentCredential(c: Credential__Output): z.input<typeof Credential> {
  return {
    id: c.id,
    name: c.name,
    scopes: c.scopes as z.input<typeof Credential>['scopes'],
    audience: c.audience,
    expiresAt: c.expiresAt ?? null,
    revokedAt: c.revokedAt ?? null,
    createdAt: c.createdAt,
  };
}
