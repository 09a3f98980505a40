/**
 * The dashboard's HTTP application on a loopback port with the services replaced by a handler:
 * for tests of what the dashboard itself does (throttling, CSRF, sessions) without the system.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { HttpHealth } from '@cfs/common/http-health';
import { createLogger } from '@cfs/common/logger';
import { createDashboardApp } from '../src/app.ts';
import type { DashboardRpc } from '../src/clients.ts';
import { MemorySessionStore, Sessions } from '../src/sessions.ts';
import { SignInThrottle } from '../src/throttle.ts';

export type Services = (service: string, method: string, request: Record<string, unknown>) => Promise<unknown>;

export interface TestDashboard {
  /** `http://127.0.0.1:port/dashboard` */
  url: string;
  sessions: Sessions;
  close(): Promise<void>;
}

export async function startTestDashboard(services: Services, options: { throttle?: SignInThrottle; sessions?: Sessions } = {}): Promise<TestDashboard> {
  const sessions = options.sessions ?? new Sessions(new MemorySessionStore(), { idleSeconds: 1800, maxSeconds: 43_200 });
  const app = createDashboardApp({
    rpcFor: () => services as unknown as DashboardRpc,
    sessions,
    throttle: options.throttle ?? new SignInThrottle({ perAccount: 5, perIp: 20, blockSeconds: 900 }),
    assets: { js: 'app.js', css: 'app.css' },
    logger: createLogger('dashboard-test', { level: 'silent' }),
    trustProxy: 0,
    audiences: ['content-feed'],
    health: new HttpHealth(),
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dashboard`,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];

/** Opens an anonymous form page: its pre-session cookie and CSRF token. */
export async function anonymousForm(url: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(url);
  const csrf = csrfOf(await res.text());
  if (!csrf) throw new Error(`no CSRF token at ${url} (${res.status})`);
  return { cookie: cookiesOf(res).join('; '), csrf };
}

/** A form POST as a browser sends it (this origin), without following the redirect. */
export async function postForm(
  url: string,
  cookie: string,
  form: Record<string, string>,
): Promise<{ status: number; text: string; location: string | null; cookies: string[] }> {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, origin: new URL(url).origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: res.status, text: await res.text(), location: res.headers.get('location'), cookies: cookiesOf(res) };
}
