/**
 * The Site's other pages (usage, subscriptions with a feed preview, the SEO profile, billing) and
 * the account settings (the Customer, its dashboard users, invitations).
 */
import type { EntitlementView } from '@cfs/common/entitlements';
import type { Capability } from '@cfs/common/capabilities';
import type { Customer__Output } from '@cfs/protos/generated/cfs/account/v1/Customer.js';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import type { BillingSubscription__Output } from '@cfs/protos/generated/cfs/billing/v1/BillingSubscription.js';
import type { Article__Output } from '@cfs/protos/generated/cfs/feed/v1/Article.js';
import type { Category__Output } from '@cfs/protos/generated/cfs/feed/v1/Category.js';
import type { User__Output } from '@cfs/protos/generated/cfs/identity/v1/User.js';
import type { SeoProfile__Output } from '@cfs/protos/generated/cfs/seo/v1/SeoProfile.js';
import { secretOnce, siteHeader, sitePath } from './sites.ts';
import { BASE, csrfField, errorBox, field, formatTime, html, type Node } from '../views.ts';

/** What each capability is called on the pages. */
export const CAPABILITY_NAMES: Record<Capability, string> = {
  feed: 'Feed requests',
  subscriptions: 'Subscription management',
  seo_profile: 'SEO profile',
  ai_usage: 'AI usage reports',
  ai_images: 'AI image status',
  webhooks: 'Webhook endpoints',
};

/** A capability the Site's plan lacks: said plainly, with the way to get it. */
export function notIncluded(site: Site__Output, capability: Capability): Node {
  return html`<p class="notice">
    The ${site.plan} plan does not include ${CAPABILITY_NAMES[capability].toLowerCase()}. <a href=${`${sitePath(site.id)}/billing`}>Change the plan</a> to use
    it.
  </p>`;
}

/** A bar of `used` out of `limit` (a meter: screen readers read it as a value in a range). */
function usageBar(id: string, label: string, used: number, limit: number | null, detail: string): Node {
  if (limit === null) {
    return html`<div class="usage">
      <span id=${id}>${label}</span> <strong>${used.toLocaleString('en')}</strong> used · unlimited <small class="muted">${detail}</small>
    </div>`;
  }
  const percent = limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  return html`<div class="usage">
    <label for=${id}>${label}</label>
    <meter id=${id} min="0" max=${limit} value=${Math.min(used, limit)} low=${limit * 0.8} high=${limit * 0.95} optimum="0">${percent}%</meter>
    <span><strong>${used.toLocaleString('en')}</strong> of ${limit.toLocaleString('en')} (${percent}%) <small class="muted">${detail}</small></span>
  </div>`;
}

export interface AiUsageView {
  period: string;
  used: number;
  /** Held by generations under way; used once they succeed, given back when they fail. */
  reserved: number;
  budget: number | null;
  /** budget − used − reserved; null when unlimited. */
  remaining: number | null;
  resetsAt: string;
  status: string;
}

/** One attempt of an AI generation job (media's ListGenerations). */
export interface GenerationView {
  articleId: string;
  /** The title of the Site's variant of the article, once it has one. */
  variantTitle: string | undefined;
  outcome: string;
  /** A failure's fixed message from the media service: never the provider's own text. */
  reason: string | undefined;
  units: number;
  createdAt: string;
}

/** What each outcome of a generation attempt (services/media/src/ai/jobs.ts) is called on the page. */
const OUTCOME_NAMES: Record<string, string> = {
  generated: 'Generated',
  partial: 'Text only (no image)',
  refused: 'Refused',
  no_budget: 'Not generated: budget used up',
  retry: 'Failed, will retry',
  failed: 'Failed',
};

