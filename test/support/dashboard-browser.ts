/**
 * The dashboard in a browser, as its tests drive it: a Customer invited with the operator CLI, the
 * invitation accepted in a page (signed in afterwards), and the axe check every page must pass.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axe } from './browser.ts';
import type { TestSystem } from './system.ts';

/** The password invited users set. */
export const DASHBOARD_PASSWORD = 'correct horse battery staple';

export interface Invited {
  customer: { id: string; email: string };
  site: { id: string };
  invite: { url: string; email: string; expiresAt: string };
}

let counter = 0;
/** A Customer made with the operator CLI of `on`, with its first Site and an invitation, e.g. `--plan starter`. */
export async function inviteCustomer(on: TestSystem, ...flags: string[]): Promise<Invited> {
  counter += 1;
  const email = `owner${counter}-${Date.now()}@dash.example`;
  return (await on.admin(
    'customer',
    'create',
    '--name',
    `Dash Media ${counter}`,
    '--email',
    email,
    '--site-name',
    'Main site',
    '--site-url',
    'https://main.dash.example',
    ...flags,
  )) as unknown as Invited;
}

/** Accepts the invitation in `page`: the user is signed in on the Sites page afterwards. */
export async function acceptInvitation(page: Page, invited: Invited): Promise<void> {
  await page.goto(invited.invite.url);
  await page.getByLabel('New password').fill(DASHBOARD_PASSWORD);
  await page.getByLabel('Repeat the password').fill(DASHBOARD_PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  // The Sites page of the dashboard that sent the invitation (another system's in the AI tests).
  await page.waitForURL(new URL('../sites', invited.invite.url).href);
}

/** No serious or critical accessibility violation on the page. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const all = await axe(page);
  // Printed for the record (CI's log): every finding of any impact on this page.
  process.stdout.write(
    `axe ${name}: ${all.length === 0 ? 'no violations' : all.map((v) => `${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'})`).join(', ')}\n`,
  );
  const violations = all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations, `${name}: ${violations.map((v) => `${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('; ')}`).toEqual([]);
}
