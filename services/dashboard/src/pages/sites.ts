/** The Sites of the Customer (create, open) and one Site (rename, Credentials, connection codes). */
import { CUSTOMER_SCOPES } from '@cfs/common/scopes';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import { BASE, csrfField, errorBox, field, formatTime, html, type Node } from '../views.ts';

export const sitePath = (siteId: string) => `${BASE}/sites/${encodeURIComponent(siteId)}`;

/** A Site's page is one of these, named in the Site's own navigation. */
export type SiteSection = 'credentials' | 'usage' | 'subscriptions' | 'seo' | 'webhooks' | 'billing';
const SECTIONS: Array<{ section: SiteSection; label: string; path: string }> = [
  { section: 'credentials', label: 'Credentials', path: '' },
  { section: 'usage', label: 'Usage', path: '/usage' },
  { section: 'subscriptions', label: 'Subscriptions', path: '/subscriptions' },
  { section: 'seo', label: 'SEO profile', path: '/seo' },
  { section: 'webhooks', label: 'Webhooks', path: '/webhooks' },
  { section: 'billing', label: 'Billing', path: '/billing' },
];

/** The Site's heading and its navigation; the current page is marked for screen readers too. */
export function siteHeader(site: Site__Output, current: SiteSection): Node {
  return html`
    <p><a href=${`${BASE}/sites`}>← All Sites</a></p>
    <h1>${site.name}</h1>
    <p class="muted">${site.url} · plan <span class="tag">${site.plan}</span> · ${site.id}</p>
    <nav aria-label="Site" class="tabs">
      ${SECTIONS.map((s) => html`<a href=${`${sitePath(site.id)}${s.path}`} aria-current=${s.section === current ? 'page' : undefined}>${s.label}</a>`)}
    </nav>
  `;
}

/** A Site's feed quota this period, for the Sites list (absent when the counters cannot be read). */
export interface FeedUsage {
  used: number;
  quota: number | null;
  period: string | null;
}

function feedUsageCell(u: FeedUsage | undefined): Node {
  if (!u) return html`<span class="muted">—</span>`;
  if (u.period === null) return html`<span class="muted">not in plan</span>`;
  const label =
    u.quota === null
      ? `${u.used.toLocaleString('en')} this ${u.period} (unlimited)`
      : `${u.used.toLocaleString('en')} of ${u.quota.toLocaleString('en')} this ${u.period}`;
  return u.quota === null
    ? label
    : html`<meter
          min="0"
          max=${u.quota}
          value=${Math.min(u.used, u.quota)}
          low=${u.quota * 0.8}
          high=${u.quota * 0.95}
          optimum="0"
          aria-label=${`Feed requests: ${label}`}
        ></meter>
        ${label}`;
}

