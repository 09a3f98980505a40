/**
 * The public error vocabulary of the API v1 reference and its mapping to HTTP and gRPC (docs/architecture.md#errors).
 * Domain code throws `DomainError`; the gRPC server turns it into a status plus trailing metadata,
 * the gateway turns that back into the HTTP envelope. Nothing else crosses a boundary.
 */
import { status as GrpcStatus } from '@grpc/grpc-js';

export const ERROR_CODES = {
  MALFORMED_REQUEST: { http: 400, grpc: GrpcStatus.INVALID_ARGUMENT, message: 'The request is invalid.' },
  UNAUTHENTICATED: { http: 401, grpc: GrpcStatus.UNAUTHENTICATED, message: 'A valid credential is required.' },
  /** Reserved (docs/api.md#errors): part of the vocabulary, never emitted by a live endpoint. */
  UNAUTHORIZED: { http: 403, grpc: GrpcStatus.PERMISSION_DENIED, message: 'Not authorized.' },
  CAPABILITY_NOT_ENTITLED: { http: 403, grpc: GrpcStatus.PERMISSION_DENIED, message: "The site's plan does not include this capability." },
  QUOTA_EXHAUSTED: { http: 403, grpc: GrpcStatus.RESOURCE_EXHAUSTED, message: 'The quota of this period is used up.' },
  SCOPE_DENIED: { http: 403, grpc: GrpcStatus.PERMISSION_DENIED, message: 'The credential lacks the scope this endpoint requires.' },
  WRONG_AUDIENCE: { http: 403, grpc: GrpcStatus.PERMISSION_DENIED, message: 'The credential was issued for a different product.' },
  NOT_FOUND: { http: 404, grpc: GrpcStatus.NOT_FOUND, message: 'The resource was not found.' },
  CONFLICT: { http: 409, grpc: GrpcStatus.FAILED_PRECONDITION, message: 'The current state forbids this request.' },
  RATE_LIMITED: { http: 429, grpc: GrpcStatus.RESOURCE_EXHAUSTED, message: 'Too many requests.' },
  INTERNAL_ERROR: { http: 500, grpc: GrpcStatus.INTERNAL, message: 'An internal error occurred. Retrying after a short delay is safe.' },
  SERVICE_UNAVAILABLE: { http: 503, grpc: GrpcStatus.UNAVAILABLE, message: 'The service is temporarily unavailable. Retrying is safe.' },
} as const satisfies Record<string, { http: number; grpc: GrpcStatus; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** Codes a live endpoint may answer with (UNAUTHORIZED is reserved). */
export const EMITTED_ERROR_CODES = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => c !== 'UNAUTHORIZED');

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code].http;
}

/**
 * An expected failure with a public code and a message that is safe to show a client.
 * Never put an internal detail (SQL, provider text, a path, a token) into `message`.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const malformed = (message: string) => new DomainError('MALFORMED_REQUEST', message);
export const notFound = (what = 'resource') => new DomainError('NOT_FOUND', `The ${what} was not found.`);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const unauthenticated = (message?: string) => new DomainError('UNAUTHENTICATED', message);
export const unavailable = (cause?: unknown) => new DomainError('SERVICE_UNAVAILABLE', ERROR_CODES.SERVICE_UNAVAILABLE.message, { cause });

/** The JSON body of every non-2xx answer. */
export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string };
}

export function envelope(code: ErrorCode, message: string = ERROR_CODES[code].message): ErrorEnvelope {
  return { error: { code, message } };
}

/** Trailing-metadata keys that carry the public code and safe message across gRPC. */
export const GRPC_ERROR_CODE_KEY = 'cfs-error-code';
export const GRPC_ERROR_MESSAGE_KEY = 'cfs-error-message';

/** gRPC status → public code, used when a status carries no cfs-error-code (docs/architecture.md#errors). */
export function codeForGrpcStatus(grpcStatus: number): ErrorCode {
  switch (grpcStatus) {
    case GrpcStatus.INVALID_ARGUMENT:
      return 'MALFORMED_REQUEST';
    case GrpcStatus.NOT_FOUND:
      return 'NOT_FOUND';
    case GrpcStatus.FAILED_PRECONDITION:
    case GrpcStatus.ALREADY_EXISTS:
      return 'CONFLICT';
    case GrpcStatus.UNAVAILABLE:
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'INTERNAL_ERROR';
  }
}
