/**
 * The dashboard's Webhooks page in a real browser (Debian's Chromium), through the gateway at
 * <baseUrl>/dashboard/: a customer adds an endpoint pointing at a receiver this test runs on
 * 127.0.0.1, sees its secret once, sends a test event that the receiver verifies with the official
 * `standardwebhooks` package, sees the delivery succeed, retries it, disables and enables the
 * endpoint, rotates its secret, pages through deliveries and deletes it after a confirmation. Also:
 * a refused URL, the plan's quota, a plan without webhooks, and another Customer's ids (404), each
 * control found by its role and accessible name, and the axe check of every page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { acceptInvitation, DASHBOARD_PASSWORD, expectAccessible, inviteCustomer, type Invited } from '../support/dashboard-browser.ts';
import { acceptInvitationOverHttp } from '../support/dashboard-http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';
import { headersOf, Receiver, type Received } from '../support/webhook-receiver.ts';

let system: TestSystem;
let browser: Browser;
let receiver: Receiver;

/** Deliveries travel on a machine shared with other tests: wait for them generously. */
const DELIVERY_DEADLINE = { timeout: 30_000, interval: 250 };

beforeAll(async () => {
  system = await startSystem({
    webhooksEnv: {
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1',
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_SWEEP_MS: '1000',
    },
  });
  browser = await launchBrowser();
  receiver = await new Receiver().start();
}, 120_000);

afterAll(async () => {
  await receiver?.stop();
  await browser?.close();
  await system?.stop();
});

const sitePath = (invited: Invited) => `${system.baseUrl}/dashboard/sites/${invited.site.id}`;
/** The test events the receiver got at `path` (other event types the endpoint lists are not counted). */
const receivedAt = (path: string): Received[] =>
  receiver.received.filter((r) => r.path === path && (JSON.parse(r.body) as { type?: string }).type === 'webhook.test');

