/**
 * A reverse proxy in front of the gateway, as an ingress controller is: it appends the address of
 * the client it saw to X-Forwarded-For (keeping what the client sent, spoofed or not) and connects
 * to the gateway from its own address. Everything here stays on loopback addresses.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';

export async function startProxy(options: { target: string; listenHost: string; upstreamFrom: string }): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(options.target);
  const server: Server = createServer((req, res) => {
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        localAddress: options.upstreamFrom,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.listen(0, options.listenHost);
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://${options.listenHost}:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A GET from a chosen loopback source address (fetch cannot choose one). */
export function getFrom(url: string, from: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress: from, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A TCP proxy in front of a server (Redis). `loseReplyTo(marker)` makes it forward the next client
 * write that contains `marker`, then drop that connection when the server answers, without passing
 * the answer on: the command ran, its reply is lost. It resolves once that has happened.
 */
export async function startTcpProxy(target: {
  host: string;
  port: number;
}): Promise<{ port: number; loseReplyTo: (marker: string) => Promise<void>; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let armed: { marker: string; lost: () => void } | undefined;
  const server = createTcpServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    let losing: (() => void) | undefined;
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.includes(armed.marker)) {
        losing = armed.lost;
        armed = undefined;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!losing) return void client.write(chunk);
      client.destroy();
      upstream.destroy();
      losing();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    loseReplyTo: (marker) => new Promise<void>((lost) => (armed = { marker, lost })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
