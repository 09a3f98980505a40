/**
 * The gateway's HTTP server: Node's own limits, answered in the envelope. Node would answer a
 * header block that is too large with 431 and a request that is too slow with 408, statuses the
 * public API does not use: both are 400 MALFORMED_REQUEST here, like any unparseable request.
 */
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { envelope, type ErrorCode } from '@cfs/common/errors';

const MESSAGES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'The request headers are too large.',
  ERR_HTTP_REQUEST_TIMEOUT: 'The request was not received in time.',
};

function answer(socket: Duplex, code: ErrorCode, status: number, message: string): void {
  const body = JSON.stringify(envelope(code, message));
  socket.end(
    `HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function createHttpServer(app: Express, options: { maxHeaderBytes: number; requestTimeoutMs: number }): Server {
  const server = createServer(
    {
      maxHeaderSize: options.maxHeaderBytes,
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: Math.min(options.requestTimeoutMs, 20_000),
      // How often Node looks for requests past their timeout (its default, 30 s, is coarser than the timeout).
      connectionsCheckingInterval: 1000,
    },
    app,
  );
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    answer(socket, 'MALFORMED_REQUEST', 400, MESSAGES[err.code ?? ''] ?? 'The request could not be parsed.');
  });
  return server;
}
