/**
 * A Site's Webhooks pages: its endpoints, adding one (the secret shown once), and per endpoint its
 * deliveries, retry, a test event, enable/disable, secret rotation and deletion. The checks are the
 * gateway's for /api/v1/webhooks (gateway/src/api/routes/webhooks.ts), in its order: the Site must
 * be the signed-in Customer's (NOT_FOUND), its plan must include webhooks (CAPABILITY_NOT_ENTITLED),
 * and the plan's quota is the most endpoints it holds at once, which the webhooks service enforces
 * (QUOTA_EXHAUSTED). An endpoint or delivery of another Site is NOT_FOUND from the service.
 */
import type { Request, Router } from 'express';
import { planCapability, planIncludes, requireIncluded } from '@cfs/common/entitlements';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import type { Endpoint__Output } from '@cfs/protos/generated/cfs/webhooks/v1/Endpoint.js';
import { list, messageOf, text, type PageKit, type Res } from './page-kit.ts';
import { deleteEndpointPage, endpointPage, endpointPath, endpointSecretPage, webhooksPage, webhooksPath, type EndpointForm } from './pages/webhooks.ts';

/** Deliveries per page of an endpoint's list. */
const DELIVERIES_PAGE = 20;

/** The most endpoints the plan lets a Site hold at once (null: no limit), as the gateway passes it. */
const maxEndpointsOf = (plan: Plan__Output): number | null => planCapability(plan, 'webhooks')?.quota ?? null;

