/**
 * /dashboard/*: the customer dashboard (services/dashboard), served through the gateway when
 * DASHBOARD_HTTP_URL is set (npm start; a deployment may route /dashboard/ to it at the Ingress instead).
 * Requests go through as they are, cookies included, with X-Forwarded-For/-Proto/-Host so the
 * dashboard sees the client (it trusts its proxy, the gateway, by TRUST_PROXY). None of the public
 * API's pipeline applies: the dashboard has its own sessions, CSRF protection and sign-in throttling.
 */
import { Agent } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '@cfs/common/logger';

export const DASHBOARD_PATH = '/dashboard';

export function dashboardProxy(options: { target: string; timeoutMs: number; logger: Logger }): RequestHandler {
  return createProxyMiddleware({
    target: options.target,
    agent: new Agent({ keepAlive: true, maxSockets: 64 }),
    // Only the upstream's time limit: the `timeout` option would add a listener to the client's
    // keep-alive socket on every request (httpxy), and the gateway's server already bounds requests.
    proxyTimeout: options.timeoutMs,
    xfwd: true,
    pathFilter: (path) => path === DASHBOARD_PATH || path.startsWith(`${DASHBOARD_PATH}/`),
    on: {
      error: (err, _req, res) => {
        options.logger.warn({ err: { message: (err as Error).message } }, 'dashboard unreachable');
        const out = res as Response;
        if ('headersSent' in out && !out.headersSent) {
          out.status(503).setHeader('content-type', 'text/plain; charset=utf-8');
          out.end('The dashboard is temporarily unavailable. Try again in a moment.');
        } else {
          (res as { destroy?: () => void }).destroy?.();
        }
      },
    },
  });
}
