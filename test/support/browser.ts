/**
 * A real browser for the dashboard tests: Debian's Chromium (/usr/bin/chromium, CHROMIUM_PATH to
 * override) driven by playwright-core (Playwright cannot download its own browsers here).
 * A missing browser fails the tests; it never skips them (.ci/run installs chromium).
 * Screenshots go to .ci/results/screenshots/, which CI keeps.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOTS_DIR = path.join(ROOT, '.ci', 'results', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A fresh browser context (its own cookies) whose actions give up after 10 s, well inside a test's
 * time limit, so a missing element fails with Playwright's own account of what it waited for.
 */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  context.setDefaultTimeout(10_000);
  return context;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's WCAG 2 A/AA rules on the page as it is; the violations found. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol, which the page's Content-Security-Policy does not govern
  // (an inline <script> would be refused, as it should be).
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
}
