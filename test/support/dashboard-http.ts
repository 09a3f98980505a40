/**
 * The dashboard over plain HTTP, as a browser would use it without JavaScript: accept an invitation,
 * keep the session cookie, and post forms with the session's CSRF token and this origin. For tests
 * that need a signed-in user but not a browser (child processes, the Stripe stand-in, replicas).
 */

export interface DashboardSession {
  /** `http://host:port` of the origin the dashboard is served on. */
  origin: string;
  cookie: string;
  csrf: string;
  get(path: string, base?: string): Promise<{ status: number; text: string; location: string | null }>;
  post(path: string, form: Record<string, string>, base?: string): Promise<{ status: number; text: string; location: string | null }>;
}

const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);

/**
 * Opens the invitation link, sets `password` and returns the signed-in session. Paths are under
 * /dashboard/ of the link's origin; `base` sends a request to another origin with the same cookie
 * (another replica).
 */
export async function acceptInvitationOverHttp(inviteUrl: string, password: string): Promise<DashboardSession> {
  const { origin } = new URL(inviteUrl);
  const form = await fetch(inviteUrl);
  const anonymous = cookiesOf(form).join('; ');
  const anonymousCsrf = csrfOf(await form.text());
  if (!anonymousCsrf) throw new Error(`no CSRF token on the invitation page (${form.status})`);
  const accepted = await fetch(inviteUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: anonymous, origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: anonymousCsrf, password, confirm: password }),
  });
  const cookie = cookiesOf(accepted).find((c) => c.startsWith('cfs_dashboard_session='));
  if (accepted.status !== 303 || !cookie) throw new Error(`the invitation was not accepted (${accepted.status})`);
  const request = async (method: string, path: string, body?: URLSearchParams, base = origin) => {
    const res = await fetch(`${base}/dashboard${path}`, {
      method,
      redirect: 'manual',
      headers: { cookie, ...(body ? { origin, 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    return { status: res.status, text: await res.text(), location: res.headers.get('location') };
  };
  const sites = await request('GET', '/sites');
  const csrf = csrfOf(sites.text);
  if (sites.status !== 200 || !csrf) throw new Error(`the signed-in Sites page did not open (${sites.status})`);
  return {
    origin,
    cookie,
    csrf,
    get: (path, base) => request('GET', path, undefined, base),
    post: (path, form, base) => request('POST', path, new URLSearchParams({ _csrf: csrf, ...form }), base),
  };
}
