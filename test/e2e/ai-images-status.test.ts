/**
 * GET /api/v1/ai-images on a database where no operator ever set the status: the answer has no
 * `updatedAt` (it used to say 1970-01-01); once the operator sets one, `updatedAt` is when. A
 * database of its own, as the status is platform-wide and other files set it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { request } from '../support/http.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pro: Owner;

beforeAll(async () => {
  database = await createTestDatabase('ai_images_status');
  system = await startSystem({ databaseUrl: database.url, redisPrefix: `${inject('redisPrefix')}ai-images-status:` });
  pro = await createCustomer(system, '--plan', 'pro');
}, 60_000);
afterAll(async () => {
  await system?.stop();
  await database?.drop();
});

describe('the AI image status before and after an operator sets it', () => {
  it('answers no updatedAt while no operator has set the status, then when the operator set it', async () => {
    const before = await request(system.baseUrl, 'GET', '/api/v1/ai-images', { token: pro.credential.secret });
    expect(before.status).toBe(200);
    // No AI provider in this system: paused, and that is not an operator's doing.
    expect(before.body).toMatchObject({ status: 'paused', reason: 'No AI provider is configured.' });
    expect(before.body).not.toHaveProperty('updatedAt');

    const set = (await system.admin('ai-images', 'set-status', '--status', 'degraded')) as { updatedAt: string };
    const after = await request(system.baseUrl, 'GET', '/api/v1/ai-images', { token: pro.credential.secret });
    expect(after.body).toMatchObject({ updatedAt: set.updatedAt });
    expect(Math.abs(Date.parse(set.updatedAt) - Date.now())).toBeLessThan(60_000);
  });
});
