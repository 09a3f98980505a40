/**
 * A Site's webhook endpoints (services/webhooks/README.md): the list with the form that adds one,
 * one endpoint with its deliveries and actions, the secret shown once after creating or rotating,
 * and the confirmation before deleting. Never a receiver's answer body: status and time only.
 */
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cfs/common/rules';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import type { Delivery__Output } from '@cfs/protos/generated/cfs/webhooks/v1/Delivery.js';
import type { Endpoint__Output } from '@cfs/protos/generated/cfs/webhooks/v1/Endpoint.js';
import { notIncluded } from './features.ts';
import { secretOnce, siteHeader, sitePath } from './sites.ts';
import { csrfField, errorBox, field, formatTime, html, type Node } from '../views.ts';

export const webhooksPath = (siteId: string) => `${sitePath(siteId)}/webhooks`;
export const endpointPath = (siteId: string, endpointId: string) => `${webhooksPath(siteId)}/${encodeURIComponent(endpointId)}`;

/** What each event type means, beside its checkbox. */
const EVENT_HINTS: Record<WebhookEventType, string> = {
  'feed.changed': "the Site's feed has new changes (read them from GET /api/v1/feed/changes)",
  'ai.budget.status_changed': "the Site's AI usage status changes",
  'billing.subscription.updated': "the subscription's status or plan changes",
  'webhook.test': 'sent by “Send test event” whether or not it is chosen here',
};

export interface EndpointForm {
  url?: string;
  description?: string;
  events?: string[];
}

/** The event types as tags, with a space between them (read as separate words). */
const eventTags = (events: string[]): Node[] => events.flatMap((t, i) => [i > 0 ? ' ' : null, html`<span class="tag">${t}</span>`]);

function statusOf(e: Endpoint__Output): Node {
  return e.status === 'enabled'
    ? html`<span class="tag">enabled</span>`
    : html`<span class="tag">disabled</span>${e.disabledReason && html` <small class="muted">${e.disabledReason}</small>`}`;
}

