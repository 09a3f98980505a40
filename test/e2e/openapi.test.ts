import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
beforeAll(async () => {
  system = await startSystem();
});
afterAll(async () => {
  await system?.stop();
});

describe('GET /docs/public.json', () => {
  it('is an OpenAPI 3.1 document of the customer-facing routes that exist, and nothing internal', async () => {
    const res = await request(system.baseUrl, 'GET', '/docs/public.json');
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/account',
      '/api/v1/account/sites',
      '/api/v1/account/sites/{siteId}',
      '/api/v1/account/sites/{siteId}/connection-codes',
      '/api/v1/account/sites/{siteId}/credentials',
      '/api/v1/account/sites/{siteId}/credentials/{credentialId}/revoke',
      '/api/v1/account/sites/{siteId}/entitlements',
      '/api/v1/ai-images',
      '/api/v1/ai-usage',
      '/api/v1/billing/checkout',
      '/api/v1/billing/subscription',
      '/api/v1/billing/subscription/cancel',
      '/api/v1/feed',
      '/api/v1/me',
      '/api/v1/seo-profile',
      '/api/v1/subscriptions',
      '/api/v1/taxonomy',
      '/connect/cms/redeem',
    ]);
    const me = doc.paths['/api/v1/me']!.get!;
    expect(me.security).toEqual([{ credential: [] }]);
    expect(Object.keys(me.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429', '500', '503']));
    expect(JSON.stringify(doc)).not.toMatch(/Admin|CreateCustomer|SetSitePlan|ResolveSite|Authenticate/);
  });
});
