import { status } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { codeForGrpcStatus, EMITTED_ERROR_CODES, ERROR_CODES, envelope } from '../src/errors.ts';

describe('the error vocabulary', () => {
  it('has every public code with its HTTP status (docs/api.md#errors)', () => {
    expect(Object.fromEntries(Object.entries(ERROR_CODES).map(([code, v]) => [code, v.http]))).toEqual({
      MALFORMED_REQUEST: 400,
      UNAUTHENTICATED: 401,
      UNAUTHORIZED: 403,
      CAPABILITY_NOT_ENTITLED: 403,
      QUOTA_EXHAUSTED: 403,
      SCOPE_DENIED: 403,
      WRONG_AUDIENCE: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      RATE_LIMITED: 429,
      INTERNAL_ERROR: 500,
      SERVICE_UNAVAILABLE: 503,
    });
  });

  it('keeps UNAUTHORIZED reserved: never among the emitted codes', () => {
    expect(EMITTED_ERROR_CODES).not.toContain('UNAUTHORIZED');
    expect(EMITTED_ERROR_CODES).toHaveLength(11);
  });

  it('maps gRPC statuses as docs/architecture.md#errors says', () => {
    expect(codeForGrpcStatus(status.INVALID_ARGUMENT)).toBe('MALFORMED_REQUEST');
    expect(codeForGrpcStatus(status.NOT_FOUND)).toBe('NOT_FOUND');
    expect(codeForGrpcStatus(status.FAILED_PRECONDITION)).toBe('CONFLICT');
    expect(codeForGrpcStatus(status.ALREADY_EXISTS)).toBe('CONFLICT');
    expect(codeForGrpcStatus(status.UNAVAILABLE)).toBe('SERVICE_UNAVAILABLE');
    expect(codeForGrpcStatus(status.DEADLINE_EXCEEDED)).toBe('SERVICE_UNAVAILABLE');
    expect(codeForGrpcStatus(status.UNKNOWN)).toBe('INTERNAL_ERROR');
    expect(codeForGrpcStatus(status.INTERNAL)).toBe('INTERNAL_ERROR');
    expect(codeForGrpcStatus(status.PERMISSION_DENIED)).toBe('INTERNAL_ERROR');
  });

  it('builds the envelope with exactly code and message', () => {
    expect(envelope('NOT_FOUND')).toEqual({ error: { code: 'NOT_FOUND', message: 'The resource was not found.' } });
  });
});
