/**
 * The dashboard's HTTP application, mounted at /dashboard: sign-in, invitations and the management
 * pages. Every state-changing request is a POST with a CSRF token (the session's, or before sign-in
 * a cookie-bound one) from a page of this origin; every page is rendered on the server and works
 * without JavaScript. Errors of the services are shown with their public message where they
 * happened, never a stack, SQL or provider text.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request } from 'express';
import helmet from 'helmet';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { DomainError } from '@cfs/common/errors';
import type { PlanEntitlements, QuotaUsage } from '@cfs/common/entitlements';
import { mountHealth, type HttpHealth } from '@cfs/common/http-health';
import { httpServerMetrics } from '@cfs/common/metrics';
import type { Logger } from '@cfs/common/logger';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import { ASSETS_DIR, type AssetManifest } from './assets.ts';
import type { DashboardRpc } from './clients.ts';
import { mountFeatureRoutes } from './feature-routes.ts';
import { list, messageOf, text, type PageKit, type Res } from './page-kit.ts';
import { invitationPage, signInPage } from './pages/auth.ts';
import {
  connectionCodePage,
  createdCredentialPage,
  type FeedUsage,
  revokePage,
  rotatePage,
  sitePage,
  sitePath,
  sitesPage,
  type CredentialForm,
} from './pages/sites.ts';
import { newSecret, type Sessions } from './sessions.ts';
import { mountWebhookRoutes } from './webhook-routes.ts';
import type { SignInThrottle } from './throttle.ts';
import { BASE, errorBox, html, page, type Node } from './views.ts';

const SESSION_COOKIE = 'cfs_dashboard_session';
const ANON_CSRF_COOKIE = 'cfs_dashboard_csrf';

export interface DashboardAppDeps {
  rpcFor: (requestId: string) => DashboardRpc;
  sessions: Sessions;
  throttle: SignInThrottle;
  assets: AssetManifest;
  logger: Logger;
  trustProxy: number | string[];
  /** Audiences a Credential can be issued for (KNOWN_PRODUCTS). */
  audiences: string[];
  /** /healthz and /readyz: ready while identity and account answer, not once shutdown began. */
  health: HttpHealth;
  /** Quota usage of a Site (the gateway's counters); absent when they cannot be read from here. */
  entitlements?: PlanEntitlements<QuotaUsage>;
}

/** Constant-time equality of two strings; compares their UTF-8 bytes, whose lengths may differ even when the strings' do not. */
const sameString = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};
/** The forms rendered with the pre-session CSRF token: sign-in and accepting an invitation. */
const opensSession = (path: string) => path === '/sign-in' || /^\/invitations\/[^/]+\/?$/.test(path);

