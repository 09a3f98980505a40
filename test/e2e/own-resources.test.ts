/**
 * Hostile but well-formed input on the caller's own resources: control characters, maximum
 * lengths, unicode edge cases and deeply nested JSON are a 400 (or accepted), never a 500; and the
 * operator CLI refuses exactly what the API refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let owner: Owner;
const api = (method: string, path: string, body?: unknown) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  system = await startSystem();
  owner = await createCustomer(system, '--plan', 'pro');
});
afterAll(async () => {
  await system?.stop();
});

const CONTROL = ['\u0000', '\u0001', '\n', '\u001b', '\u007f'];
const seo = { siteName: 'Site', locale: 'en', keywords: ['news'], tone: 'neutral', topics: ['tech'] };

describe('control characters in text fields are 400 MALFORMED_REQUEST, and nothing changes', () => {
  it('in the account, a Site, a Credential and the SEO profile', async () => {
    const site = `/api/v1/account/sites/${owner.site.id}`;
    for (const c of CONTROL) {
      const bad = `bad${c}name`;
      expectError(await api('PUT', '/api/v1/account', { name: bad, email: 'x@example.com' }), 400, 'MALFORMED_REQUEST');
      expectError(await api('POST', '/api/v1/account/sites', { name: bad, url: 'https://ok.example.com' }), 400, 'MALFORMED_REQUEST');
      expectError(await api('PUT', site, { name: 'Fine', url: `https://ok.example.com/a${c}b` }), 400, 'MALFORMED_REQUEST');
      expectError(await api('POST', `${site}/credentials`, { name: bad, scopes: ['feed.read'] }), 400, 'MALFORMED_REQUEST');
      expectError(await api('PUT', '/api/v1/seo-profile', { ...seo, keywords: [bad] }), 400, 'MALFORMED_REQUEST');
      expectError(await api('PUT', '/api/v1/seo-profile', { ...seo, tone: bad }), 400, 'MALFORMED_REQUEST');
    }
    expect((await api('GET', '/api/v1/account')).body).toMatchObject({ name: owner.customer.name });
    expectError(await api('GET', '/api/v1/seo-profile'), 404, 'NOT_FOUND');
  });
});

describe('lengths and unicode at the edges', () => {
  it('accepts exactly the maximum and unicode names, refuses one more character', async () => {
    const site = `/api/v1/account/sites/${owner.site.id}`;
    expect((await api('PUT', site, { name: 'n'.repeat(200), url: 'https://edge.example.com' })).status).toBe(200);
    expectError(await api('PUT', site, { name: 'n'.repeat(201), url: 'https://edge.example.com' }), 400, 'MALFORMED_REQUEST');
    const unicode = 'Café 名前 🚀 e\u0301 \u200d';
    const renamed = await api('PUT', site, { name: unicode, url: 'https://edge.example.com' });
    expect(renamed.status).toBe(200);
    expect((renamed.body as { name: string }).name).toBe(unicode.trim());
    expect((await api('PUT', '/api/v1/seo-profile', { ...seo, keywords: Array(50).fill('k'.repeat(100)) })).status).toBe(200);
    expectError(await api('PUT', '/api/v1/seo-profile', { ...seo, keywords: Array(51).fill('k') }), 400, 'MALFORMED_REQUEST');
  });

  it('answers deeply nested JSON with 400, not a 500', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const answer = await request(system.baseUrl, 'PUT', '/api/v1/seo-profile', {
      token: owner.credential.secret,
      rawBody: `{"siteName":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expectError(answer, 400, 'MALFORMED_REQUEST');
  });
});

describe('the operator CLI and the API accept the same input', () => {
  const refusedByBoth = [
    { email: 'not-an-email', why: 'an e-mail without @' },
    { email: 'a@b', why: 'an e-mail without a domain' },
    { email: 'nul\u0000@example.com', why: 'a control character' },
  ];

  it.each(refusedByBoth)('refuses $why', async ({ email }) => {
    expectError(await api('PUT', '/api/v1/account', { name: 'Name', email }), 400, 'MALFORMED_REQUEST');
    await expect(system.admin('customer', 'create', '--name', 'Name', '--email', email)).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  });

  it('refuses a site URL that is not absolute http(s), and a name with a control character, on both paths', async () => {
    expectError(await api('POST', '/api/v1/account/sites', { name: 'S', url: 'javascript:alert(1)' }), 400, 'MALFORMED_REQUEST');
    await expect(system.admin('customer', 'create', '--name', 'S', '--email', 's@example.com', '--site-url', 'javascript:alert(1)')).rejects.toMatchObject({
      code: 'MALFORMED_REQUEST',
    });
    expectError(await api('PUT', '/api/v1/account', { name: 'a\u0000', email: 's@example.com' }), 400, 'MALFORMED_REQUEST');
    await expect(system.admin('customer', 'create', '--name', 'a\u0000', '--email', 's@example.com')).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  });

  it('accepts what both accept', async () => {
    expect((await api('PUT', '/api/v1/account', { name: 'Name', email: 'ok@example.com' })).status).toBe(200);
    await expect(
      system.admin('customer', 'create', '--name', 'Name', '--email', 'ok@example.com', '--site-url', 'https://ok.example.com'),
    ).resolves.toMatchObject({ customer: { email: 'ok@example.com' } });
  });
});