function generationsTable(generations: GenerationView[]): Node {
  if (generations.length === 0)
    return html`<p class="muted">No generations yet: articles of the Site's feed are generated for it once its plan has an AI budget.</p>`;
  return html`<table aria-labelledby="generations">
    <thead>
      <tr>
        <th scope="col">Article</th>
        <th scope="col">Outcome</th>
        <th scope="col">Units</th>
        <th scope="col">When</th>
        <th scope="col">Reason</th>
      </tr>
    </thead>
    <tbody>
      ${generations.map(
        (g) =>
          html`<tr>
            <td>${g.variantTitle ? html`${g.variantTitle} <small class="muted">${g.articleId}</small>` : html`<code>${g.articleId}</code>`}</td>
            <td>${OUTCOME_NAMES[g.outcome] ?? g.outcome}</td>
            <td>${g.units.toLocaleString('en')}</td>
            <td>${formatTime(g.createdAt)}</td>
            <td>${g.reason ?? '—'}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function usagePage(props: {
  site: Site__Output;
  /** Per capability; undefined when the counters cannot be read here (no Redis). */
  entitlements: Record<Capability, EntitlementView> | undefined;
  ai: AiUsageView | undefined;
  /** The Site's newest generation attempts; undefined without AI usage in the plan. */
  generations: GenerationView[] | undefined;
  aiImages: { status: string; reason: string; checkedAt: string } | undefined;
}): Node {
  const { site } = props;
  const rows = props.entitlements ? (Object.entries(props.entitlements) as Array<[Capability, EntitlementView]>) : [];
  return html`
    ${siteHeader(site, 'usage')}
    <h2>Quota this period</h2>
    ${
      props.entitlements
        ? rows.map(([capability, e], i) =>
            e.included
              ? usageBar(
                  `quota-${i}`,
                  CAPABILITY_NAMES[capability],
                  e.used,
                  e.quota,
                  e.period ? `per ${e.period}, resets ${formatTime(e.resetsAt)}` : 'held at once',
                )
              : html`<div class="usage"><span>${CAPABILITY_NAMES[capability]}</span> <span class="muted">not in the ${site.plan} plan</span></div>`,
          )
        : html`<p class="muted">
            Quota usage is not available here: the gateway keeps its counters where this dashboard cannot read them (it needs the gateway's Redis).
          </p>`
    }
    <h2>AI usage</h2>
    ${
      props.ai
        ? html`${usageBar('ai-usage', 'AI generation units', props.ai.used, props.ai.budget, `per ${props.ai.period}, resets ${formatTime(props.ai.resetsAt)}`)}
            <p id="ai-usage-split">
              <strong>${props.ai.used.toLocaleString('en')}</strong> used · <strong>${props.ai.reserved.toLocaleString('en')}</strong> reserved by generations
              under way · ${props.ai.remaining === null ? 'unlimited' : html`<strong>${props.ai.remaining.toLocaleString('en')}</strong> left`}
            </p>
            ${
              props.ai.status !== 'ok' &&
              html`<p class="notice">
                ${
                  props.ai.status === 'exhausted'
                    ? 'The AI budget of this period is used up: what is left cannot pay for one more article, so nothing more is generated until it resets.'
                    : 'More than 80% of the AI budget of this period is used.'
                }
              </p>`
            }
            <h3 id="generations">Recent generations</h3>
            ${generationsTable(props.generations ?? [])}`
        : notIncluded(site, 'ai_usage')
    }
    <h2>AI images</h2>
    ${
      props.aiImages
        ? html`<p>
            AI image generation is <strong>${props.aiImages.status}</strong>: ${props.aiImages.reason}
            <small class="muted">(checked ${formatTime(props.aiImages.checkedAt)})</small>
          </p>`
        : notIncluded(site, 'ai_images')
    }
  `;
}

export function subscriptionsPage(props: {
  csrf: string;
  site: Site__Output;
  /** undefined: the plan does not include subscriptions. */
  categories?: Category__Output[];
  chosen?: string[];
  /** undefined: the plan does not include the feed. */
  preview?: Article__Output[];
  error?: string;
}): Node {
  const { site } = props;
  const chosen = new Set(props.chosen ?? []);
  return html`
    ${siteHeader(site, 'subscriptions')}
    <h2 id="topics">Topics</h2>
    ${
      props.categories
        ? html`${errorBox(props.error)}
            <form method="post" aria-labelledby="topics">
              ${csrfField(props.csrf)}
              <fieldset>
                <legend>Categories the Site's feed holds</legend>
                ${props.categories.map(
                  (c) =>
                    html`<label class="choice"
                      ><input type="checkbox" name="categories" value=${c.key} checked=${chosen.has(c.key)} /> ${c.name}
                      ${c.topics.length > 0 && html`<small class="muted">${c.topics.map((t) => t.name).join(', ')}</small>`}</label
                    >`,
                )}
              </fieldset>
              <button type="submit">Save subscriptions</button>
            </form>`
        : notIncluded(site, 'subscriptions')
    }
    <h2 id="preview">Feed preview</h2>
    ${
      props.preview === undefined
        ? notIncluded(site, 'feed')
        : props.preview.length === 0
          ? html`<p class="muted">The feed is empty: subscribe to a category above.</p>`
          : html`<ol class="preview" aria-labelledby="preview">
                ${props.preview.map(
                  (a) =>
                    html`<li>
                      <a href=${a.url} rel="noopener noreferrer">${a.title}</a>
                      <small class="muted">${formatTime(a.publishedAt)} · ${a.categories.join(', ')}</small>
                      ${a.summary && html`<br /><span>${a.summary}</span>`}
                    </li>`,
                )}
              </ol>
              <p class="muted">The newest articles, as GET /api/v1/feed answers them (the preview does not count against the feed quota).</p>`
    }
  `;
}

export interface SeoForm {
  siteName?: string;
  locale?: string;
  keywords?: string;
  tone?: string;
  topics?: string;
}

export const seoFormOf = (p: SeoProfile__Output): SeoForm => ({
  siteName: p.siteName,
  locale: p.locale,
  keywords: p.keywords.join(', '),
  tone: p.tone,
  topics: p.topics.join(', '),
});

export function seoPage(props: { csrf: string; site: Site__Output; included: boolean; form?: SeoForm; updatedAt?: string; error?: string }): Node {
  const { site } = props;
  const form = props.form ?? {};
  return html`
    ${siteHeader(site, 'seo')}
    <h2 id="seo">SEO profile</h2>
    ${
      props.included
        ? html`<p class="muted">${props.updatedAt ? `Last saved ${formatTime(props.updatedAt)}.` : 'No profile yet: saving creates it.'}</p>
            ${errorBox(props.error)}
            <form method="post" aria-labelledby="seo">
              ${csrfField(props.csrf)} ${field({ label: 'Site name', name: 'siteName', value: form.siteName ?? '', required: true, maxlength: 200 })}
              ${field({ label: 'Locale', name: 'locale', value: form.locale ?? '', required: true, maxlength: 16, hint: 'A BCP 47 language tag, e.g. en-GB.' })}
              ${field({ label: 'Keywords', name: 'keywords', value: form.keywords ?? '', hint: 'Separated by commas.' })}
              ${field({ label: 'Tone', name: 'tone', value: form.tone ?? '', required: true, maxlength: 100, hint: 'e.g. neutral, friendly or formal.' })}
              ${field({ label: 'Topics', name: 'topics', value: form.topics ?? '', hint: 'Separated by commas.' })}
              <button type="submit">Save profile</button>
            </form>`
        : notIncluded(site, 'seo_profile')
    }
  `;
}

export function billingPage(props: {
  csrf: string;
  site: Site__Output;
  plan: Plan__Output;
  subscription?: BillingSubscription__Output;
  /** Plans that can be bought (not the default plan). */
  offers: Plan__Output[];
  error?: string;
  /** A checkout just started: the payment provider's page that takes the payment. */
  checkoutUrl?: string;
}): Node {
  const { site, subscription: s } = props;
  const open = s && ['pending', 'active', 'past_due'].includes(s.status);
  return html`
    ${siteHeader(site, 'billing')}
    <h2>Plan</h2>
    <p>The Site is on the <strong>${props.plan.name}</strong> plan.</p>
    ${errorBox(props.error)}
    ${
      props.checkoutUrl &&
      html`<p class="notice" role="status">
        The checkout is ready. <a href=${props.checkoutUrl} rel="noopener noreferrer">Continue to the payment page</a>; the plan changes once the payment is
        confirmed.
      </p>`
    }
    <h2 id="subscription">Subscription</h2>
    ${
      s
        ? html`<dl class="facts">
            <dt>Plan</dt>
            <dd>${s.plan}</dd>
            <dt>Status</dt>
            <dd><span class="tag">${s.status}</span>${s.cancelAtPeriodEnd ? ' · ends at the end of the period' : ''}</dd>
            <dt>Paid until</dt>
            <dd>${formatTime(s.currentPeriodEnd)}</dd>
            <dt>Started</dt>
            <dd>${formatTime(s.createdAt)}</dd>
            ${
              s.canceledAt &&
              html`<dt>Canceled</dt>
                <dd>${formatTime(s.canceledAt)}</dd>`
            }
          </dl>`
        : html`<p class="muted">No subscription yet.</p>`
    }
    ${
      open
        ? html`<form method="post" action=${`${sitePath(site.id)}/billing/cancel`} aria-labelledby="subscription" class="actions">
            ${csrfField(props.csrf)}
            <fieldset>
              <legend>Cancel the subscription</legend>
              <label class="choice"
                ><input type="radio" name="when" value="period-end" checked /> At the end of the paid period (the plan stays until then)</label
              >
              <label class="choice"><input type="radio" name="when" value="now" /> Now (the Site returns to the default plan at once)</label>
            </fieldset>
            <button type="submit" class="danger">Cancel the subscription</button>
          </form>`
        : html`<form method="post" action=${`${sitePath(site.id)}/billing/checkout`} aria-labelledby="subscription">
            ${csrfField(props.csrf)}
            <p class="field">
              <label for="f-plan">Plan to buy</label>
              <select id="f-plan" name="plan">
                ${props.offers.map((p) => html`<option value=${p.id}>${p.name}</option>`)}
              </select>
            </p>
            <button type="submit">Go to checkout</button>
          </form>`
    }
  `;
}

export function accountPage(props: {
  csrf: string;
  customer: Customer__Output;
  users: User__Output[];
  invited?: { email: string; url: string; expiresAt: string };
  errors?: { customer?: string; invite?: string };
  form?: { name?: string; email?: string; invite?: string };
}): Node {
  const { customer } = props;
  return html`
    <h1>Account</h1>
    <p class="muted">${customer.id} · created ${formatTime(customer.createdAt)}</p>
    <h2 id="customer">Contact</h2>
    ${errorBox(props.errors?.customer)}
    <form method="post" action=${`${BASE}/account`} aria-labelledby="customer">
      ${csrfField(props.csrf)} ${field({ label: 'Name', name: 'name', value: props.form?.name ?? customer.name, required: true, maxlength: 200 })}
      ${field({ label: 'Contact e-mail', name: 'email', type: 'email', value: props.form?.email ?? customer.email, required: true, maxlength: 320 })}
      <button type="submit">Save</button>
    </form>
    <h2 id="users">Dashboard users</h2>
    <table aria-labelledby="users">
      <thead>
        <tr>
          <th scope="col">E-mail</th>
          <th scope="col">State</th>
          <th scope="col">Invited</th>
        </tr>
      </thead>
      <tbody>
        ${props.users.map(
          (u) =>
            html`<tr>
              <td>${u.email}</td>
              <td>${u.active ? 'Active' : 'Invited'}</td>
              <td>${formatTime(u.createdAt)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    <h2 id="invite">Invite someone</h2>
    ${
      props.invited
        ? secretOnce({
            id: 'invitation',
            label: `Invitation link for ${props.invited.email}`,
            value: props.invited.url,
            note: `Send this link to ${props.invited.email}: it works once, until ${formatTime(props.invited.expiresAt)}, and is not shown again.`,
          })
        : null
    }
    ${errorBox(props.errors?.invite)}
    <form method="post" action=${`${BASE}/account/invitations`} aria-labelledby="invite">
      ${csrfField(props.csrf)}
      ${field({ label: 'E-mail', name: 'email', form: 'invite', type: 'email', value: props.form?.invite ?? '', required: true, maxlength: 254 })}
      <button type="submit">Create an invitation link</button>
    </form>
  `;
}
