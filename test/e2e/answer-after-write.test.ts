/**
 * An answer that fails its own schema (a gateway defect) after the route's service call committed:
 * the client gets 500 INTERNAL_ERROR, and on a write route the message never says that nothing
 * happened or that retrying is safe (the change was made; a blind retry may make it twice). On a
 * read the usual message stands: nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@cfs/common/errors';
import { createCustomer } from '../support/customers.ts';
import { expectError, request } from '../support/http.ts';
import { readWithBadAnswer, renameWithBadAnswer } from '../support/probe-routes.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;

beforeAll(async () => {
  system = await startSystem({ extraRoutes: [renameWithBadAnswer, readWithBadAnswer] });
}, 60_000);
afterAll(async () => {
  await system?.stop();
});

/** Words that tell a client nothing happened or that it may simply send the request again. */
const CLAIMS_NOTHING_HAPPENED = /retry(ing)? (after a short delay )?is safe|nothing (has )?changed|rolled back/i;

describe('an answer that fails its schema after the service call', () => {
  it('on a write route: 500 whose message says the change may have been made, and it was', async () => {
    const owner = await createCustomer(system);
    const res = await request(system.baseUrl, 'POST', '/test/rename-bad-answer', {
      token: owner.credential.secret,
      body: { name: 'Renamed Media', email: owner.customer.email },
    });
    expectError(res, 500, 'INTERNAL_ERROR');
    const { message } = (res.body as { error: { message: string } }).error;
    expect(message).not.toMatch(CLAIMS_NOTHING_HAPPENED);
    expect(message).toMatch(/may have been (made|carried out)/i);
    const account = await request(system.baseUrl, 'GET', '/api/v1/account', { token: owner.credential.secret });
    expect((account.body as { name: string }).name).toBe('Renamed Media');
  });

  it('on a read: the usual 500, retrying is safe', async () => {
    const owner = await createCustomer(system);
    const res = await request(system.baseUrl, 'GET', '/test/read-bad-answer', { token: owner.credential.secret });
    expectError(res, 500, 'INTERNAL_ERROR');
    expect((res.body as { error: { message: string } }).error.message).toBe(ERROR_CODES.INTERNAL_ERROR.message);
  });
});
