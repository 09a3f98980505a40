/**
 * GET /healthz and GET /readyz of the HTTP deployables (the gateway, the dashboard),
 * answered before anything else: never rate-limited, never logged, absent from /docs/public.json.
 * - /healthz (liveness): 200 while the process serves HTTP at all.
 * - /readyz (readiness): 200 when the services every request needs (identity, account) answer their
 *   gRPC health check; 503 once shutdown began (SIGTERM), so load balancers stop sending requests
 *   before the server closes. Checks are shared for a second, so probes cost the services little.
 */
import type { Router } from 'express';
import { envelope } from '@cfs/common/errors';
import { createClient, isServing } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';

export class HttpHealth {
  private draining = false;
  private last: { at: number; result: Promise<string | null> } | undefined;

  /** `check` resolves to null when ready, else to why not. */
  constructor(
    private readonly check: () => Promise<string | null> = async () => null,
    private readonly shareMs = 1000,
    private readonly onClose: () => void = () => undefined,
  ) {}

  /** Readiness turns off for good (first step of shutdown). */
  drain(): void {
    this.draining = true;
  }

  async notReadyBecause(): Promise<string | null> {
    if (this.draining) return 'shutting down';
    const now = Date.now();
    if (!this.last || now - this.last.at > this.shareMs) this.last = { at: now, result: this.check().catch(() => 'readiness check failed') };
    return this.last.result;
  }

  close(): void {
    this.onClose();
  }
}

/** Readiness from the gRPC health checks of the services the caller cannot answer without. */
export function servicesHealth(addresses: { identity: string; account: string }, timeoutMs = 1000): HttpHealth {
  const Health = loadProtos().grpc.health.v1.Health;
  const clients = Object.entries(addresses).map(([name, address]) => ({ name, client: createClient(Health, address) }));
  return new HttpHealth(
    async () => {
      const down = (await Promise.all(clients.map(async ({ name, client }) => ((await isServing(client, timeoutMs)) ? null : name)))).filter(Boolean);
      return down.length ? `not reachable: ${down.join(', ')}` : null;
    },
    1000,
    () => clients.forEach(({ client }) => client.close()),
  );
}

export function mountHealth(app: Pick<Router, 'get'>, health: HttpHealth): void {
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const reason = await health.notReadyBecause();
    if (reason) res.status(503).json(envelope('SERVICE_UNAVAILABLE', `Not ready: ${reason}.`));
    else res.json({ status: 'ready' });
  });
}
