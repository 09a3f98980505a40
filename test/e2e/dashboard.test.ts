/**
 * The customer dashboard in a real browser (Debian's Chromium driven by playwright-core), through
 * the gateway at <baseUrl>/dashboard/ as `npm start` serves it: an invited customer sets a password,
 * signs in and manages Sites and Credentials; what the dashboard does is then checked over the
 * public API (a new Credential works, a revoked one is refused). Also: CSRF refusal, sign-in
 * throttling without account enumeration, sign-out and session expiry, the Content-Security-Policy,
 * and an axe-core scan of every page. Screenshots: .ci/results/screenshots/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, createClient } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { acceptInvitation, DASHBOARD_PASSWORD, expectAccessible, inviteCustomer, type Invited } from '../support/dashboard-browser.ts';
import { acceptInvitationOverHttp } from '../support/dashboard-http.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-standin.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let system: TestSystem;
let browser: Browser;
let dashboard: string;

const PASSWORD = DASHBOARD_PASSWORD;

/** A Customer made with the operator CLI of `on` (the file's system unless given), e.g. `--plan starter`. */
const newCustomer = (on: TestSystem = system, ...flags: string[]): Promise<Invited> => inviteCustomer(on, ...flags);

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${dashboard}sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const me = (token: string) => request(system.baseUrl, 'GET', '/api/v1/me', { token });

