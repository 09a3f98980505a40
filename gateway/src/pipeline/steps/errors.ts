/**
 * The end of every request that did not answer: an unknown route is 404, and every failure becomes
 * the error envelope with a safe message. Body-parser and router failures are client mistakes:
 * always 400 (never 413/415) or 404. Unexpected errors are logged and answered 500 with a generic
 * message: no stack, SQL or internal text reaches a client.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError, envelope, ERROR_CODES, httpStatusOf, notFound, type ErrorCode } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import { requestIdOf } from './request-id.ts';

export function unknownRoute(): RequestHandler {
  return () => {
    throw notFound('route');
  };
}

function codeForHttpError(err: unknown): ErrorCode | undefined {
  const status = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  return status === 404 ? 'NOT_FOUND' : 'MALFORMED_REQUEST';
}

const HTTP_ERROR_MESSAGES: Record<string, string> = {
  'entity.too.large': 'The request body is too large.',
  'entity.parse.failed': 'The request body is not valid JSON.',
  'encoding.unsupported': 'The request body encoding is not supported.',
  'charset.unsupported': 'The request body charset is not supported; use UTF-8.',
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let code: ErrorCode;
    let message: string;
    if (err instanceof DomainError) {
      ({ code, message } = err);
      if (code === 'INTERNAL_ERROR' || code === 'SERVICE_UNAVAILABLE') {
        logger.warn({ err: err.cause ?? err, requestId: requestIdOf(res), path: req.path }, 'request failed');
      }
    } else {
      const httpCode = codeForHttpError(err);
      if (httpCode) {
        code = httpCode;
        const type = (err as { type?: unknown }).type;
        message = (typeof type === 'string' && HTTP_ERROR_MESSAGES[type]) || ERROR_CODES[httpCode].message;
      } else {
        code = 'INTERNAL_ERROR';
        message = ERROR_CODES.INTERNAL_ERROR.message;
        logger.error({ err, requestId: requestIdOf(res), path: req.path }, 'unexpected error');
      }
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(httpStatusOf(code)).json(envelope(code, message));
  };
}
