/**
 * A webhook receiver on 127.0.0.1 for the tests: records every request it gets (path, headers,
 * body) and answers as the test says, or never. Tests verify what it got with the official
 * `standardwebhooks` package, using `headersOf`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** A receiver on 127.0.0.1: records every request, answers as `answer` says (or never). */
export class Receiver {
  readonly received: Received[] = [];
  answer: (req: Received, res: ServerResponse) => void = (_req, res) => res.writeHead(204).end();
  private server: Server | undefined;
  private readonly hanging = new Set<ServerResponse>();
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const got: Received = {
          path: req.url ?? '',
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.received.push(got);
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        this.answer(got, res);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
    this.server?.closeAllConnections();
  }
}

export const headersOf = (r: Received) => ({
  'webhook-id': r.headers['webhook-id']!,
  'webhook-timestamp': r.headers['webhook-timestamp']!,
  'webhook-signature': r.headers['webhook-signature']!,
});