export function sitesPage(props: {
  csrf: string;
  sites: Site__Output[];
  usage?: Map<string, FeedUsage>;
  error?: string;
  form?: { name?: string; url?: string };
}): Node {
  return html`
    <h1>Sites</h1>
    ${
      props.sites.length === 0
        ? html`<p>No Site yet. Create the first one below.</p>`
        : html`<table>
            <caption class="muted">
              Every Site of your account, oldest first.
            </caption>
            <thead>
              <tr>
                <th scope="col">Site</th>
                <th scope="col">URL</th>
                <th scope="col">Plan</th>
                ${props.usage && html`<th scope="col">Feed requests</th>`}
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              ${props.sites.map(
                (s) =>
                  html`<tr>
                    <td><a href=${sitePath(s.id)}>${s.name}</a></td>
                    <td>${s.url}</td>
                    <td><span class="tag">${s.plan}</span></td>
                    ${props.usage && html`<td>${feedUsageCell(props.usage.get(s.id))}</td>`}
                    <td>${formatTime(s.createdAt)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    <h2 id="new-site">Create a Site</h2>
    ${errorBox(props.error)}
    <form method="post" action=${`${BASE}/sites`} aria-labelledby="new-site">
      ${csrfField(props.csrf)} ${field({ label: 'Name', name: 'name', value: props.form?.name, required: true, maxlength: 100 })}
      ${field({ label: 'URL', name: 'url', type: 'url', value: props.form?.url, required: true, hint: 'The address of the site, e.g. https://news.example.com' })}
      <button type="submit">Create Site</button>
    </form>
  `;
}

export interface CredentialForm {
  name?: string;
  scopes?: string[];
  audience?: string;
  /** Rotation: the Credential the new one replaces (revoked once the new one exists). */
  replaces?: string;
}

export function credentialForm(props: { csrf: string; site: Site__Output; audiences: string[]; form?: CredentialForm; error?: string }): Node {
  const form = props.form ?? {};
  const chosen = new Set(form.scopes ?? ['feed.read']);
  return html`
    ${errorBox(props.error)}
    <form method="post" action=${`${sitePath(props.site.id)}/credentials`} aria-labelledby="new-credential">
      ${csrfField(props.csrf)} ${form.replaces && html`<input type="hidden" name="replaces" value=${form.replaces} />`}
      ${field({ label: 'Name', name: 'name', form: 'credential', value: form.name ?? '', required: true, maxlength: 100 })}
      <fieldset>
        <legend>Scopes</legend>
        ${CUSTOMER_SCOPES.map((scope) => html`<label><input type="checkbox" name="scopes" value=${scope} checked=${chosen.has(scope)} /> ${scope}</label>`)}
      </fieldset>
      <p class="field">
        <label for="f-audience">Audience</label>
        <select id="f-audience" name="audience">
          ${props.audiences.map((a) => html`<option value=${a} selected=${a === (form.audience ?? 'content-feed')}>${a}</option>`)}
        </select>
      </p>
      <button type="submit">${form.replaces ? 'Create the new Credential and revoke the old one' : 'Create Credential'}</button>
    </form>
  `;
}

function credentialRow(site: Site__Output, c: Credential__Output): Node {
  const base = `${sitePath(site.id)}/credentials/${encodeURIComponent(c.id)}`;
  const state = c.revokedAt ? `Revoked ${formatTime(c.revokedAt)}` : c.expiresAt ? `Expires ${formatTime(c.expiresAt)}` : 'Active';
  return html`<tr>
    <td>${c.name}<br /><small class="muted">${c.id}</small></td>
    <td>${c.scopes.map((s) => html`<span class="tag">${s}</span>`)}</td>
    <td>${c.audience}</td>
    <td>${state}</td>
    <td>
      ${
        !c.revokedAt &&
        html`<span class="actions">
          <a href=${`${base}/rotate`} aria-label=${`Rotate ${c.name}`}>Rotate</a>
          <a href=${`${base}/revoke`} aria-label=${`Revoke ${c.name}`}>Revoke</a>
        </span>`
      }
    </td>
  </tr>`;
}

export function sitePage(props: {
  csrf: string;
  site: Site__Output;
  credentials: Credential__Output[];
  audiences: string[];
  errors?: { rename?: string; credential?: string; code?: string };
  rename?: { name?: string; url?: string };
}): Node {
  const { site } = props;
  return html`
    ${siteHeader(site, 'credentials')}

    <h2 id="credentials">Credentials</h2>
    ${
      props.credentials.length === 0
        ? html`<p>No Credential yet.</p>`
        : html`<table aria-labelledby="credentials">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Scopes</th>
                <th scope="col">Audience</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              ${props.credentials.map((c) => credentialRow(site, c))}
            </tbody>
          </table>`
    }

    <h2 id="new-credential">Create a Credential</h2>
    ${credentialForm({ csrf: props.csrf, site, audiences: props.audiences, ...(props.errors?.credential ? { error: props.errors.credential } : {}) })}

    <h2 id="connection-codes">Connect a CMS</h2>
    <p>A connection code lets a CMS connector get its own Credential (feed.read, subscription.manage and webhooks.manage) once, within 15 minutes.</p>
    ${errorBox(props.errors?.code)}
    <form method="post" action=${`${sitePath(site.id)}/connection-codes`}>
      ${csrfField(props.csrf)}
      <button type="submit" class="secondary">Create a connection code</button>
    </form>

    <h2 id="rename">Rename</h2>
    ${errorBox(props.errors?.rename)}
    <form method="post" action=${sitePath(site.id)} aria-labelledby="rename">
      ${csrfField(props.csrf)} ${field({ label: 'Name', name: 'name', form: 'rename', value: props.rename?.name ?? site.name, required: true, maxlength: 100 })}
      ${field({ label: 'URL', name: 'url', form: 'rename', type: 'url', value: props.rename?.url ?? site.url, required: true })}
      <button type="submit">Save</button>
    </form>
  `;
}

/** A secret shown once (a new Credential's token, a connection code), with a copy button. */
export function secretOnce(props: { id: string; label: string; value: string; note: string }): Node {
  return html`
    <div class="secret">
      <label for=${props.id}>${props.label}</label>
      <input id=${props.id} type="text" readonly value=${props.value} data-select-on-focus />
      <button type="button" class="secondary" data-copy=${props.id} hidden>Copy</button>
    </div>
    <p id=${`${props.id}-status`} role="status" class="muted"></p>
    <p><strong>${props.note}</strong></p>
  `;
}

export function createdCredentialPage(props: { site: Site__Output; credential: Credential__Output; secret: string; revoked?: Credential__Output }): Node {
  return html`
    <h1>Credential created</h1>
    <p>${props.credential.name} (${props.credential.id}) for ${props.site.name}, scopes ${props.credential.scopes.join(', ') || 'none'}.</p>
    ${secretOnce({ id: 'secret', label: 'Secret', value: props.secret, note: 'This is the only time the secret is shown. Store it now; it cannot be shown again.' })}
    ${props.revoked && html`<p class="notice" role="status">The old Credential ${props.revoked.name} (${props.revoked.id}) is revoked.</p>`}
    <p><a href=${sitePath(props.site.id)}>Back to ${props.site.name}</a></p>
  `;
}

export function connectionCodePage(props: { site: Site__Output; code: string; expiresAt: string }): Node {
  return html`
    <h1>Connection code</h1>
    ${secretOnce({ id: 'code', label: 'Code', value: props.code, note: `Enter it in the CMS connector before ${formatTime(props.expiresAt)}. It works once and is not shown again.` })}
    <p><a href=${sitePath(props.site.id)}>Back to ${props.site.name}</a></p>
  `;
}

export function revokePage(props: { csrf: string; site: Site__Output; credential: Credential__Output; error?: string }): Node {
  const { credential } = props;
  return html`
    <h1>Revoke ${credential.name}?</h1>
    <p>Every request with this Credential is refused from the next one on. This cannot be undone.</p>
    ${errorBox(props.error)}
    <form method="post" class="actions">
      ${csrfField(props.csrf)}
      <button type="submit" class="danger">Revoke ${credential.name}</button>
      <a href=${sitePath(props.site.id)}>Cancel</a>
    </form>
  `;
}

export function rotatePage(props: {
  csrf: string;
  site: Site__Output;
  credential: Credential__Output;
  audiences: string[];
  error?: string;
  form?: CredentialForm;
}): Node {
  const { credential } = props;
  return html`
    <h1>Rotate ${credential.name}</h1>
    <p>A new Credential is created with the settings below (the old one's, preselected); then the old one is revoked.</p>
    ${credentialForm({
      csrf: props.csrf,
      site: props.site,
      audiences: props.audiences,
      form: props.form ?? { name: credential.name, scopes: credential.scopes, audience: credential.audience, replaces: credential.id },
      ...(props.error ? { error: props.error } : {}),
    })}
  `;
}
