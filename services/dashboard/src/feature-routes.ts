/**
 * The Site's usage, subscriptions, SEO profile and billing pages, and the account settings. The
 * dashboard applies what the gateway applies to the same actions: the Site must be the signed-in
 * Customer's, and a capability must be in the Site's plan (CAPABILITY_NOT_ENTITLED otherwise). It
 * does not charge quota: these are the customer's own management actions, not API requests.
 */
import type { Router } from 'express';
import { aiBudgetOf, planIncludes as includes, requireIncluded } from '@cfs/common/entitlements';
import { DomainError } from '@cfs/common/errors';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import {
  accountPage,
  billingPage,
  seoFormOf,
  seoPage,
  subscriptionsPage,
  usagePage,
  type AiUsageView,
  type GenerationView,
  type SeoForm,
} from './pages/features.ts';
import { sitePath } from './pages/sites.ts';
import { BASE } from './views.ts';
import { list, messageOf, text, type PageKit, type Res } from './page-kit.ts';

/** FEED_PAGE limit of the preview. */
const PREVIEW_ARTICLES = 5;
/** Generation attempts the usage page lists. */
const RECENT_GENERATIONS = 20;

const commaList = (value: unknown): string[] =>
  text(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function mountFeatureRoutes(router: Router, kit: PageKit): void {
  const { render, signedIn } = kit;

  // ---- usage -----------------------------------------------------------------------------------

  router.get('/sites/:siteId/usage', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    const rpc = res.locals.ctx.rpc;
    const aiUsage = includes(plan, 'ai_usage');
    // Webhook endpoints count as held, not per period: the webhooks service says how many the Site has.
    const held = async () =>
      includes(plan, 'webhooks')
        ? { webhooks: (await rpc('webhooks', 'ListEndpoints', { siteId: site.id, customerId: site.customerId })).endpoints.length }
        : {};
    const [entitlements, ai, generations, aiImages] = await Promise.all([
      kit.entitlements ? held().then((h) => kit.entitlements!.describe(site.id, plan, h)) : undefined,
      aiUsage
        ? rpc('media', 'GetAiUsage', { siteId: site.id, ...aiBudgetOf(plan) }).then((u): AiUsageView => ({
            period: u.period,
            used: Number(u.used),
            reserved: Number(u.reserved),
            budget: u.budget === undefined ? null : Number(u.budget),
            remaining: u.remaining === undefined ? null : Number(u.remaining),
            resetsAt: u.resetsAt,
            status: u.status,
          }))
        : undefined,
      aiUsage
        ? rpc('media', 'ListGenerations', { siteId: site.id, limit: RECENT_GENERATIONS }).then(({ generations }) =>
            generations.map((g): GenerationView => ({
              articleId: g.articleId,
              variantTitle: g.variantTitle ?? undefined,
              outcome: g.outcome,
              reason: g.reason ?? undefined,
              units: g.units,
              createdAt: g.createdAt,
            })),
          )
        : undefined,
      includes(plan, 'ai_images') ? rpc('media', 'GetAiImagesStatus', {}) : undefined,
    ]);
    await render(res, 200, `${site.name}: usage`, usagePage({ site, entitlements, ai, generations, aiImages }));
  });

  // ---- subscriptions and the feed preview ------------------------------------------------------

  const showSubscriptions = async (res: Res, site: Site__Output, plan: Plan__Output, status = 200, extra: { chosen?: string[]; error?: string } = {}) => {
    const rpc = res.locals.ctx.rpc;
    const [taxonomy, current, preview] = await Promise.all([
      includes(plan, 'subscriptions') ? rpc('feed', 'ListCategories', {}) : undefined,
      includes(plan, 'subscriptions') ? rpc('feed', 'GetSubscriptions', { siteId: site.id }) : undefined,
      includes(plan, 'feed') ? rpc('feed', 'GetFeedPage', { siteId: site.id, limit: PREVIEW_ARTICLES }) : undefined,
    ]);
    await render(
      res,
      status,
      `${site.name}: subscriptions`,
      subscriptionsPage({
        csrf: kit.csrfOf(res),
        site,
        ...(taxonomy ? { categories: taxonomy.categories } : {}),
        chosen: extra.chosen ?? current?.categories ?? [],
        ...(preview ? { preview: preview.articles } : {}),
        ...(extra.error ? { error: extra.error } : {}),
      }),
    );
  };

  router.get('/sites/:siteId/subscriptions', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    await showSubscriptions(res, site, plan);
  });

  router.post('/sites/:siteId/subscriptions', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    const chosen = list((req.body as Record<string, unknown>).categories);
    try {
      requireIncluded(plan, 'subscriptions');
      // The feed service checks every key against the taxonomy; nothing changes on an unknown one.
      const { categories } = await res.locals.ctx.rpc('feed', 'ReplaceSubscriptions', { siteId: site.id, categories: chosen });
      await kit.flash(
        res,
        categories.length === 0 ? 'Subscriptions saved: none.' : `Subscriptions saved: ${categories.length} categor${categories.length === 1 ? 'y' : 'ies'}.`,
      );
      res.redirect(303, `${sitePath(site.id)}/subscriptions`);
    } catch (err) {
      const { status, message } = messageOf(err);
      await showSubscriptions(res, site, plan, status, { chosen, error: message });
    }
  });

  // ---- SEO profile ----------------------------------------------------------------------------

  router.get('/sites/:siteId/seo', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    if (!includes(plan, 'seo_profile'))
      return void (await render(res, 200, `${site.name}: SEO profile`, seoPage({ csrf: kit.csrfOf(res), site, included: false })));
    const profile = await res.locals.ctx.rpc('seo', 'GetProfile', { siteId: site.id }).then(
      (r) => r.profile ?? undefined,
      (err: unknown) => {
        if (err instanceof DomainError && err.code === 'NOT_FOUND') return undefined;
        throw err;
      },
    );
    await render(
      res,
      200,
      `${site.name}: SEO profile`,
      seoPage({
        csrf: kit.csrfOf(res),
        site,
        included: true,
        ...(profile ? { form: seoFormOf(profile), ...(profile.updatedAt ? { updatedAt: profile.updatedAt } : {}) } : {}),
      }),
    );
  });

  router.post('/sites/:siteId/seo', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    const body = req.body as Record<string, unknown>;
    const form: SeoForm = {
      siteName: text(body.siteName),
      locale: text(body.locale),
      keywords: text(body.keywords),
      tone: text(body.tone),
      topics: text(body.topics),
    };
    try {
      requireIncluded(plan, 'seo_profile');
      // The SEO service applies the profile's rules (@cfs/common/rules) and says which one failed.
      await res.locals.ctx.rpc('seo', 'ReplaceProfile', {
        siteId: site.id,
        profile: { siteName: form.siteName!, locale: form.locale!, keywords: commaList(form.keywords), tone: form.tone!, topics: commaList(form.topics) },
      });
      await kit.flash(res, 'SEO profile saved.');
      res.redirect(303, `${sitePath(site.id)}/seo`);
    } catch (err) {
      const { status, message } = messageOf(err);
      await render(
        res,
        status,
        `${site.name}: SEO profile`,
        seoPage({ csrf: kit.csrfOf(res), site, included: includes(plan, 'seo_profile'), form, error: message }),
      );
    }
  });

  // ---- billing ---------------------------------------------------------------------------------

  const showBilling = async (res: Res, site: Site__Output, plan: Plan__Output, status = 200, error?: string, checkoutUrl?: string) => {
    const rpc = res.locals.ctx.rpc;
    const [subscription, catalog] = await Promise.all([
      rpc('billing', 'GetSubscription', { siteId: site.id }).then(
        (r) => r.subscription ?? undefined,
        (err: unknown) => {
          if (err instanceof DomainError && err.code === 'NOT_FOUND') return undefined;
          throw err;
        },
      ),
      rpc('accountAdmin', 'GetPlanCatalog', {}),
    ]);
    const offers = catalog.plans.filter((p) => p.id !== catalog.defaultPlan);
    await render(
      res,
      status,
      `${site.name}: billing`,
      billingPage({
        csrf: kit.csrfOf(res),
        site,
        plan,
        offers,
        ...(subscription ? { subscription } : {}),
        ...(error ? { error } : {}),
        ...(checkoutUrl ? { checkoutUrl } : {}),
      }),
    );
  };

  router.get('/sites/:siteId/billing', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    await showBilling(res, site, plan);
  });

  router.post('/sites/:siteId/billing/checkout', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    try {
      const { checkoutUrl, subscription } = await res.locals.ctx.rpc('billing', 'StartCheckout', {
        siteId: site.id,
        customerId: site.customerId,
        plan: text((req.body as Record<string, unknown>).plan),
      });
      // Pending: the payment provider's hosted checkout takes the payment. It is offered as a link,
      // not a redirect (the CSP's form-action keeps form submissions on this origin). The local
      // development provider activates the subscription at once.
      if (subscription?.status === 'pending') return void (await showBilling(res, site, plan, 201, undefined, checkoutUrl));
      await kit.flash(res, `Subscribed to the ${subscription?.plan ?? ''} plan.`);
      res.redirect(303, `${sitePath(site.id)}/billing`);
    } catch (err) {
      const { status, message } = messageOf(err);
      await showBilling(res, site, plan, status, message);
    }
  });

  router.post('/sites/:siteId/billing/cancel', signedIn, async (req, res: Res) => {
    const { site, plan } = await kit.ownSite(req, res);
    const atPeriodEnd = text((req.body as Record<string, unknown>).when) !== 'now';
    try {
      await res.locals.ctx.rpc('billing', 'CancelSubscription', { siteId: site.id, atPeriodEnd });
      await kit.flash(
        res,
        atPeriodEnd ? 'The subscription ends at the end of the paid period.' : 'The subscription is canceled; the Site is back on the default plan.',
      );
      res.redirect(303, `${sitePath(site.id)}/billing`);
    } catch (err) {
      const { status, message } = messageOf(err);
      await showBilling(res, site, plan, status, message);
    }
  });

  // ---- account settings ------------------------------------------------------------------------

  const showAccount = async (res: Res, status = 200, extra: Partial<Parameters<typeof accountPage>[0]> = {}) => {
    const customerId = kit.customerOf(res);
    const rpc = res.locals.ctx.rpc;
    const [{ customer }, { users }] = await Promise.all([rpc('account', 'GetCustomer', { customerId }), rpc('identity', 'ListUsers', { customerId })]);
    await render(res, status, 'Account', accountPage({ csrf: kit.csrfOf(res), customer: customer!, users, ...extra }));
  };

  router.get('/account', signedIn, async (_req, res: Res) => showAccount(res));

  router.post('/account', signedIn, async (req, res: Res) => {
    const body = req.body as Record<string, unknown>;
    const form = { name: text(body.name), email: text(body.email) };
    try {
      await res.locals.ctx.rpc('account', 'UpdateCustomer', { customerId: kit.customerOf(res), ...form });
      await kit.flash(res, 'Account saved.');
      res.redirect(303, `${BASE}/account`);
    } catch (err) {
      const { status, message } = messageOf(err);
      await showAccount(res, status, { errors: { customer: message }, form });
    }
  });

  router.post('/account/invitations', signedIn, async (req, res: Res) => {
    const email = text((req.body as Record<string, unknown>).email);
    try {
      const { user, invitationToken, expiresAt } = await res.locals.ctx.rpc('identity', 'InviteUser', { customerId: kit.customerOf(res), email });
      await showAccount(res, 201, { invited: { email: user!.email, url: kit.publicUrl(req, `/invitations/${invitationToken}`), expiresAt } });
    } catch (err) {
      const { status, message } = messageOf(err);
      await showAccount(res, status, { errors: { invite: message }, form: { invite: email } });
    }
  });
}