export function mountWebhookRoutes(router: Router, kit: PageKit): void {
  const { render, signedIn } = kit;

  /** The signed-in Customer's Site, whose plan includes webhooks; the service's ids of it. */
  const entitledSite = async (req: Request, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    requireIncluded(plan, 'webhooks');
    return { site, plan, ref: { siteId: site.id, customerId: site.customerId } };
  };

  /** One of the Site's endpoints (NOT_FOUND for another Site's, as for one that does not exist). */
  const ownEndpoint = async (req: Request, res: Res) => {
    const { site, plan, ref } = await entitledSite(req, res);
    const { endpoint } = await res.locals.ctx.rpc('webhooks', 'GetEndpoint', { ...ref, endpointId: text(req.params.endpointId) });
    return { site, plan, ref, endpoint: endpoint! };
  };

  const showList = async (res: Res, site: Site__Output, plan: Plan__Output, status = 200, extra: { form?: EndpointForm; error?: string } = {}) => {
    const endpoints = planIncludes(plan, 'webhooks')
      ? (await res.locals.ctx.rpc('webhooks', 'ListEndpoints', { siteId: site.id, customerId: site.customerId })).endpoints
      : undefined;
    await render(
      res,
      status,
      `${site.name}: webhooks`,
      webhooksPage({ csrf: kit.csrfOf(res), site, ...(endpoints ? { endpoints, maxEndpoints: maxEndpointsOf(plan) } : {}), ...extra }),
    );
  };

  /** The endpoint's page with a page of its deliveries (`cursor`: an older page). */
  const showEndpoint = async (res: Res, site: Site__Output, endpoint: Endpoint__Output, cursor = '', status = 200, error?: string) => {
    const page = await res.locals.ctx.rpc('webhooks', 'ListDeliveries', {
      siteId: site.id,
      customerId: site.customerId,
      endpointId: endpoint.id,
      limit: DELIVERIES_PAGE,
      cursor,
    });
    await render(
      res,
      status,
      `${site.name}: webhook ${endpoint.url}`,
      endpointPage({
        csrf: kit.csrfOf(res),
        site,
        endpoint,
        deliveries: page.deliveries,
        nextCursor: page.nextCursor,
        paged: cursor !== '',
        ...(error ? { error } : {}),
      }),
    );
  };

  router.get('/sites/:siteId/webhooks', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    await showList(res, site, plan);
  });

  router.post('/sites/:siteId/webhooks', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    const body = req.body as Record<string, unknown>;
    const form = { url: text(body.url).trim(), description: text(body.description), events: list(body.events) };
    try {
      requireIncluded(plan, 'webhooks');
      const maxEndpoints = maxEndpointsOf(plan);
      // The service applies the rules (@cfs/common/rules, and which URLs it may call) and the quota.
      const { endpoint, secret } = await res.locals.ctx.rpc('webhooks', 'CreateEndpoint', {
        siteId: site.id,
        customerId: site.customerId,
        ...form,
        ...(maxEndpoints === null ? {} : { maxEndpoints }),
      });
      // Rendered, not redirected: the secret is in this answer only, never stored for a later page.
      await render(res, 201, 'Webhook endpoint added', endpointSecretPage({ site, endpoint: endpoint!, secret }));
    } catch (err) {
      const { status, message } = messageOf(err);
      await showList(res, site, plan, status, { form, error: message });
    }
  });

  router.get('/sites/:siteId/webhooks/:endpointId', signedIn, async (req, res: Res) => {
    const { site, endpoint } = await ownEndpoint(req, res);
    await showEndpoint(res, site, endpoint, text(req.query.cursor));
  });

  /** An action on one endpoint: done, a notice, back to its page; or its page with the service's message. */
  const endpointAction = (path: string, act: (res: Res, ref: { siteId: string; customerId: string; endpointId: string }, req: Request) => Promise<string>) =>
    router.post(`/sites/:siteId/webhooks/:endpointId${path}`, signedIn, async (req, res: Res) => {
      const { site, ref, endpoint } = await ownEndpoint(req, res);
      try {
        await kit.flash(res, await act(res, { ...ref, endpointId: endpoint.id }, req));
        res.redirect(303, endpointPath(site.id, endpoint.id));
      } catch (err) {
        const { status, message } = messageOf(err);
        await showEndpoint(res, site, endpoint, '', status, message);
      }
    });

  endpointAction('/test', async (res, ref) => {
    const { delivery } = await res.locals.ctx.rpc('webhooks', 'SendTest', ref);
    return `Test event queued: delivery ${delivery!.id}.`;
  });

  endpointAction('/enabled', async (res, ref, req) => {
    const enabled = text((req.body as Record<string, unknown>).enabled) === 'true';
    await res.locals.ctx.rpc('webhooks', 'UpdateEndpoint', { ...ref, hasEvents: false, enabled });
    return enabled ? 'Endpoint enabled: new events are delivered to it again.' : 'Endpoint disabled: nothing is sent to it until it is enabled.';
  });

  endpointAction('/deliveries/:deliveryId/retry', async (res, ref, req) => {
    const { delivery } = await res.locals.ctx.rpc('webhooks', 'RetryDelivery', { ...ref, deliveryId: text(req.params.deliveryId) });
    return `Delivery ${delivery!.id} is being attempted again.`;
  });

  router.post('/sites/:siteId/webhooks/:endpointId/rotate-secret', signedIn, async (req, res: Res) => {
    const { site, ref, endpoint } = await ownEndpoint(req, res);
    try {
      const answer = await res.locals.ctx.rpc('webhooks', 'RotateSecret', { ...ref, endpointId: endpoint.id });
      await render(
        res,
        200,
        'Secret rotated',
        endpointSecretPage({ site, endpoint: answer.endpoint!, secret: answer.secret, previousSecretExpiresAt: answer.previousSecretExpiresAt }),
      );
    } catch (err) {
      const { status, message } = messageOf(err);
      await showEndpoint(res, site, endpoint, '', status, message);
    }
  });

  router.get('/sites/:siteId/webhooks/:endpointId/delete', signedIn, async (req, res: Res) => {
    const { site, endpoint } = await ownEndpoint(req, res);
    await render(res, 200, 'Delete the endpoint', deleteEndpointPage({ csrf: kit.csrfOf(res), site, endpoint }));
  });

  router.post('/sites/:siteId/webhooks/:endpointId/delete', signedIn, async (req, res: Res) => {
    const { site, ref, endpoint } = await ownEndpoint(req, res);
    try {
      await res.locals.ctx.rpc('webhooks', 'DeleteEndpoint', { ...ref, endpointId: endpoint.id });
      await kit.flash(res, `Endpoint ${endpoint.url} deleted.`);
      res.redirect(303, webhooksPath(site.id));
    } catch (err) {
      const { status, message } = messageOf(err);
      await render(res, status, 'Delete the endpoint', deleteEndpointPage({ csrf: kit.csrfOf(res), site, endpoint, error: message }));
    }
  });
}
