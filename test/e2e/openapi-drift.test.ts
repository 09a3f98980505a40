/** The drift check used on every answer of the system tests really catches drift. */
import { describe, expect, it } from 'vitest';
import { checkAgainstOpenApi } from '../support/openapi.ts';

const me = {
  customer: { id: 'cus_1', name: 'A', email: 'a@example.com', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
  site: { id: 's', name: 'S', url: '', plan: 'free', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
  credential: { id: 'c', name: 'n', scopes: ['account.read'], audience: 'content-feed', expiresAt: null, revokedAt: null, createdAt: '2026-01-01T00:00:00.000Z' },
};

describe('the OpenAPI drift check', () => {
  it('accepts a documented answer', () => {
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 200, me)).toBeNull();
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 401, { error: { code: 'UNAUTHENTICATED', message: 'm' } })).toBeNull();
    expect(checkAgainstOpenApi('GET', '/nope', 404, { error: { code: 'NOT_FOUND', message: 'm' } })).toBeNull();
  });

  it('catches a body that does not match, an undocumented status and a bad envelope', () => {
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 200, { ...me, customer: undefined })).toMatch(/does not match/);
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 200, { ...me, credential: { ...me.credential, secret: 'x' } })).toMatch(/does not match/);
    expect(checkAgainstOpenApi('GET', '/api/v1/me', 409, { error: { code: 'CONFLICT', message: 'm' } })).toMatch(/does not list/);
    expect(checkAgainstOpenApi('GET', '/nope', 404, { error: { code: 'NOT_FOUND' } })).toMatch(/envelope/);
    expect(checkAgainstOpenApi('GET', '/api/v1/account/sites/site_1', 200, { id: 's' })).toMatch(/does not match/);
  });
});
