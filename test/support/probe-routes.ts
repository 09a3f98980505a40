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
