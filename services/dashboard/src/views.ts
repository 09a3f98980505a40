/**
 * Server-rendered HTML (preact's render-to-string over htm templates, which escape every value):
 * the layout every page shares and the small parts pages are made of. Scripts and styles come only
 * from /dashboard/assets (built by scripts/build-assets.mjs), so the Content-Security-Policy needs
 * no 'unsafe-inline'.
 */
import { html } from 'htm/preact';
import type { ComponentChildren, VNode } from 'preact';
import { render } from 'preact-render-to-string';
import type { AssetManifest } from './assets.ts';

export { html };
export type Node = VNode | VNode[] | string | null | undefined | false;

export const BASE = '/dashboard';
/** The gateway's API reference page: the dashboard is served by the gateway, at the same origin. */
export const API_REFERENCE = '/docs/';

export interface PageChrome {
  title: string;
  assets: AssetManifest;
  /** The signed-in user (navigation and sign-out), if any. */
  user?: { email: string; csrf: string };
  /** A notice from the previous step, shown once. */
  flash?: string | undefined;
}

export function page(chrome: PageChrome, body: ComponentChildren): string {
  const { user } = chrome;
  return (
    '<!doctype html>' +
    render(html`
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${chrome.title} · Content Feed dashboard</title>
          <link rel="stylesheet" href=${`${BASE}/assets/${chrome.assets.css}`} />
          <script type="module" src=${`${BASE}/assets/${chrome.assets.js}`}></script>
        </head>
        <body>
          <a class="skip" href="#main">Skip to content</a>
          <header class="top">
            <a class="brand" href=${`${BASE}/`}>Content Feed</a>
            <nav aria-label="Main">
              ${user && html`<a href=${`${BASE}/sites`}>Sites</a> <a href=${`${BASE}/account`}>Account</a>`}
              <a href=${API_REFERENCE}>API reference</a>
              ${
                user &&
                html`<span class="who">${user.email}</span>
                  <form method="post" action=${`${BASE}/sign-out`} class="inline">
                    <input type="hidden" name="_csrf" value=${user.csrf} />
                    <button type="submit" class="link">Sign out</button>
                  </form>`
              }
            </nav>
          </header>
          <main id="main">${chrome.flash && html`<p class="notice" role="status">${chrome.flash}</p>`} ${body}</main>
        </body>
      </html>
    `)
  );
}

/** An error where it happened: above the form that caused it, announced to screen readers. */
export function errorBox(message: string | undefined): Node {
  return message ? html`<p class="error" role="alert">${message}</p>` : null;
}

export function csrfField(csrf: string): VNode {
  return html`<input type="hidden" name="_csrf" value=${csrf} />`;
}

/** A labelled input; `form` names its form when a page has two fields of the same name (ids stay unique). */
export function field(props: {
  label: string;
  name: string;
  form?: string;
  type?: string;
  value?: string;
  required?: boolean;
  autocomplete?: string;
  hint?: string;
  minlength?: number;
  maxlength?: number;
}): VNode {
  const id = props.form ? `f-${props.form}-${props.name}` : `f-${props.name}`;
  return html`<p class="field">
    <label for=${id}>${props.label}</label>
    <input
      id=${id}
      name=${props.name}
      type=${props.type ?? 'text'}
      value=${props.value ?? ''}
      required=${props.required ?? false}
      autocomplete=${props.autocomplete}
      minlength=${props.minlength}
      maxlength=${props.maxlength}
      aria-describedby=${props.hint ? `${id}-hint` : undefined}
    />
    ${props.hint && html`<small id=${`${id}-hint`}>${props.hint}</small>`}
  </p>`;
}

export function formatTime(iso: string | undefined | null): string {
  if (!iso) return '—';
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}