beforeAll(async () => {
  system = await startSystem({ dashboardEnv: { SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3', SIGN_IN_MAX_FAILURES_PER_IP: '1000' } });
  dashboard = `${system.baseUrl}/dashboard/`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

describe('dashboard: an invited customer manages Sites and Credentials in the browser', () => {
  let context: BrowserContext;
  let page: Page;
  let invited: Invited;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    invited = await newCustomer();
    context = await newContext(browser);
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
  });
  afterAll(() => context?.close());

  it('`customer create` prints a one-time invitation link into the dashboard', () => {
    expect(invited.invite.url).toMatch(new RegExp(`^${dashboard.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}invitations/cfi_[A-Za-z0-9_-]{43}$`));
    expect(invited.invite.email).toBe(invited.customer.email);
    const hours = (Date.parse(invited.invite.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
  });

  it('the invitation sets the password and signs the user in; the link works once', async () => {
    await page.goto(invited.invite.url);
    await screenshot(page, 'invitation');
    await expectAccessible(page, 'invitation');
    // A short password is refused with the identity service's message, and the link stays usable.
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Repeat the password').fill('short');
    await page.evaluate(() => document.querySelectorAll('input[minlength]').forEach((i) => i.removeAttribute('minlength')));
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('12 to 256 characters');
    await acceptInvitation(page, invited);
    await expect(page.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sites');
    expect(await page.getByRole('link', { name: 'Main site' }).count()).toBe(1);
    await screenshot(page, 'sites');
    await expectAccessible(page, 'sites');

    const other = await browser.newPage();
    await other.goto(invited.invite.url);
    await other.getByLabel('New password').fill(`${PASSWORD} again`);
    await other.getByLabel('Repeat the password').fill(`${PASSWORD} again`);
    await other.getByRole('button', { name: 'Set password and sign in' }).click();
    expect(await other.getByRole('alert').textContent()).toMatch(/not valid or has expired/);
    await other.close();
  });

  it('links to the API reference from the main navigation: the gateway serves it beside the dashboard', async () => {
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API reference' });
    const href = await link.getAttribute('href');
    expect(href).toBe('/docs/');
    const docs = await context.newPage();
    const res = await docs.goto(new URL(href!, page.url()).toString());
    expect(res?.status()).toBe(200);
    expect(await docs.title()).toBe('Content Feed Service Public API');
    await docs.close();
  });

  it('creates a Site, shows the API error where a bad URL was entered, and renames the Site', async () => {
    await page.getByLabel('Name').fill('Second site');
    await page.getByLabel('URL').fill('ftp://files.dash.example');
    await page.getByRole('button', { name: 'Create Site' }).click();
    const alert = await page.getByRole('alert').textContent();
    expect(alert).toMatch(/url/i);
    expect(await page.getByLabel('Name').inputValue()).toBe('Second site');

    await page.getByLabel('URL').fill('https://second.dash.example');
    await page.getByRole('button', { name: 'Create Site' }).click();
    await page.waitForURL(/\/dashboard\/sites\/site_/);
    expect(await page.getByRole('status').first().textContent()).toBe('Site Second site created.');
    await screenshot(page, 'site');
    await expectAccessible(page, 'site');

    await page.getByRole('form', { name: 'Rename' }).getByLabel('Name').fill('Second site, renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Second site, renamed');
    const sites = await request(system.baseUrl, 'GET', '/api/v1/account/sites', { token: await ownerToken() });
    expect((sites.body as { data: Array<{ name: string }> }).data.map((s) => s.name)).toContain('Second site, renamed');
  });

  let secret = '';
  let siteUrl = '';

  it('creates a Credential: the secret is shown once, with a copy button, and works over HTTP', async () => {
    await page.goto(`${dashboard}sites/${invited.site.id}`);
    siteUrl = page.url();
    await page.getByRole('form', { name: 'Create a Credential' }).getByLabel('Name').fill('Newsroom widget');
    await page.getByLabel('account.read').check();
    await page.getByRole('button', { name: 'Create Credential' }).click();
    secret = await page.getByLabel('Secret').inputValue();
    expect(secret).toMatch(/^cfs_/);
    expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: system.baseUrl });
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.locator('#secret-status').textContent()).toBe('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'credential-created');
    await expectAccessible(page, 'credential created');

    const res = await me(secret);
    expect(res.status).toBe(200);
    expect((res.body as { site: { id: string }; credential: { name: string; scopes: string[] } }).credential).toMatchObject({
      name: 'Newsroom widget',
      scopes: ['account.read', 'feed.read'],
    });

    // Never shown again: the Site's page lists the Credential without its secret.
    await page.goto(siteUrl);
    expect(await page.content()).not.toContain(secret);
    expect(await page.getByText('Newsroom widget').count()).toBeGreaterThan(0);
  });

  it('rotates a Credential: a new one with the old scopes preselected, then the old one is refused', async () => {
    await page.getByRole('link', { name: 'Rotate Newsroom widget' }).click();
    await screenshot(page, 'credential-rotate');
    await expectAccessible(page, 'rotate');
    expect(await page.getByLabel('account.read').isChecked()).toBe(true);
    expect(await page.getByLabel('feed.read').isChecked()).toBe(true);
    expect(await page.getByLabel('billing.manage').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Create the new Credential and revoke the old one' }).click();
    const rotated = await page.getByLabel('Secret').inputValue();
    expect(rotated).not.toBe(secret);
    expect(await page.getByRole('status').filter({ hasText: 'is revoked' }).count()).toBe(1);
    expect((await me(secret)).status).toBe(401);
    expect((await me(rotated)).status).toBe(200);
    secret = rotated;
  });

  it('revokes a Credential after a confirmation; the next request with it is refused', async () => {
    await page.goto(siteUrl);
    await page.getByRole('link', { name: 'Revoke Newsroom widget' }).first().click();
    await screenshot(page, 'credential-revoke');
    await expectAccessible(page, 'revoke');
    expect((await me(secret)).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke Newsroom widget' }).click();
    await page.waitForURL(siteUrl);
    expect(await page.getByRole('status').first().textContent()).toBe('Credential Newsroom widget revoked.');
    expect((await me(secret)).status).toBe(401);
  });

  it('mints a connection code that a CMS connector redeems once', async () => {
    await page.getByRole('button', { name: 'Create a connection code' }).click();
    const code = await page.getByLabel('Code').inputValue();
    await screenshot(page, 'connection-code');
    await expectAccessible(page, 'connection code');
    const redeemed = await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } });
    expect(redeemed.status).toBe(201);
    // A dashboard user is no issuer Credential: the connector's Credential never expires.
    expect(redeemed.body).toMatchObject({ credential: { scopes: ['feed.read', 'subscription.manage', 'webhooks.manage'], expiresAt: null } });
    expect((await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } })).status).toBe(401);
  });

  it('never needed an inline script: no Content-Security-Policy violation, and the policy forbids them', async () => {
    const res = await fetch(`${dashboard}sign-in`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(cspViolations).toEqual([]);
  });

  it('signs out: the session ends on the server, so its cookie no longer opens a page', async () => {
    const cookie = (await context.cookies()).find((c) => c.name === 'cfs_dashboard_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/dashboard' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/sign-in\?signed-out/);
    expect(await page.getByRole('status').first().textContent()).toBe('You are signed out.');
    const replay = await fetch(`${dashboard}sites`, { headers: { cookie: `cfs_dashboard_session=${cookie.value}` }, redirect: 'manual' });
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toMatch(/\/dashboard\/sign-in/);
    await signIn(page, invited.customer.email, PASSWORD);
    await page.waitForURL(`${dashboard}sites`);
  });

  /** An owner Credential of the customer, for checks over the public API. */
  async function ownerToken(): Promise<string> {
    const created = (await system.admin('credential', 'create', '--site', invited.site.id, '--scopes', 'account.read,account.manage')) as { secret: string };
    return created.secret;
  }
});

describe('dashboard: usage, subscriptions, the SEO profile, billing and account settings', () => {
  let context: BrowserContext;
  let page: Page;
  let invited: Invited;
  let siteUrl: string;
  let token: string;
  const category = `dash${Date.now().toString(36)}`;

  beforeAll(async () => {
    invited = await newCustomer();
    context = await newContext(browser);
    page = await context.newPage();
    await acceptInvitation(page, invited);
    siteUrl = `${dashboard}sites/${invited.site.id}`;
    const created = (await system.admin(
      'credential',
      'create',
      '--site',
      invited.site.id,
      '--scopes',
      'account.read,feed.read,subscription.manage,seo.profile.manage,billing.manage',
    )) as { secret: string };
    token = created.secret;
    const taxonomy = { categories: [{ key: category, name: `Dashboard news ${category}`, topics: [{ key: `${category}-t`, name: 'Gadgets' }] }] };
    await system.admin('taxonomy', 'import', '--file', tempFile('dash-taxonomy.json', JSON.stringify(taxonomy)));
    const article = {
      id: `${category}-1`,
      title: `Dashboard story ${category}`,
      url: `https://news.example.com/${category}/1`,
      publishedAt: '2026-11-20T10:00:00Z',
      categories: [category],
    };
    await system.admin('articles', 'import', '--file', tempFile('dash-articles.jsonl', jsonl([article])));
  });
  afterAll(() => context?.close());

  it('shows the quota used this period as bars, counted by the gateway for API requests', async () => {
    for (let i = 0; i < 3; i++) expect((await request(system.baseUrl, 'GET', '/api/v1/feed?limit=1', { token })).status).toBe(200);
    await page.goto(`${siteUrl}/usage`);
    await screenshot(page, 'usage');
    await expectAccessible(page, 'usage');
    const feed = page.getByRole('meter', { name: 'Feed requests' });
    expect(await feed.getAttribute('value')).toBe('3');
    expect(await feed.getAttribute('max')).toBe('1000');
    // The free plan has no AI usage: said plainly, with the way to get it.
    expect(await page.getByText('does not include ai usage reports').count()).toBe(1);
    // At a glance on the Sites list too.
    await page.goto(`${dashboard}sites`);
    expect(await page.getByRole('meter', { name: 'Feed requests: 3 of 1,000 this day' }).getAttribute('value')).toBe('3');
  });

  it('subscribes the Site to a category with the taxonomy picker, and previews its feed', async () => {
    await page.goto(`${siteUrl}/subscriptions`);
    expect(await page.getByText('The feed is empty').count()).toBe(1);
    await page.getByLabel(`Dashboard news ${category}`).check();
    await page.getByRole('button', { name: 'Save subscriptions' }).click();
    await page.waitForURL(`${siteUrl}/subscriptions`);
    expect(await page.getByRole('status').first().textContent()).toBe('Subscriptions saved: 1 category.');
    expect(await page.getByLabel(`Dashboard news ${category}`).isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: `Dashboard story ${category}` }).count()).toBe(1);
    await screenshot(page, 'subscriptions');
    await expectAccessible(page, 'subscriptions');
    const api = await request(system.baseUrl, 'GET', '/api/v1/subscriptions', { token });
    expect(api.body).toEqual({ categories: [category] });
    // The preview did not count against the feed quota.
    await page.goto(`${siteUrl}/usage`);
    expect(await page.getByRole('meter', { name: 'Feed requests' }).getAttribute('value')).toBe('3');
  });

  it("buys a plan at checkout, then edits the SEO profile it includes, with the service's message for a bad field", async () => {
    await page.goto(`${siteUrl}/seo`);
    expect(await page.getByText('does not include seo profile').count()).toBe(1);
    await page.getByRole('link', { name: 'Change the plan' }).click();
    await page.waitForURL(`${siteUrl}/billing`);
    await screenshot(page, 'billing');
    await expectAccessible(page, 'billing');
    await page.getByLabel('Plan to buy').selectOption('starter');
    await page.getByRole('button', { name: 'Go to checkout' }).click();
    await page.waitForURL(`${siteUrl}/billing`);
    expect(await page.getByRole('status').first().textContent()).toBe('Subscribed to the starter plan.');
    expect((await request(system.baseUrl, 'GET', '/api/v1/me', { token })).body).toMatchObject({ site: { plan: 'starter' } });

    await page.goto(`${siteUrl}/seo`);
    await page.getByLabel('Site name').fill('Dash News');
    await page.getByLabel('Locale').fill('not a locale!');
    await page.getByLabel('Tone').fill('friendly');
    await page.getByLabel('Keywords').fill('robots, recycling');
    await page.getByRole('button', { name: 'Save profile' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/locale/i);
    expect(await page.getByLabel('Site name').inputValue()).toBe('Dash News');
    await page.getByLabel('Locale').fill('en-GB');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL(`${siteUrl}/seo`);
    expect(await page.getByRole('status').first().textContent()).toBe('SEO profile saved.');
    await screenshot(page, 'seo');
    await expectAccessible(page, 'seo');
    const profile = await request(system.baseUrl, 'GET', '/api/v1/seo-profile', { token });
    expect(profile.body).toMatchObject({ siteName: 'Dash News', locale: 'en-GB', keywords: ['robots', 'recycling'], tone: 'friendly' });
  });

  it('cancels the subscription now: the Site is back on the default plan', async () => {
    await page.goto(`${siteUrl}/billing`);
    await page.getByLabel('Now (the Site returns to the default plan at once)').check();
    await page.getByRole('button', { name: 'Cancel the subscription' }).click();
    await page.waitForURL(`${siteUrl}/billing`);
    expect(await page.getByRole('status').first().textContent()).toMatch(/canceled/);
    expect((await request(system.baseUrl, 'GET', '/api/v1/me', { token })).body).toMatchObject({ site: { plan: 'free' } });
  });

  it('account settings: renames the Customer and invites a colleague, who signs in with the link', async () => {
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('form', { name: 'Contact' }).getByLabel('Name').fill('Dash Media, renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${dashboard}account`);
    expect(await page.getByRole('status').first().textContent()).toBe('Account saved.');
    expect(await page.getByRole('form', { name: 'Contact' }).getByLabel('Name').inputValue()).toBe('Dash Media, renamed');

    const colleague = `colleague-${Date.now()}@dash.example`;
    await page.getByRole('form', { name: 'Invite someone' }).getByLabel('E-mail').fill(colleague);
    await page.getByRole('button', { name: 'Create an invitation link' }).click();
    const link = await page.getByLabel(`Invitation link for ${colleague}`).inputValue();
    expect(link).toMatch(new RegExp(`^${dashboard.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}invitations/cfi_`));
    expect(await page.getByRole('cell', { name: colleague }).count()).toBe(1);
    await screenshot(page, 'account');
    await expectAccessible(page, 'account');

    // The operator's way to the same: `user invite`. An e-mail whose user of this Customer has a
    // password is refused; one of another Customer is answered as any new one, and is a User of
    // that Customer of its own (the colleague's link below still works).
    const cli = (await system.admin('user', 'invite', '--customer', invited.customer.id, '--email', `cli-${colleague}`)) as {
      invite: { email: string; url: string };
    };
    expect(cli.invite.email).toBe(`cli-${colleague}`);
    expect((await fetch(cli.invite.url)).status).toBe(200);
    await expect(system.admin('user', 'invite', '--customer', invited.customer.id, '--email', invited.customer.email)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const stranger = await newCustomer();
    const elsewhere = (await system.admin('user', 'invite', '--customer', stranger.customer.id, '--email', colleague)) as {
      invite: { email: string; url: string };
    };
    expect(elsewhere.invite.email).toBe(colleague);

    const other = await newContext(browser);
    const otherPage = await other.newPage();
    await acceptInvitation(otherPage, { ...invited, invite: { ...invited.invite, url: link } });
    expect(await otherPage.getByRole('link', { name: 'Main site' }).count()).toBe(1);
    await other.close();
  });
});

describe('dashboard: e-mails belong to Users of each Customer', () => {
  it("tells a Customer nothing about other Customers, and a squatted e-mail still becomes a new Customer's owner", async () => {
    const squatter = await newCustomer();
    const session = await acceptInvitationOverHttp(squatter.invite.url, PASSWORD);
    const victim = `future-owner-${Date.now()}@dash.example`;
    const taken = await newCustomer();
    await acceptInvitationOverHttp(taken.invite.url, PASSWORD);
    // Inviting a new e-mail, and e-mails of another Customer's active or invited User: the same answer.
    const answers = await Promise.all([`new-${victim}`, taken.customer.email, victim].map((email) => session.post('/account/invitations', { email })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const squatLink = /invitations\/(cfi_[A-Za-z0-9_-]{43})/.exec(answers[2]!.text)![1]!;
    await acceptInvitationOverHttp(`${dashboard}invitations/${squatLink}`, "the squatter's password");

    // The operator creates the real owner's Customer afterwards: nothing is refused half-way.
    const created = (await system.admin(
      'customer',
      'create',
      '--name',
      'Future Owner',
      '--email',
      victim,
      '--site-name',
      'Owner site',
      '--site-url',
      'https://owner.dash.example',
    )) as unknown as Invited;
    expect(created.invite.email).toBe(victim);
    const owner = await acceptInvitationOverHttp(created.invite.url, PASSWORD);
    expect((await owner.get('/sites')).text).toContain('Owner site');
    // Both still sign in to their own Customer with their own password.
    for (const [email, site] of [
      [taken.customer.email, 'Main site'],
      [victim, 'Owner site'],
    ] as const) {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, email, PASSWORD);
      await page.waitForURL(`${dashboard}sites`);
      expect(await page.getByRole('link', { name: site }).count()).toBe(1);
      await context.close();
    }
  });

  it('refuses an e-mail that no dashboard User can have before creating a Customer', async () => {
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.example`;
    expect(tooLong.length).toBeGreaterThan(254);
    await expect(system.admin('customer', 'create', '--name', 'Too long', '--email', tooLong)).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  });

  it('limits invitations to 20 an hour per Customer, with a 429 and a clear message', async () => {
    const invited = await newCustomer();
    const session = await acceptInvitationOverHttp(invited.invite.url, PASSWORD);
    const statuses: number[] = [];
    let refusal = '';
    for (let i = 0; i < 20; i += 1) {
      const res = await session.post('/account/invitations', { email: `teammate-${i}-${Date.now()}@dash.example` });
      statuses.push(res.status);
      if (res.status === 429) refusal = res.text;
    }
    // `customer create` made the first invitation of the 20.
    expect(statuses).toEqual([...Array(19).fill(201), 429]);
    expect(refusal).toContain('Too many invitations for this account: at most 20 in 60 minutes. Try again later.');
  });
});

describe('dashboard: two replicas', () => {
  it('share sessions through Redis: a session opened on one works on the other, and sign-out on one ends it on both', async () => {
    const replica = await system.startDashboard();
    const invited = await newCustomer();
    const session = await acceptInvitationOverHttp(invited.invite.url, PASSWORD);
    const onReplica = await session.get('/sites', replica);
    expect(onReplica.status).toBe(200);
    expect(onReplica.text).toContain('Main site');
    expect((await session.post('/sign-out', {})).status).toBe(303);
    const after = await session.get('/sites', replica);
    expect(after.status).toBe(303);
    expect(after.location).toBe('/dashboard/sign-in?expired');
  });
});

describe('dashboard: probes', () => {
  it('answers /healthz and /readyz on its own port (probes), outside what the gateway forwards', async () => {
    expect((await fetch(`${system.dashboardUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${system.dashboardUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect((await fetch(`${dashboard}readyz`)).status).toBe(404);
  });
});

describe('dashboard: sessions, CSRF and sign-in throttling', () => {
  it("refuses a state-changing request without the session's CSRF token, or from another origin, and changes nothing", async () => {
    const invited = await newCustomer();
    const context = await newContext(browser);
    const page = await context.newPage();
    await acceptInvitation(page, invited);
    const session = (await context.cookies()).find((c) => c.name === 'cfs_dashboard_session')!.value;
    const csrf = await page.locator('input[name=_csrf]').first().inputValue();
    const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${dashboard}sites`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: `cfs_dashboard_session=${session}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(body),
      });
    expect((await post({ name: 'Forged', url: 'https://forged.example' })).status).toBe(403);
    expect((await post({ name: 'Forged', url: 'https://forged.example', _csrf: 'x'.repeat(43) })).status).toBe(403);
    const crossSite = await post({ name: 'Forged', url: 'https://forged.example', _csrf: csrf }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain('did not come from this dashboard');
    await page.goto(`${dashboard}sites`);
    expect(await page.getByRole('link', { name: 'Forged' }).count()).toBe(0);
    // The same request with the token is accepted: the refusals above were the CSRF check's.
    expect((await post({ name: 'Genuine', url: 'https://genuine.example', _csrf: csrf })).status).toBe(303);
    await context.close();
  });

  it('throttles repeated failed sign-ins with the same answer whether the e-mail exists or not', async () => {
    const invited = await newCustomer();
    const context = await newContext(browser);
    const page = await context.newPage();
    await acceptInvitation(page, invited);
    await context.clearCookies();
    const unknown = `nobody-${Date.now()}@dash.example`;
    const answers: string[] = [];
    for (const email of [invited.customer.email, unknown]) {
      for (let i = 0; i < 3; i += 1) {
        await signIn(page, email, 'wrong password here');
        answers.push(`${await page.getByRole('alert').textContent()}`);
      }
    }
    expect(new Set(answers)).toEqual(new Set(['The email or password is incorrect.']));
    await screenshot(page, 'sign-in-error');
    await expectAccessible(page, 'sign-in');
    // The fourth attempt is refused even with the right password, and so is one for the unknown e-mail.
    await signIn(page, invited.customer.email, PASSWORD);
    const blocked = await page.getByRole('alert').textContent();
    expect(blocked).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    await signIn(page, unknown, PASSWORD);
    expect(await page.getByRole('alert').textContent()).toBe(blocked);
    expect(page.url()).toContain('/dashboard/sign-in');
    await context.close();
  });

  it('ends a session after SESSION_IDLE_MINUTES without a request', async () => {
    const invited = await newCustomer();
    const context = await newContext(browser);
    const page = await context.newPage();
    await acceptInvitation(page, invited);
    system.clock.now = Date.now() + 31 * 60_000;
    try {
      await page.goto(`${dashboard}sites`);
      await page.waitForURL(/sign-in\?expired/);
      expect(await page.getByRole('status').first().textContent()).toBe('Your session has ended. Sign in again.');
    } finally {
      system.clock.now = undefined;
    }
    await context.close();
  });

  it('reports the size of the first page: what a browser transfers for the sign-in page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    let bytes = 0;
    const sizes: string[] = [];
    page.on('response', async (res) => {
      const body = await res.body().catch(() => Buffer.alloc(0));
      bytes += body.length;
      sizes.push(`${new URL(res.url()).pathname} ${body.length}`);
    });
    await page.goto(`${dashboard}sign-in`, { waitUntil: 'networkidle' });
    process.stdout.write(`dashboard first load (sign-in page): ${bytes} bytes in ${sizes.length} responses (${sizes.join(', ')})\n`);
    expect(sizes.length).toBe(3);
    await context.close();
  });
});

describe("dashboard: the Site's AI generations on its usage page", () => {
  // A system of its own whose media service generates through the OpenAI API stand-in.
  let ai: TestSystem;
  let standin: OpenAiStandIn;
  let context: BrowserContext;
  let page: Page;
  let invited: Invited;
  let usageUrl: string;

  beforeAll(async () => {
    standin = await startOpenAiStandIn();
    ai = await startSystem({ mediaEnv: { AI_PROVIDER: 'openai', AI_API_URL: standin.baseURL, AI_API_KEY: 'sk-test' } });
    invited = await newCustomer(ai, '--plan', 'starter');
    context = await newContext(browser);
    page = await context.newPage();
    await acceptInvitation(page, invited);
    usageUrl = new URL(`../sites/${invited.site.id}/usage`, invited.invite.url).href;
  });
  afterAll(async () => {
    await context?.close();
    await ai?.stop();
    await standin?.close();
  });

  /** Queues one generation for the Site, as the media service's planner would. */
  async function generate(articleId: string, title: string): Promise<void> {
    const media = createClient(loadProtos().cfs.media.v1.MediaAdminService, ai.addresses.media, ai.serviceTokens.admin);
    try {
      const article = { id: articleId, version: '2026-11-25T00:00:00.000Z', title, summary: 'A summary.', categories: ['tech'] };
      const queued = await callUnary(
        media,
        'QueueGenerations',
        { jobs: [{ siteId: invited.site.id, budget: 1000, period: 'month', article }] },
        { deadlineMs: 5000 },
      );
      expect(queued).toEqual({ queued: 1 });
    } finally {
      media.close();
    }
  }
  const rows = () => page.getByRole('table', { name: 'Recent generations' }).locator('tbody tr');
  /** Reloads the usage page until the table has `n` rows (the jobs run in the background). */
  const untilRows = (n: number) =>
    expect
      .poll(
        async () => {
          await page.goto(usageUrl);
          return rows().count();
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(n);

  it('says there are none before the first one', async () => {
    await page.goto(usageUrl);
    expect(await page.getByRole('heading', { name: 'Recent generations' }).count()).toBe(1);
    expect(await page.getByText('No generations yet').count()).toBe(1);
  });

  it("lists each generation newest first: article, outcome, units, when and the safe reason, never the provider's text", async () => {
    await generate('art_dash_ai_1', 'Robots write the dashboard news');
    await untilRows(1);
    // The next article's image is refused with a message of the provider's own: the text is kept.
    standin.next({}, { status: 400, errorCode: 'content_policy_violation', errorMessage: 'Provider says: your prompt mentions forbidden-word-42' });
    await generate('art_dash_ai_2', 'Second robot story');
    await untilRows(2);
    const cells = async (i: number) => (await rows().nth(i).locator('td').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    const [newest, older] = [await cells(0), await cells(1)];
    expect(newest[0]).toContain('Second robot story');
    expect(newest[0]).toContain('art_dash_ai_2');
    expect(newest.slice(1, 3)).toEqual(['Text only (no image)', '1']);
    expect(newest[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(newest[4]).toBe('The AI provider refused the request (HTTP 400).');
    expect(older[0]).toContain('Robots write the dashboard news');
    expect(older.slice(1, 3)).toEqual(['Generated', '11']);
    expect(older[4]).toBe('—');
    expect(await page.content()).not.toContain('forbidden-word-42');
    // The units those generations cost, next to what is reserved and what is left.
    expect((await page.locator('#ai-usage-split').textContent())?.replace(/\s+/g, ' ')).toContain('12 used · 0 reserved by generations under way · 988 left');
    await screenshot(page, 'usage-generations');
    await expectAccessible(page, 'usage with generations');
  });
});
