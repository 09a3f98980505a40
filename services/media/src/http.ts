/**
 * GET/HEAD /media/generated/{key}: public, unauthenticated, streamed from the object store.
 * Objects are immutable: a strong ETag (SHA-256), `Cache-Control: public, max-age=31536000,
 * immutable`, If-None-Match → 304, and a single `Range: bytes=` → 206 (a range that cannot be
 * satisfied, or several ranges, are ignored: the whole object, 200). Every failure is the envelope.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { envelope, ERROR_CODES, type ErrorCode } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import { MEDIA_PATH_PREFIX, mediaKeyOfPath } from '@cfs/common/media-keys';
import { httpServerMetrics } from '@cfs/common/metrics';
import type { PrismaClient } from './generated/prisma/client.ts';
import { etagOf } from './media.ts';
import type { ObjectStore } from './object-store.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function fail(res: ServerResponse, code: ErrorCode, message?: string): void {
  const body = JSON.stringify(envelope(code, message));
  res.writeHead(ERROR_CODES[code].http, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/** The route in the HTTP server metric. */
const MEDIA_ROUTE = `${MEDIA_PATH_PREFIX}{key}`;

export function createMediaHttpServer(deps: { prisma: PrismaClient; store: ObjectStore; logger: Logger }): Server {
  const measure = httpServerMetrics((req) => (mediaKeyOfPath(req.url ?? '') === null ? undefined : MEDIA_ROUTE));
  return createServer((req: IncomingMessage, res: ServerResponse) =>
    measure(req, res, () => {
      void (async () => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return fail(res, 'NOT_FOUND', 'The route was not found.');
        const key = mediaKeyOfPath(req.url ?? '');
        if (key === null) {
          return (req.url ?? '').startsWith(MEDIA_PATH_PREFIX)
            ? fail(res, 'MALFORMED_REQUEST', 'The media key is not valid.')
            : fail(res, 'NOT_FOUND', 'The route was not found.');
        }
        const object = await deps.prisma.mediaObject.findUnique({ where: { key } });
        if (!object) return fail(res, 'NOT_FOUND', 'The media object was not found.');
        const etag = etagOf(object);
        const common = {
          etag,
          'cache-control': IMMUTABLE,
          'accept-ranges': 'bytes',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        };
        const ifNoneMatch = req.headers['if-none-match'];
        if (
          ifNoneMatch &&
          (ifNoneMatch.trim() === '*' ||
            ifNoneMatch
              .split(',')
              .map((t) => t.trim().replace(/^W\//, ''))
              .includes(etag))
        ) {
          res.writeHead(304, common);
          return res.end();
        }
        const range = parseRange(typeof req.headers.range === 'string' ? req.headers.range : undefined, object.size);
        const headers = { ...common, 'content-type': object.contentType };
        if (range) {
          res.writeHead(206, {
            ...headers,
            'content-range': `bytes ${range.start}-${range.end}/${object.size}`,
            'content-length': range.end - range.start + 1,
          });
        } else {
          res.writeHead(200, { ...headers, 'content-length': object.size });
        }
        if (req.method === 'HEAD') return res.end();
        await pipeline(await deps.store.read(key, range ?? undefined), res);
      })().catch((err: unknown) => {
        deps.logger.error({ err: { name: (err as Error).name, message: (err as Error).message }, url: (req.url ?? '').slice(0, 200) }, 'media request failed');
        if (!res.headersSent) fail(res, 'SERVICE_UNAVAILABLE');
        else res.destroy();
      });
    }),
  );
}