export function createDashboardApp(deps: DashboardAppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy);
  app.set('query parser', 'simple');

  const router = express.Router({ strict: false });
  router.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
        },
      },
      strictTransportSecurity: false,
      // Not helmet's no-referrer: under it a browser sends `Origin: null` with a form POST, and the
      // CSRF check below needs the real origin. same-origin tells nothing to other sites.
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
  router.use('/assets', express.static(ASSETS_DIR, { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  router.use(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 }));

  // Secure cookies everywhere but on a loopback address over plain HTTP (npm start).
  const cookieOptions = (req: Request, maxAgeSeconds?: number) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: !(req.hostname === '127.0.0.1' || req.hostname === 'localhost' || req.hostname === '[::1]'),
    path: BASE,
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  });
  const setCookie = (req: Request, res: Res, name: string, value: string, maxAgeSeconds?: number) =>
    res.append('Set-Cookie', serializeCookie(name, value, cookieOptions(req, maxAgeSeconds)));

  // Context: the services bound to this request, the session if its cookie names a live one.
  router.use(async (req: Request, res: Res, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    const requestId = typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 128) : randomUUID();
    res.locals.ctx = { rpc: deps.rpcFor(requestId) };
    const id = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
    if (id) {
      const data = await deps.sessions.resume(id);
      if (data) res.locals.ctx.session = { id, data };
      else res.locals.ctx.ended = true;
    }
    next();
  });

  // CSRF: a POST must come from a page of this origin and carry the token its form was rendered
  // with: the session's, or on the forms that open a session (sign-in, an invitation) the token bound
  // to the pre-session cookie, whether or not a session exists already (another tab, another user).
  router.use((req: Request, res: Res, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    const origin = req.headers.origin;
    const sameOrigin = origin === undefined || origin === `${req.protocol}://${req.get('host')}`;
    const anonymousCsrf = parseCookies(req.headers.cookie ?? '')[ANON_CSRF_COOKIE];
    const expected = opensSession(req.path) ? anonymousCsrf : res.locals.ctx.session?.data.csrf;
    const given = text((req.body as Record<string, unknown> | undefined)?._csrf);
    if (sameOrigin && expected && given && sameString(expected, given)) return next();
    deps.logger.warn({ path: req.path }, 'dashboard: request refused by the CSRF check');
    res
      .status(403)
      .type('html')
      .send(
        page({ title: 'Refused', assets: deps.assets }, errorPage('This form has expired or did not come from this dashboard. Reload the page and try again.')),
      );
  });

  const anonCsrf = (req: Request, res: Res): string => {
    const existing = parseCookies(req.headers.cookie ?? '')[ANON_CSRF_COOKIE];
    if (existing && existing.length >= 32) return existing;
    const token = newSecret();
    setCookie(req, res, ANON_CSRF_COOKIE, token);
    return token;
  };

  const render = (res: Res, status: number, title: string, body: Node) => {
    const session = res.locals.ctx.session;
    let flash: string | undefined;
    if (session?.data.flash) {
      flash = session.data.flash;
      delete session.data.flash;
    }
    const html = page({ title, assets: deps.assets, flash, ...(session ? { user: { email: session.data.email, csrf: session.data.csrf } } : {}) }, body);
    const save = session && flash ? deps.sessions.save(session.id, session.data) : Promise.resolve();
    return save.then(() => res.status(status).type('html').send(html));
  };

  const flash = async (res: Res, message: string) => {
    const session = res.locals.ctx.session!;
    session.data.flash = message;
    await deps.sessions.save(session.id, session.data);
  };

  /** Pages below need a session; without one, sign in first. */
  const signedIn = (req: Request, res: Res, next: NextFunction) => {
    if (res.locals.ctx.session) return next();
    if (res.locals.ctx.ended) setCookie(req, res, SESSION_COOKIE, '', 0);
    res.redirect(303, `${BASE}/sign-in${res.locals.ctx.ended ? '?expired' : ''}`);
  };

  const startSession = async (req: Request, res: Res, user: { id: string; customerId: string; email: string }) => {
    const { id } = await deps.sessions.create({ userId: user.id, customerId: user.customerId, email: user.email });
    setCookie(req, res, SESSION_COOKIE, id);
  };

  // ---- sign-in, invitations, sign-out --------------------------------------------------------

  router.get('/', (_req, res: Res) => res.redirect(303, res.locals.ctx.session ? `${BASE}/sites` : `${BASE}/sign-in`));

  router.get('/sign-in', async (req, res: Res) => {
    if (res.locals.ctx.session) return res.redirect(303, `${BASE}/sites`);
    const notice =
      req.query['signed-out'] !== undefined ? 'You are signed out.' : req.query.expired !== undefined ? 'Your session has ended. Sign in again.' : undefined;
    await render(res, 200, 'Sign in', signInPage({ csrf: anonCsrf(req, res), ...(notice ? { notice } : {}) }));
  });

  router.post('/sign-in', async (req, res: Res) => {
    const body = req.body as Record<string, unknown>;
    const email = text(body.email).trim().slice(0, 254);
    // Never cut: identity refuses a password longer than any it could have set (@cfs/common/rules).
    const password = text(body.password);
    const csrf = anonCsrf(req, res);
    const ip = req.ip ?? 'unknown';
    // The attempt is counted before identity checks the password, not after (throttle.ts).
    const wait = await deps.throttle.attempt(email, ip);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      res.setHeader('Retry-After', String(wait));
      return render(
        res,
        429,
        'Sign in',
        signInPage({ csrf, email, error: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` }),
      );
    }
    try {
      const { user } = await res.locals.ctx.rpc('identity', 'SignIn', { email, password });
      await deps.throttle.succeeded(email, ip);
      await startSession(req, res, user!);
      res.redirect(303, `${BASE}/sites`);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'UNAUTHENTICATED') {
        return render(res, 401, 'Sign in', signInPage({ csrf, email, error: 'The email or password is incorrect.' }));
      }
      const { status, message } = messageOf(err);
      return render(res, status, 'Sign in', signInPage({ csrf, email, error: message }));
    }
  });

  router.get('/invitations/:token', async (req, res: Res) => {
    await render(res, 200, 'Set your password', invitationPage({ csrf: anonCsrf(req, res), token: text(req.params.token) }));
  });

  router.post('/invitations/:token', async (req, res: Res) => {
    const token = text(req.params.token);
    const body = req.body as Record<string, unknown>;
    const password = text(body.password);
    const csrf = anonCsrf(req, res);
    if (password !== text(body.confirm))
      return render(res, 400, 'Set your password', invitationPage({ csrf, token, error: 'The two passwords are not the same.' }));
    try {
      const { user } = await res.locals.ctx.rpc('identity', 'AcceptInvitation', { invitationToken: token, password });
      if (res.locals.ctx.session) await deps.sessions.end(res.locals.ctx.session.id);
      await startSession(req, res, user!);
      res.redirect(303, `${BASE}/sites`);
    } catch (err) {
      const { status, message } = messageOf(err);
      return render(res, status, 'Set your password', invitationPage({ csrf, token, error: message }));
    }
  });

  router.post('/sign-out', async (req, res: Res) => {
    const session = res.locals.ctx.session;
    if (session) await deps.sessions.end(session.id);
    setCookie(req, res, SESSION_COOKIE, '', 0);
    res.redirect(303, `${BASE}/sign-in?signed-out`);
  });

  // ---- Sites -----------------------------------------------------------------------------------

  const customerOf = (res: Res) => res.locals.ctx.session!.data.customerId;
  const csrfOf = (res: Res) => res.locals.ctx.session!.data.csrf;

  /** Each Site's feed quota this period (the Sites list's usage at a glance), when the counters can be read. */
  const feedUsageOf = async (res: Res, sites: Site__Output[]): Promise<Map<string, FeedUsage> | undefined> => {
    const entitlements = deps.entitlements;
    if (!entitlements || sites.length === 0) return undefined;
    const { plans } = await res.locals.ctx.rpc('accountAdmin', 'GetPlanCatalog', {});
    const byId = new Map(plans.map((p) => [p.id, p]));
    const views = await Promise.all(
      sites.map(async (site) => {
        const plan = byId.get(site.plan);
        const feed = plan ? (await entitlements.describe(site.id, plan)).feed : undefined;
        return [site.id, feed?.included ? { used: feed.used, quota: feed.quota, period: feed.period } : { used: 0, quota: 0, period: null }] as const;
      }),
    );
    return new Map(views);
  };

  router.get('/sites', signedIn, async (_req, res: Res) => {
    const { sites } = await res.locals.ctx.rpc('account', 'ListSites', { customerId: customerOf(res) });
    const usage = await feedUsageOf(res, sites);
    await render(res, 200, 'Sites', sitesPage({ csrf: csrfOf(res), sites, ...(usage ? { usage } : {}) }));
  });

  router.post('/sites', signedIn, async (req, res: Res) => {
    const body = req.body as Record<string, unknown>;
    const form = { name: text(body.name), url: text(body.url) };
    try {
      const { site } = await res.locals.ctx.rpc('account', 'CreateSite', { customerId: customerOf(res), ...form });
      await flash(res, `Site ${site!.name} created.`);
      res.redirect(303, sitePath(site!.id));
    } catch (err) {
      const { status, message } = messageOf(err);
      const { sites } = await res.locals.ctx.rpc('account', 'ListSites', { customerId: customerOf(res) });
      await render(res, status, 'Sites', sitesPage({ csrf: csrfOf(res), sites, error: message, form }));
    }
  });

  /** The signed-in Customer's Site and its plan, or a 404 page (another Customer's Site is not found either). */
  const ownSiteAndPlan = async (req: Request, res: Res): Promise<{ site: Site__Output; plan: Plan__Output }> => {
    const { site, plan } = await res.locals.ctx.rpc('account', 'GetSite', { customerId: customerOf(res), siteId: text(req.params.siteId) });
    return { site: site!, plan: plan! };
  };
  const ownSite = async (req: Request, res: Res): Promise<Site__Output> => (await ownSiteAndPlan(req, res)).site;
  const ownCredential = async (res: Res, site: Site__Output, credentialId: string): Promise<Credential__Output> => {
    const { credentials } = await res.locals.ctx.rpc('identity', 'ListCredentials', { siteId: site.id, customerId: site.customerId });
    const found = credentials.find((c) => c.id === credentialId);
    if (!found) throw new DomainError('NOT_FOUND', 'The credential was not found.');
    return found;
  };

  const showSite = async (res: Res, site: Site__Output, status = 200, extra: Partial<Parameters<typeof sitePage>[0]> = {}) => {
    const { credentials } = await res.locals.ctx.rpc('identity', 'ListCredentials', { siteId: site.id, customerId: site.customerId });
    await render(res, status, site.name, sitePage({ csrf: csrfOf(res), site, credentials, audiences: deps.audiences, ...extra }));
  };

  router.get('/sites/:siteId', signedIn, async (req, res: Res) => showSite(res, await ownSite(req, res)));

  router.post('/sites/:siteId', signedIn, async (req, res: Res) => {
    const site = await ownSite(req, res);
    const body = req.body as Record<string, unknown>;
    const form = { name: text(body.name), url: text(body.url) };
    try {
      const { site: updated } = await res.locals.ctx.rpc('account', 'UpdateSite', { customerId: site.customerId, siteId: site.id, ...form });
      await flash(res, `Site ${updated!.name} saved.`);
      res.redirect(303, sitePath(site.id));
    } catch (err) {
      const { status, message } = messageOf(err);
      await showSite(res, site, status, { errors: { rename: message }, rename: form });
    }
  });

  // ---- Credentials -----------------------------------------------------------------------------

  const credentialFormOf = (body: Record<string, unknown>): CredentialForm => ({
    name: text(body.name),
    scopes: list(body.scopes),
    audience: text(body.audience),
    ...(text(body.replaces) ? { replaces: text(body.replaces) } : {}),
  });

  router.post('/sites/:siteId/credentials', signedIn, async (req, res: Res) => {
    const site = await ownSite(req, res);
    const form = credentialFormOf(req.body as Record<string, unknown>);
    // Rotation: the replaced Credential must be this Site's, checked before anything is created.
    const old = form.replaces ? await ownCredential(res, site, form.replaces) : undefined;
    let created: { credential: Credential__Output; secret: string };
    try {
      const answer = await res.locals.ctx.rpc('identity', 'CreateCredential', {
        siteId: site.id,
        customerId: site.customerId,
        name: form.name ?? '',
        scopes: form.scopes ?? [],
        audience: form.audience ?? '',
      });
      created = { credential: answer.credential!, secret: answer.secret };
    } catch (err) {
      const { status, message } = messageOf(err);
      if (old)
        return render(
          res,
          status,
          `Rotate ${old.name}`,
          rotatePage({ csrf: csrfOf(res), site, credential: old, audiences: deps.audiences, form, error: message }),
        );
      return showSite(res, site, status, { errors: { credential: message } });
    }
    let revoked: Credential__Output | undefined;
    let revokeError: string | undefined;
    if (old) {
      try {
        revoked = (await res.locals.ctx.rpc('identity', 'RevokeCredential', { credentialId: old.id, siteId: site.id, customerId: site.customerId }))
          .credential!;
      } catch (err) {
        revokeError = `The new Credential exists, but the old one could not be revoked: ${messageOf(err).message} Revoke it from the Site's page.`;
      }
    }
    await render(res, 201, 'Credential created', html`${createdCredentialPage({ site, ...created, ...(revoked ? { revoked } : {}) })}${errorBox(revokeError)}`);
  });

  router.get('/sites/:siteId/credentials/:credentialId/revoke', signedIn, async (req, res: Res) => {
    const site = await ownSite(req, res);
    const credential = await ownCredential(res, site, text(req.params.credentialId));
    await render(res, 200, `Revoke ${credential.name}`, revokePage({ csrf: csrfOf(res), site, credential }));
  });

  router.post('/sites/:siteId/credentials/:credentialId/revoke', signedIn, async (req, res: Res) => {
    const site = await ownSite(req, res);
    const credential = await ownCredential(res, site, text(req.params.credentialId));
    try {
      await res.locals.ctx.rpc('identity', 'RevokeCredential', { credentialId: credential.id, siteId: site.id, customerId: site.customerId });
      await flash(res, `Credential ${credential.name} revoked.`);
      res.redirect(303, sitePath(site.id));
    } catch (err) {
      const { status, message } = messageOf(err);
      await render(res, status, `Revoke ${credential.name}`, revokePage({ csrf: csrfOf(res), site, credential, error: message }));
    }
  });

  router.get('/sites/:siteId/credentials/:credentialId/rotate', signedIn, async (req, res: Res) => {
    const site = await ownSite(req, res);
    const credential = await ownCredential(res, site, text(req.params.credentialId));
    await render(res, 200, `Rotate ${credential.name}`, rotatePage({ csrf: csrfOf(res), site, credential, audiences: deps.audiences }));
  });

  router.post('/sites/:siteId/connection-codes', signedIn, async (req, res: Res) => {
    const site = await ownSite(req, res);
    try {
      const { code, expiresAt } = await res.locals.ctx.rpc('identity', 'CreateConnectionCode', {
        siteId: site.id,
        customerId: site.customerId,
        expiresInSeconds: 0,
      });
      await render(res, 201, 'Connection code', connectionCodePage({ site, code, expiresAt }));
    } catch (err) {
      const { status, message } = messageOf(err);
      await showSite(res, site, status, { errors: { code: message } });
    }
  });

  const kit: PageKit = {
    render,
    flash,
    signedIn,
    csrfOf,
    customerOf,
    ownSite: ownSiteAndPlan,
    entitlements: deps.entitlements,
    publicUrl: (req, path) => `${req.protocol}://${req.get('host')}${BASE}${path}`,
  };
  mountFeatureRoutes(router, kit);
  mountWebhookRoutes(router, kit);

  // ---- errors ----------------------------------------------------------------------------------

  router.use((_req, res: Res) => render(res, 404, 'Not found', errorPage('There is no such page.')));
  router.use((err: unknown, req: Request, res: Res, _next: NextFunction) => {
    const { status, message } = messageOf(err);
    if (status >= 500 && status !== 503) deps.logger.error({ err, path: req.path }, 'dashboard: request failed');
    if (res.headersSent) return;
    if ((err as { type?: string }).type === 'entity.too.large')
      return void res
        .status(413)
        .type('html')
        .send(page({ title: 'Too large', assets: deps.assets }, errorPage('The form is too large.')));
    void render(res, status, status === 404 ? 'Not found' : 'Error', errorPage(message));
  });

  // Probes on the dashboard's own port, outside /dashboard/ (the gateway forwards only /dashboard/).
  mountHealth(app, deps.health);
  app.use(httpServerMetrics());
  app.use(BASE, router);
  return app;
}

function errorPage(message: string): Node {
  return html`<h1>Something is not right</h1>
    ${errorBox(message)}
    <p><a href=${`${BASE}/`}>Back to the dashboard</a></p>`;
}
