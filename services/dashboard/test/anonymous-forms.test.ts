/**
 * The forms that open a session (sign-in, accepting an invitation) against the dashboard app with
 * the services stubbed: an invitation is accepted whether or not the browser is signed in already,
 * still only with the form's CSRF token; a `_csrf` that is not ASCII is refused (403), never a 500;
 * and a password reaches identity as typed, never cut (an emoji is one character of 256).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@cfs/common/errors';
import { anonymousForm, postForm, startTestDashboard, type TestDashboard } from './harness.ts';

const TOKEN = `cfi_${'a'.repeat(43)}`;
const owner = { id: 'usr_owner', customerId: 'cus_1', email: 'owner@example.com', active: true, createdAt: '2026-11-22T10:00:00.000Z' };
const colleague = { ...owner, id: 'usr_colleague', email: 'colleague@example.com' };

let dashboard: TestDashboard;
const received: Array<{ method: string; request: Record<string, unknown> }> = [];

beforeAll(async () => {
  dashboard = await startTestDashboard(async (service, method, request) => {
    received.push({ method, request });
    if (method === 'AcceptInvitation') return { user: colleague };
    if (method === 'SignIn') throw new DomainError('UNAUTHENTICATED', 'The email or password is incorrect.');
    if (method === 'ListSites') return { sites: [] };
    throw new Error(`unexpected ${service}.${method}`);
  });
});
afterAll(() => dashboard?.close());

/** A browser signed in as the owner, which then opens an invitation link (for someone else). */
async function signedInBrowserOnInvitation() {
  const { id, data } = await dashboard.sessions.create({ userId: owner.id, customerId: owner.customerId, email: owner.email });
  const session = `cfs_dashboard_session=${id}`;
  const invitation = await fetch(`${dashboard.url}/invitations/${TOKEN}`, { headers: { cookie: session } });
  const html = await invitation.text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html.slice(html.indexOf('<main')))![1]!;
  const anonymous = invitation.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { cookie: [session, ...anonymous].join('; '), csrf, sessionCsrf: data.csrf, oldSession: id };
}

describe('accepting an invitation', () => {
  it('works in a browser that is signed in already: the new User gets a new session', async () => {
    const browser = await signedInBrowserOnInvitation();
    const password = 'correct horse battery staple';
    const res = await postForm(`${dashboard.url}/invitations/${TOKEN}`, browser.cookie, { _csrf: browser.csrf, password, confirm: password });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/dashboard/sites');
    const session = res.cookies.find((c) => c.startsWith('cfs_dashboard_session='))!.split('=')[1]!;
    expect(session).not.toBe(browser.oldSession);
    expect(await dashboard.sessions.resume(session)).toMatchObject({ userId: colleague.id });
    expect(await dashboard.sessions.resume(browser.oldSession)).toBeUndefined();
  });

  it("is still refused without the form's token, or with the session's token in its place", async () => {
    const browser = await signedInBrowserOnInvitation();
    const password = 'correct horse battery staple';
    const before = received.length;
    for (const _csrf of ['', browser.sessionCsrf, 'x'.repeat(43)]) {
      const res = await postForm(`${dashboard.url}/invitations/${TOKEN}`, browser.cookie, { _csrf, password, confirm: password });
      expect(res.status).toBe(403);
    }
    expect(received.length).toBe(before);
  });
});

describe('the CSRF check', () => {
  it('refuses a non-ASCII token of the same length as the right one with 403, not 500', async () => {
    const { cookie, csrf } = await anonymousForm(`${dashboard.url}/sign-in`);
    const forged = 'é'.repeat(csrf.length);
    expect(forged.length).toBe(csrf.length);
    const res = await postForm(`${dashboard.url}/sign-in`, cookie, { _csrf: forged, email: owner.email, password: 'whatever it is' });
    expect(res.status).toBe(403);
    expect(res.text).toContain('did not come from this dashboard');
    const { id, data } = await dashboard.sessions.create({ userId: owner.id, customerId: owner.customerId, email: owner.email });
    const signedIn = await postForm(`${dashboard.url}/sites`, `cfs_dashboard_session=${id}`, {
      _csrf: '😀'.repeat(data.csrf.length / 2),
      name: 'x',
      url: 'https://x.example',
    });
    expect(signedIn.status).toBe(403);
  });
});

describe('sign-in', () => {
  it('hands identity the password as typed: 256 emoji are not cut to 128, 257 ASCII not to 256', async () => {
    for (const password of ['😀'.repeat(256), `${'x'.repeat(256)}y`]) {
      const { cookie, csrf } = await anonymousForm(`${dashboard.url}/sign-in`);
      await postForm(`${dashboard.url}/sign-in`, cookie, { _csrf: csrf, email: `emoji-${password.length}@example.com`, password });
      expect(received.at(-1)).toEqual({ method: 'SignIn', request: { email: `emoji-${password.length}@example.com`, password } });
    }
  });
});
