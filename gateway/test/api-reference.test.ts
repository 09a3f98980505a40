/**
 * GET /docs/, the API reference page (src/api/api-reference.ts), built by scripts/build-api-reference.ts
 * into a folder of this test's own: what the build makes of the current description (not stale,
 * self-contained, the CSP hashes of its own scripts), and how the gateway serves it.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, type Logger } from '@cfs/common/logger';
import { buildApiReference, externalReferences } from '../scripts/build-api-reference.ts';
import {
  API_REFERENCE_FILES,
  checkApiReference,
  descriptionDigest,
  inlineScripts,
  loadApiReference,
  publicDescription,
  type ApiReferencePage,
} from '../src/api/api-reference.ts';
import type { ServiceClients } from '../src/clients/clients.ts';
import { gatewayEnvSchema } from '../src/env.ts';
import { createGateway } from '../src/gateway.ts';
import { createMemoryStores } from '../src/stores/index.ts';
import { serve } from './support.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'cfs-api-reference-test-'));
let page: ApiReferencePage;
let html: string;

beforeAll(() => {
  buildApiReference(dir);
  page = loadApiReference(dir)!;
  html = page.html.toString('utf8');
}, 60_000);

function gateway(apiReference: ApiReferencePage | null) {
  return createGateway({
    env: gatewayEnvSchema.parse({ CURSOR_SECRET: 'x'.repeat(32) }),
    clients: { identity: {}, account: {}, feed: {}, billing: {}, seo: {}, media: {} } as unknown as ServiceClients,
    logger: createLogger('test', { level: 'silent' }),
    stores: createMemoryStores(),
    apiReference,
  });
}

describe('the built page', () => {
  it('is built from the description /docs/public.json serves, and names its title and operations', () => {
    expect(page.manifest.description).toBe(descriptionDigest(publicDescription()));
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/); // standards mode, as the template says
    expect(html).toContain('<title>Content Feed Service Public API</title>');
    for (const summary of ['Who am I', 'Read the feed', 'Replace the subscriptions', 'Start a checkout']) expect(html).toContain(summary);
    expect(gunzipSync(page.gzip).equals(page.html)).toBe(true);
  });

  it('loads nothing from another host, and its CSP hashes are those of its inline scripts', () => {
    expect(externalReferences(html)).toEqual([]);
    expect(html).not.toMatch(/<script\b[^>]*\ssrc=/i);
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.manifest.scripts).toEqual(scripts.map((s) => `sha256-${createHash('sha256').update(s).digest('base64')}`));
  });

  it('the check of external references finds what a browser would load from elsewhere, and not links', () => {
    const found = externalReferences(
      [
        '<script src="https://cdn.example/redoc.js"></script>',
        "<link rel=stylesheet href='//fonts.example/css'>",
        '<img alt="" src="http://img.example/a.png">',
        '<style>@font-face{src:url(https://fonts.example/a.woff2)}</style>',
        '<style>@import "https://cdn.example/x.css";</style>',
        '<script type="module">import { hydrate } from "https://cdn.redocly.com/redoc/v3/redoc.js";</script>',
        '<a href="https://redocly.com/redoc/">API docs by Redoc</a>',
        '<img src="data:image/svg+xml,%3Csvg%3E">',
      ].join('\n'),
    );
    expect(found).toHaveLength(7);
    expect(found.join(' ')).not.toContain('redocly.com/redoc/"');
  });
});

describe('GET /docs/', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve(gateway(page));
  });
  afterAll(() => server.close());

  it('answers the page as HTML, with the security headers of the API and a policy that allows only its own scripts', async () => {
    const res = await fetch(`${server.base}/docs/`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(html);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src ${page.manifest.scripts.map((h) => `'${h}'`).join(' ')};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|\*/);
    const api = await fetch(`${server.base}/docs/public.json`);
    const security = (h: Headers) =>
      [...h.keys()].filter(
        (k) =>
          ![
            'content-security-policy',
            'cache-control',
            'content-type',
            'content-length',
            'date',
            'etag',
            'vary',
            'x-request-id',
            'ratelimit-remaining',
          ].includes(k),
      );
    expect(security(res.headers).sort()).toEqual(security(api.headers).sort());
    for (const name of security(api.headers)) expect(res.headers.get(name), name).toBe(api.headers.get(name));
  });

  it('sends it gzip-encoded to a client that accepts gzip, and only the headers to HEAD', async () => {
    const res = await fetch(`${server.base}/docs/`); // Node's fetch accepts gzip and decodes it
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(html);
    const head = await fetch(`${server.base}/docs/`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(page.html.length));
    expect(await head.text()).toBe('');
  });

  it('is 404 with the error envelope when no page was built', async () => {
    const bare = await serve(gateway(null));
    try {
      const res = await fetch(`${bare.base}/docs/`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    } finally {
      await bare.close();
    }
  });
});

describe('checkApiReference at start', () => {
  const warnings = () => {
    const warn = vi.fn();
    return { warn, logger: { warn } as unknown as Logger };
  };

  it('is silent for the page built from this description', () => {
    const { warn, logger } = warnings();
    checkApiReference(page, logger);
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns when the page was built from another description (a route changed since the build)', () => {
    const stale = mkdtempSync(path.join(tmpdir(), 'cfs-api-reference-stale-'));
    for (const file of Object.values(API_REFERENCE_FILES)) writeFileSync(path.join(stale, file), readFileSync(path.join(dir, file)));
    const other = descriptionDigest({ ...publicDescription(), paths: {} });
    writeFileSync(path.join(stale, API_REFERENCE_FILES.manifest), JSON.stringify({ ...page.manifest, description: other }));
    const { warn, logger } = warnings();
    checkApiReference(loadApiReference(stale), logger);
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('built from another API description'));
  });

  it('warns when no page was built', () => {
    const { warn, logger } = warnings();
    checkApiReference(loadApiReference(path.join(dir, 'missing')), logger);
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('not built'));
  });
});