function endpointsTable(site: Site__Output, endpoints: Endpoint__Output[]): Node {
  if (endpoints.length === 0) return html`<p class="muted">No endpoint yet: add one below to be told when the Site's feed changes.</p>`;
  return html`<table aria-labelledby="endpoints">
    <thead>
      <tr>
        <th scope="col">URL</th>
        <th scope="col">Events</th>
        <th scope="col">Description</th>
        <th scope="col">Status</th>
        <th scope="col">Created</th>
      </tr>
    </thead>
    <tbody>
      ${endpoints.map(
        (e) =>
          html`<tr>
            <td><a href=${endpointPath(site.id, e.id)}>${e.url}</a><br /><small class="muted">${e.id}</small></td>
            <td>${eventTags(e.events)}</td>
            <td>${e.description || html`<span class="muted">—</span>`}</td>
            <td>${statusOf(e)}</td>
            <td>${formatTime(e.createdAt)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function webhooksPage(props: {
  csrf: string;
  site: Site__Output;
  /** undefined: the plan does not include webhooks. */
  endpoints?: Endpoint__Output[];
  /** The most endpoints the plan lets the Site hold at once; null for no limit. */
  maxEndpoints?: number | null;
  form?: EndpointForm;
  error?: string;
}): Node {
  const { site, endpoints } = props;
  if (!endpoints)
    return html`${siteHeader(site, 'webhooks')}
      <h2>Webhooks</h2>
      ${errorBox(props.error)} ${notIncluded(site, 'webhooks')}`;
  const chosen = new Set(props.form?.events ?? ['feed.changed']);
  const limit = props.maxEndpoints ?? null;
  return html`
    ${siteHeader(site, 'webhooks')}
    <h2 id="endpoints">Webhook endpoints</h2>
    <p class="muted">
      ${
        limit === null
          ? `${endpoints.length} endpoint${endpoints.length === 1 ? '' : 's'}; the ${site.plan} plan has no limit.`
          : `${endpoints.length} of the ${limit} endpoints the ${site.plan} plan allows at once.`
      }
      ${' Events are signed by the Standard Webhooks scheme.'}
    </p>
    ${endpointsTable(site, endpoints)}
    <h2 id="new-endpoint">Add an endpoint</h2>
    ${errorBox(props.error)}
    <form method="post" action=${webhooksPath(site.id)} aria-labelledby="new-endpoint">
      ${csrfField(props.csrf)}
      ${field({
        label: 'URL',
        name: 'url',
        form: 'endpoint',
        type: 'url',
        value: props.form?.url ?? '',
        required: true,
        maxlength: 2000,
        hint: 'Where events are POSTed, e.g. https://example.com/webhooks/content-feed',
      })}
      ${field({ label: 'Description (optional)', name: 'description', form: 'endpoint', value: props.form?.description ?? '', maxlength: 500 })}
      <fieldset>
        <legend>Events</legend>
        ${WEBHOOK_EVENT_TYPES.map(
          (type) =>
            html`<p class="choice">
              <label><input type="checkbox" name="events" value=${type} checked=${chosen.has(type)} aria-describedby=${`event-${type}-hint`} /> ${type}</label
              >${' '}
              <small id=${`event-${type}-hint`} class="muted">${EVENT_HINTS[type]}</small>
            </p>`,
        )}
      </fieldset>
      <button type="submit">Add endpoint</button>
    </form>
  `;
}

const STATUS_NAMES: Record<string, string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

function deliveriesTable(props: { csrf: string; site: Site__Output; endpoint: Endpoint__Output; deliveries: Delivery__Output[] }): Node {
  const { site, endpoint } = props;
  if (props.deliveries.length === 0) return html`<p class="muted">No delivery yet: send a test event to see one.</p>`;
  return html`<table aria-labelledby="deliveries">
    <thead>
      <tr>
        <th scope="col">Delivery</th>
        <th scope="col">Status</th>
        <th scope="col">Attempts</th>
        <th scope="col">Last attempt</th>
        <th scope="col">Response</th>
        <th scope="col">Duration</th>
        <th scope="col">Actions</th>
      </tr>
    </thead>
    <tbody>
      ${props.deliveries.map(
        (d) =>
          html`<tr>
            <td>${d.eventType}<br /><small class="muted">${d.id} · queued ${formatTime(d.createdAt)}</small></td>
            <td>
              ${STATUS_NAMES[d.status] ?? d.status}
              ${d.status === 'pending' && d.nextAttemptAt && html`<br /><small class="muted">next ${formatTime(d.nextAttemptAt)}</small>`}
            </td>
            <td>${d.attempts}</td>
            <td>${formatTime(d.lastAttemptAt)}</td>
            <td>${d.responseStatus ?? html`<span class="muted">${d.attempts > 0 ? 'no answer' : '—'}</span>`}</td>
            <td>${typeof d.durationMs === 'number' ? `${d.durationMs} ms` : '—'}</td>
            <td>
              <form method="post" action=${`${endpointPath(site.id, endpoint.id)}/deliveries/${encodeURIComponent(d.id)}/retry`} class="inline">
                ${csrfField(props.csrf)}
                <button type="submit" class="secondary" aria-label=${`Retry delivery ${d.id}`}>Retry</button>
              </form>
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function endpointPage(props: {
  csrf: string;
  site: Site__Output;
  endpoint: Endpoint__Output;
  deliveries: Delivery__Output[];
  /** Where the next (older) page of deliveries starts; empty on the last page. */
  nextCursor: string;
  /** This page of deliveries is not the newest. */
  paged: boolean;
  error?: string;
}): Node {
  const { site, endpoint: e, csrf } = props;
  const base = endpointPath(site.id, e.id);
  return html`
    ${siteHeader(site, 'webhooks')}
    <p><a href=${webhooksPath(site.id)}>← All endpoints</a></p>
    <h2 id="endpoint">Endpoint ${e.url}</h2>
    <dl class="facts">
      <dt>Id</dt>
      <dd>${e.id}</dd>
      <dt>Events</dt>
      <dd>${eventTags(e.events)}</dd>
      <dt>Description</dt>
      <dd>${e.description || '—'}</dd>
      <dt>Status</dt>
      <dd>${statusOf(e)}</dd>
      <dt>Created</dt>
      <dd>${formatTime(e.createdAt)}</dd>
    </dl>
    ${errorBox(props.error)}
    <div class="actions">
      <form method="post" action=${`${base}/test`} class="inline">
        ${csrfField(csrf)}
        <button type="submit">Send test event</button>
      </form>
      <form method="post" action=${`${base}/enabled`} class="inline">
        ${csrfField(csrf)}
        <input type="hidden" name="enabled" value=${e.enabled ? 'false' : 'true'} />
        <button type="submit" class="secondary">${e.enabled ? 'Disable endpoint' : 'Enable endpoint'}</button>
      </form>
      <form method="post" action=${`${base}/rotate-secret`} class="inline">
        ${csrfField(csrf)}
        <button type="submit" class="secondary">Rotate secret</button>
      </form>
      <a href=${`${base}/delete`}>Delete endpoint</a>
    </div>
    <h2 id="deliveries">Deliveries</h2>
    <p class="muted">Newest first. A retry is one more attempt of the same delivery (the same webhook-id), signed with the current secret.</p>
    ${deliveriesTable(props)}
    <p class="actions">
      ${props.paged && html`<a href=${base}>Newest deliveries</a>`}
      ${props.nextCursor && html`<a href=${`${base}?cursor=${encodeURIComponent(props.nextCursor)}`}>More deliveries</a>`}
    </p>
  `;
}

/** After creating an endpoint or rotating its secret: the secret, this once. */
export function endpointSecretPage(props: { site: Site__Output; endpoint: Endpoint__Output; secret: string; previousSecretExpiresAt?: string }): Node {
  const { site, endpoint } = props;
  const rotated = props.previousSecretExpiresAt !== undefined;
  return html`
    <h1>${rotated ? 'Secret rotated' : 'Webhook endpoint added'}</h1>
    <p>${endpoint.url} (${endpoint.id}) for ${site.name}, events ${endpoint.events.join(', ')}.</p>
    ${secretOnce({
      id: 'secret',
      label: 'Signing secret',
      value: props.secret,
      note: 'Copy the signing secret now and give it to the receiver: this is the only time it is shown, and it cannot be shown again.',
    })}
    ${
      rotated &&
      html`<p>
        Until ${formatTime(props.previousSecretExpiresAt)} every delivery is signed with both the new and the previous secret, so the receiver can switch at any
        time in between.
      </p>`
    }
    <p><a href=${endpointPath(site.id, endpoint.id)}>Continue to the endpoint</a></p>
  `;
}

export function deleteEndpointPage(props: { csrf: string; site: Site__Output; endpoint: Endpoint__Output; error?: string }): Node {
  const { endpoint } = props;
  return html`
    <h1>Delete the endpoint ${endpoint.url}?</h1>
    <p>Nothing more is sent to it, and its deliveries are deleted with it. This cannot be undone.</p>
    ${errorBox(props.error)}
    <form method="post" class="actions">
      ${csrfField(props.csrf)}
      <button type="submit" class="danger">Delete the endpoint</button>
      <a href=${endpointPath(props.site.id, endpoint.id)}>Cancel</a>
    </form>
  `;
}