describe("dashboard: a Site's webhook endpoints in the browser", () => {
  let context: BrowserContext;
  let page: Page;
  let invited: Invited;
  let endpointUrl: string;
  let secret: string;
  let endpointPage: string;
  let testDeliveryId: string;

  /** The row of the deliveries table that names `id`. */
  const deliveryRow = (id: string) => page.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: id });
  /** Reloads the endpoint's page until the delivery's row says `text` (the worker delivers in the background). */
  const waitForRow = (id: string, text: RegExp) =>
    expect
      .poll(async () => {
        await page.goto(endpointPage);
        return (await deliveryRow(id).count()) === 1 ? deliveryRow(id).innerText() : '';
      }, DELIVERY_DEADLINE)
      .toMatch(text);

  beforeAll(async () => {
    invited = await inviteCustomer(system, '--plan', 'starter');
    context = await newContext(browser);
    page = await context.newPage();
    await acceptInvitation(page, invited);
    endpointUrl = receiver.url(`/dash-${invited.site.id}`);
  });
  afterAll(() => context?.close());

  it("opens from the Site's navigation: no endpoint yet, the plan's limit, one checkbox per event type", async () => {
    await page.goto(sitePath(invited));
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(`${sitePath(invited)}/webhooks`);
    expect(await page.getByRole('link', { name: 'Webhooks', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('heading', { name: 'Webhook endpoints' }).count()).toBe(1);
    expect(await page.locator('main').innerText()).toContain('0 of the 3 endpoints the starter plan allows at once');
    const events = page.getByRole('group', { name: 'Events' });
    for (const type of ['feed.changed', 'ai.budget.status_changed', 'billing.subscription.updated', 'webhook.test']) {
      expect(await events.getByRole('checkbox', { name: type, exact: true }).count(), type).toBe(1);
    }
    expect(await events.getByRole('checkbox', { name: 'feed.changed', exact: true }).isChecked()).toBe(true);
    await screenshot(page, 'webhooks-empty');
    await expectAccessible(page, 'webhooks');
  });

  it('refuses a URL naming a blocked address with the service’s safe message, keeps the form and creates nothing', async () => {
    await page.goto(`${sitePath(invited)}/webhooks`);
    await page.getByRole('textbox', { name: 'URL' }).fill('https://169.254.169.254/latest/meta-data');
    await page.getByRole('textbox', { name: 'Description (optional)' }).fill('metadata');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Add endpoint' }).click(),
    ]);
    expect(answer.status()).toBe(400);
    expect(await page.getByRole('alert').innerText()).toBe('url must not point at a link-local address');
    expect(await page.getByRole('textbox', { name: 'URL' }).inputValue()).toBe('https://169.254.169.254/latest/meta-data');
    expect(await page.getByRole('textbox', { name: 'Description (optional)' }).inputValue()).toBe('metadata');
    expect(await page.locator('main').innerText()).toContain('0 of the 3 endpoints');
    await expectAccessible(page, 'webhooks-refused');
  });

  it('adds an endpoint with its events: the secret is shown once, with a note to copy it, and never again', async () => {
    await page.goto(`${sitePath(invited)}/webhooks`);
    await page.getByRole('textbox', { name: 'URL' }).fill(endpointUrl);
    await page.getByRole('textbox', { name: 'Description (optional)' }).fill('Dashboard receiver');
    await page.getByRole('checkbox', { name: 'billing.subscription.updated', exact: true }).check();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Add endpoint' }).click(),
    ]);
    expect(answer.status()).toBe(201);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Webhook endpoint added');
    secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await page.locator('main').innerText()).toContain('Copy the signing secret now');
    expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    await screenshot(page, 'webhooks-secret');
    await expectAccessible(page, 'webhooks-secret');

    await page.getByRole('link', { name: 'Continue to the endpoint' }).click();
    endpointPage = page.url();
    expect(endpointPage).toMatch(new RegExp(`/webhooks/whep_[A-Za-z0-9_-]+$`));
    const facts = await page.locator('dl.facts').innerText();
    expect(facts).toContain('feed.changed');
    expect(facts).toContain('billing.subscription.updated');
    expect(facts).toContain('Dashboard receiver');
    expect(facts).toMatch(/Status\s+enabled/);
    // Neither the endpoint's page nor the list shows the secret again, reloaded or not.
    await page.reload();
    expect(await page.content()).not.toContain(secret.slice(6, 30));
    await page.goto(`${sitePath(invited)}/webhooks`);
    expect(await page.content()).not.toContain(secret.slice(6, 30));
    const row = page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('row').filter({ hasText: endpointUrl });
    expect(await row.innerText()).toMatch(/feed\.changed\s+billing\.subscription\.updated\s+Dashboard receiver\s+enabled/);
    expect(await page.locator('main').innerText()).toContain('1 of the 3 endpoints');
    await expectAccessible(page, 'webhooks-list');
  });

  it('sends a test event: the receiver verifies it with standardwebhooks and the secret, and the delivery shows as succeeded', async () => {
    await page.goto(endpointPage);
    await page.getByRole('button', { name: 'Send test event' }).click();
    const notice = await page.getByRole('status').first().innerText();
    testDeliveryId = /delivery (whmsg_[A-Za-z0-9_-]+)/.exec(notice)?.[1] ?? '';
    expect(testDeliveryId, notice).not.toBe('');
    await expect.poll(() => receivedAt(new URL(endpointUrl).pathname).length, DELIVERY_DEADLINE).toBe(1);
    const got = receivedAt(new URL(endpointUrl).pathname)[0]!;
    expect(got.headers['webhook-id']).toBe(testDeliveryId);
    const payload = new Webhook(secret).verify(got.body, headersOf(got)) as { type: string };
    expect(payload.type).toBe('webhook.test');
    // Another secret does not verify it: the signature is the endpoint's.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, headersOf(got))).toThrow();

    await waitForRow(testDeliveryId, /Succeeded/);
    const cells = await deliveryRow(testDeliveryId).getByRole('cell').allInnerTexts();
    expect(cells[0]).toContain('webhook.test');
    expect(cells[1]).toContain('Succeeded');
    expect(cells[2]).toBe('1');
    expect(cells[3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(cells[4]).toBe('204');
    expect(cells[5]).toMatch(/^\d+ ms$/);
    await screenshot(page, 'webhooks-endpoint');
    await expectAccessible(page, 'webhooks-endpoint');
  });

  it('retries a delivery: one more attempt with the same webhook-id, signed with the current secret', async () => {
    await page.goto(endpointPage);
    await page.getByRole('button', { name: `Retry delivery ${testDeliveryId}` }).click();
    expect(await page.getByRole('status').first().innerText()).toContain(`Delivery ${testDeliveryId} is being attempted again.`);
    await expect.poll(() => receivedAt(new URL(endpointUrl).pathname).length, DELIVERY_DEADLINE).toBe(2);
    const again = receivedAt(new URL(endpointUrl).pathname)[1]!;
    expect(again.headers['webhook-id']).toBe(testDeliveryId);
    expect((new Webhook(secret).verify(again.body, headersOf(again)) as { type: string }).type).toBe('webhook.test');
    await waitForRow(testDeliveryId, /Succeeded\s+2\s/);
  });

  it('disables the endpoint (a test event is then refused with the reason) and enables it again', async () => {
    await page.goto(endpointPage);
    await page.getByRole('button', { name: 'Disable endpoint' }).click();
    expect(await page.getByRole('status').first().innerText()).toContain('Endpoint disabled');
    expect(await page.locator('dl.facts').innerText()).toMatch(/Status\s+disabled\s+\S/);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send test event' }).click(),
    ]);
    expect(answer.status()).toBe(409);
    expect(await page.getByRole('alert').innerText()).toBe('The endpoint is disabled; enable it first.');
    await expectAccessible(page, 'webhooks-disabled');
    await page.getByRole('button', { name: 'Enable endpoint' }).click();
    expect(await page.getByRole('status').first().innerText()).toContain('Endpoint enabled');
    expect(await page.locator('dl.facts').innerText()).toMatch(/Status\s+enabled/);
    expect(await page.getByRole('button', { name: 'Disable endpoint' }).count()).toBe(1);
  });

  it('rotates the secret: the new one is shown once, and the next delivery verifies with it', async () => {
    await page.goto(endpointPage);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Secret rotated');
    const rotated = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expectAccessible(page, 'webhooks-rotated');
    await page.getByRole('link', { name: 'Continue to the endpoint' }).click();
    expect(await page.content()).not.toContain(rotated.slice(6, 30));
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receivedAt(new URL(endpointUrl).pathname).length, DELIVERY_DEADLINE).toBe(3);
    const got = receivedAt(new URL(endpointUrl).pathname)[2]!;
    expect((new Webhook(rotated).verify(got.body, headersOf(got)) as { type: string }).type).toBe('webhook.test');
    secret = rotated;
  });

  it('lists deliveries newest first, 20 a page, with a link to more while the cursor says there are', async () => {
    await page.goto(endpointPage);
    // Two deliveries so far; 19 more make 21: one more than a page.
    for (let i = 0; i < 19; i += 1) await page.getByRole('button', { name: 'Send test event' }).click();
    const table = page.getByRole('table', { name: 'Deliveries' });
    expect(await table.getByRole('row').count()).toBe(1 + 20);
    // The first test delivery is the oldest: not on the newest page.
    expect(await deliveryRow(testDeliveryId).count()).toBe(0);
    await page.getByRole('link', { name: 'More deliveries' }).click();
    expect(await table.getByRole('row').count()).toBe(1 + 1);
    expect(await deliveryRow(testDeliveryId).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'More deliveries' }).count()).toBe(0);
    await expectAccessible(page, 'webhooks-older');
    await page.getByRole('link', { name: 'Newest deliveries' }).click();
    expect(await table.getByRole('row').count()).toBe(1 + 20);
  });

  it("is usable with the keyboard alone, and says when the plan's quota of endpoints is reached", async () => {
    await page.goto(`${sitePath(invited)}/webhooks`);
    await page.getByRole('textbox', { name: 'URL' }).focus();
    await page.keyboard.type(receiver.url('/keyboard'));
    await page.keyboard.press('Tab');
    await page.keyboard.type('typed');
    await page.keyboard.press('Tab'); // feed.changed, checked already
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // ai.budget.status_changed
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add endpoint');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Webhook endpoint added' }).waitFor();
    await page.goto(`${sitePath(invited)}/webhooks`);
    const row = page
      .getByRole('table', { name: 'Webhook endpoints' })
      .getByRole('row')
      .filter({ hasText: receiver.url('/keyboard') });
    expect(await row.innerText()).toMatch(/feed\.changed\s+ai\.budget\.status_changed\s+typed/);

    // The starter plan holds 3 at once: the third is accepted, a fourth is refused with the reason.
    for (const path of ['/third', '/fourth']) {
      await page.getByRole('textbox', { name: 'URL' }).fill(receiver.url(path));
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      if (path === '/third') await page.goto(`${sitePath(invited)}/webhooks`);
    }
    expect(await page.getByRole('alert').innerText()).toBe("The site's plan allows 3 webhook endpoints at once; delete one to add another.");
    expect(await page.locator('main').innerText()).toContain('3 of the 3 endpoints');
  });

  it('deletes an endpoint after a confirmation; Cancel keeps it, and its page is gone afterwards', async () => {
    await page.goto(endpointPage);
    await page.getByRole('link', { name: 'Delete endpoint' }).click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Delete the endpoint ${endpointUrl}?`);
    await expectAccessible(page, 'webhooks-delete');
    await page.getByRole('link', { name: 'Cancel' }).click();
    expect(page.url()).toBe(endpointPage);
    await page.getByRole('link', { name: 'Delete endpoint' }).click();
    await page.getByRole('button', { name: 'Delete the endpoint' }).click();
    await page.waitForURL(`${sitePath(invited)}/webhooks`);
    expect(await page.getByRole('status').first().innerText()).toBe(`Endpoint ${endpointUrl} deleted.`);
    expect(await page.locator('main').innerText()).toContain('2 of the 3 endpoints');
    expect(await page.getByRole('link', { name: endpointUrl }).count()).toBe(0);
    const gone = await page.goto(endpointPage);
    expect(gone?.status()).toBe(404);
  });
});

describe('dashboard: webhooks on a plan without them', () => {
  it('explains that the plan lacks webhooks, offers no form, and refuses a forged request as the API would', async () => {
    const invited = await inviteCustomer(system);
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await acceptInvitation(page, invited);
      await page.goto(`${sitePath(invited)}/webhooks`);
      expect(await page.locator('main').innerText()).toContain('The free plan does not include webhook endpoints. Change the plan to use it.');
      expect(await page.getByRole('link', { name: 'Change the plan' }).getAttribute('href')).toBe(`/dashboard/sites/${invited.site.id}/billing`);
      expect(await page.getByRole('button', { name: 'Add endpoint' }).count()).toBe(0);
      await expectAccessible(page, 'webhooks-not-included');
    } finally {
      await context.close();
    }
    const other = await inviteCustomer(system);
    const session = await acceptInvitationOverHttp(other.invite.url, DASHBOARD_PASSWORD);
    const forged = await session.post(`/sites/${other.site.id}/webhooks`, { url: receiver.url('/forged'), events: 'feed.changed' });
    expect(forged.status).toBe(403);
    expect(forged.text).toMatch(/role="alert">The site(&#39;|')s plan does not include webhooks\.<\/p>/);
  });
});

describe("dashboard: another Customer's endpoints", () => {
  it("are not found through the dashboard's routes, and nothing of them changes", async () => {
    const [a, b] = [await inviteCustomer(system, '--plan', 'pro'), await inviteCustomer(system, '--plan', 'pro')];
    const [sa, sb] = [await acceptInvitationOverHttp(a.invite.url, DASHBOARD_PASSWORD), await acceptInvitationOverHttp(b.invite.url, DASHBOARD_PASSWORD)];
    const created = await sb.post(`/sites/${b.site.id}/webhooks`, { url: receiver.url('/b'), events: 'feed.changed' });
    expect(created.status).toBe(201);
    const endpointId = /whep_[A-Za-z0-9_-]+/.exec(created.text)![0];
    const tested = await sb.post(`/sites/${b.site.id}/webhooks/${endpointId}/test`, {});
    expect(tested.status).toBe(303);
    const page = await sb.get(`/sites/${b.site.id}/webhooks/${endpointId}`);
    const deliveryId = /whmsg_[A-Za-z0-9_-]+/.exec(page.text)![0];

    // A's session, B's endpoint under A's Site: not found, for every page and action.
    const under = `/sites/${a.site.id}/webhooks/${endpointId}`;
    expect((await sa.get(under)).status).toBe(404);
    expect((await sa.get(`${under}/delete`)).status).toBe(404);
    for (const action of ['/test', '/rotate-secret', '/delete', `/deliveries/${deliveryId}/retry`]) {
      expect((await sa.post(`${under}${action}`, {})).status, action).toBe(404);
    }
    expect((await sa.post(`${under}/enabled`, { enabled: 'false' })).status).toBe(404);
    // B's Site itself is not A's.
    expect((await sa.get(`/sites/${b.site.id}/webhooks`)).status).toBe(404);
    expect((await sa.get(`/sites/${b.site.id}/webhooks/${endpointId}`)).status).toBe(404);
    expect((await sa.post(`/sites/${b.site.id}/webhooks/${endpointId}/delete`, {})).status).toBe(404);
    // A's own endpoint cannot retry B's delivery either.
    const own = await sa.post(`/sites/${a.site.id}/webhooks`, { url: receiver.url('/a'), events: 'feed.changed' });
    const ownId = /whep_[A-Za-z0-9_-]+/.exec(own.text)![0];
    expect((await sa.post(`/sites/${a.site.id}/webhooks/${ownId}/deliveries/${deliveryId}/retry`, {})).status).toBe(404);

    // Without the session's CSRF token, or signed out, nothing happens either.
    const noCsrf = await fetch(`${sb.origin}/dashboard/sites/${b.site.id}/webhooks/${endpointId}/delete`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: sb.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(noCsrf.status).toBe(403);
    const signedOut = await fetch(`${sb.origin}/dashboard/sites/${b.site.id}/webhooks`, { redirect: 'manual' });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/dashboard/sign-in');

    const still = await sb.get(`/sites/${b.site.id}/webhooks/${endpointId}`);
    expect(still.status).toBe(200);
    expect(still.text).toContain(receiver.url('/b'));
    expect(still.text).toContain('<span class="tag">enabled</span>');
    expect(still.text).not.toContain('<span class="tag">disabled</span>');
  });
});
