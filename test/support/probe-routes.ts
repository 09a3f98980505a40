/** Plan-gated routes for tests of steps 6 and 7: a probe that answers, and one whose service call fails. */
import { z } from 'zod';
import { DomainError } from '@cfs/common/errors';
import { defineRoute } from '@cfs/gateway';

export const probe = defineRoute({
  method: 'GET',
  path: '/test/probe',
  operationId: 'probe',
  summary: 'A feed-gated probe',
  tag: 'Feed',
  auth: 'credential',
  scope: 'feed.read',
  capability: 'feed',
  query: z.object({ n: z.coerce.number().int().min(1).max(9).default(1) }),
  response: { status: 200, description: 'ok', schema: z.object({ ok: z.boolean() }) },
  handle: async () => ({ ok: true }),
});
export const failing = defineRoute({
  method: 'GET',
  path: '/test/failing',
  operationId: 'failing',
  summary: 'A feed-gated route whose service call fails',
  tag: 'Feed',
  auth: 'credential',
  scope: 'feed.read',
  capability: 'feed',
  response: { status: 200, description: 'never', schema: z.object({}) },
  handle: async () => {
    throw new DomainError('SERVICE_UNAVAILABLE');
  },
});

/**
 * A write route whose answer fails its own schema after its service call committed: it renames the
 * calling Customer, then answers a name that is not a string (a gateway defect, made on purpose).
 */
export const renameWithBadAnswer = defineRoute({
  method: 'POST',
  path: '/test/rename-bad-answer',
  operationId: 'renameBadAnswer',
  summary: 'Renames the Customer, then answers outside its schema',
  tag: 'Account',
  auth: 'credential',
  scope: 'account.manage',
  body: z.object({ name: z.string(), email: z.string() }),
  response: { status: 200, description: 'never', schema: z.object({ name: z.string() }) },
  handle: async ({ principal, rpc, body }) => {
    await rpc('account', 'UpdateCustomer', { customerId: principal.credential.customerId, ...body });
    return { name: 42 } as never;
  },
});
/** The same answer defect on a read: nothing was changed, so a retry is safe. */
export const readWithBadAnswer = defineRoute({
  method: 'GET',
  path: '/test/read-bad-answer',
  operationId: 'readBadAnswer',
  summary: 'Reads the Customer, then answers outside its schema',
  tag: 'Account',
  auth: 'credential',
  scope: 'account.read',
  response: { status: 200, description: 'never', schema: z.object({ name: z.string() }) },
  handle: async ({ principal, rpc }) => {
    await rpc('account', 'GetCustomer', { customerId: principal.credential.customerId });
    return { name: 42 } as never;
  },
});
