/**
 * GET /docs/, the API reference page, as people use it: over HTTP through the gateway (a page built
 * from the description the same gateway serves at /docs/public.json, referring to no other host)
 * and in a real browser (it renders an operation, and nothing is fetched from anywhere but the
 * gateway, with nothing refused by its Content-Security-Policy).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let browser: Browser | undefined;

beforeAll(async () => {
  system = await startSystem();
});

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

/** Every URL a tag would load (script, link, img, iframe, source, font preloads …), as written. */
function loadedUrls(html: string): string[] {
  return [...html.matchAll(/<(?:script|link|img|iframe|source|video|audio|embed|object)\b[^>]*?\s(?:src|href|srcset|data)\s*=\s*["']?([^"'\s>]+)/gi)].map(
    (m) => m[1]!,
  );
}

describe('GET /docs/ over HTTP', () => {
  it('answers 200 text/html: the API title and its operations, from the description /docs/public.json serves', async () => {
    const res = await fetch(`${system.baseUrl}/docs/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none';script-src 'sha256-/);
    const html = await res.text();
    expect(html).toContain('<title>Content Feed Service Public API</title>');
    for (const name of ['Who am I', 'Read the feed', 'Replace the subscriptions', 'Start a checkout', 'getFeed']) expect(html).toContain(name);
    // The page carries the description it was built from: the one this gateway serves (not stale).
    const embedded = /const __redoc_definition = (.*);\n/.exec(html)?.[1];
    expect(embedded, 'the description inside the page').toBeDefined();
    const served = (await (await fetch(`${system.baseUrl}/docs/public.json`)).json()) as unknown;
    expect(JSON.parse(embedded!)).toEqual(served);
  });

  it('refers to no other host in a tag a browser loads from', async () => {
    const html = await (await fetch(`${system.baseUrl}/docs/`)).text();
    const urls = loadedUrls(html);
    expect(urls.length).toBeGreaterThan(0); // the checker sees the page's own (data:) icon
    expect(urls.filter((u) => /^(https?:)?\/\//i.test(u) && new URL(u, system.baseUrl).origin !== system.baseUrl)).toEqual([]);
    expect(html).not.toMatch(/<script\b[^>]*\ssrc=/i);
  });
});

describe('GET /docs/ in Chromium', () => {
  it('renders an operation, fetching nothing but the page, with no request refused by its policy', async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    const page = await context.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${system.baseUrl}/docs/`);
    const menu = page.locator('.menu-content');
    await menu.getByText('Feed', { exact: true }).click();
    await menu.getByText('Read the feed', { exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/docs\/#\/feed\/getfeed$/);
    const operation = page.locator('[data-section-id="/feed/getfeed"]');
    await operation.getByRole('heading', { name: 'Read the feed' }).waitFor();
    await operation.getByText('The nextCursor of the previous page', { exact: false }).waitFor();
    await screenshot(page, 'api-reference-operation');
    expect(requested.filter((u) => !u.startsWith('data:') && new URL(u).origin !== system.baseUrl)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
