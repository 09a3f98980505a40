/**
 * Instant updates of the WordPress connector in a real WordPress (test/support/wordpress.ts) with
 * WP-Cron on as a production site has it: Connect registers the site's webhook route with the
 * service, a request that does not verify changes nothing, the service's own `webhook.test` and a
 * `feed.changed` signed with the kept secret (by the official `standardwebhooks` package) reach
 * the route, and a `feed.changed` makes the post appear with no "Sync now", no wp-cron.php called
 * by the test and the 5-minute event never run: the route schedules a WP-Cron single event and
 * spawns WP-Cron itself, as a page visit would. The test's own reads through run.php never start
 * WP-Cron. The service may deliver to 127.0.0.1 over http here only (WEBHOOKS_ALLOW_HTTP,
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS).
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';
import { adminSession, PLUGIN_FILE, startWordPress, type WordPressSite } from '../support/wordpress.ts';

const CRON_HOOK = 'content_feed_connector_sync';
const WEBHOOK_HOOK = 'content_feed_connector_webhook_sync';
interface Endpoint {
  id: string;
  url: string;
  events: string[];
  status: string;
}
interface WebhookState {
  endpoint_id?: string;
  url?: string;
  reason?: string;
  last_event?: { at: number; type: string };
  seen?: string[];
}

let system: TestSystem;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let wp: WordPressSite;
let owner: Owner;

beforeAll(async () => {
  database = await createTestDatabase('wpwebhooks');
  [system, wp] = await Promise.all([
    startSystem({
      databaseUrl: database.url,
      redisPrefix: `${inject('redisPrefix')}wpwebhooks:`,
      webhooksEnv: { WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' },
    }),
    startWordPress('webhooks', { wpCron: true }),
  ]);
  await system.admin(
    'taxonomy',
    'import',
    '--file',
    tempFile('wph-taxonomy.json', JSON.stringify({ categories: [{ key: 'technology', name: 'Technology', topics: [] }] })),
  );
  owner = await createCustomer(system, '--plan', 'pro');
  expect((await api('PUT', '/api/v1/subscriptions', { categories: ['technology'] })).status).toBe(200);
  const activated = await wp.run<string | null>(`$r = activate_plugin( '${PLUGIN_FILE}' ); return is_wp_error( $r ) ? $r->get_error_message() : null;`);
  expect(activated).toBeNull();
}, 120_000);
afterAll(async () => {
  await wp?.stop();
  await system?.stop();
  await database?.drop();
});

const api = (method: string, route: string, body?: unknown, token = owner.credential.secret) =>
  request(system.baseUrl, method, route, { token, ...(body === undefined ? {} : { body }) });
const endpoints = async (): Promise<Endpoint[]> => ((await api('GET', '/api/v1/webhooks')).body as { data: Endpoint[] }).data;

const connect = (code: string) => wp.run<string>(`return \\Content_Feed_Connector\\Plugin::connect( '${system.baseUrl}', '${code}' );`);
const cliCode = async (siteId: string) => ((await system.admin('connection-code', 'create', '--site', siteId)) as { code: string }).code;
const webhookState = () => wp.run<WebhookState | false>(`return get_option( 'content_feed_connector_webhook' );`);
const webhookSecret = () => wp.run<string | false>(`return get_option( 'content_feed_connector_webhook_secret' );`);
const routeUrl = () => wp.run<string>(`return \\Content_Feed_Connector\\Plugin::webhook_url();`);
/** When each of the plugin's WP-Cron events is next due (false: not scheduled). */
const schedule = () =>
  wp.run<{ fiveMinutes: number | false; webhook: number | false }>(
    `return array( 'fiveMinutes' => wp_next_scheduled( '${CRON_HOOK}' ), 'webhook' => wp_next_scheduled( '${WEBHOOK_HOOK}' ) );`,
  );
/** Everything a webhook request could change: the plugin's options, the cron events, the posts. */
const snapshot = () =>
  wp.run(`
    global $wpdb;
    return array(
      'options' => $wpdb->get_results( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE 'content\\\\_feed\\\\_connector%' ORDER BY option_name", ARRAY_A ),
      'cron'    => get_option( 'cron' ),
      'posts'   => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts}" ),
    );`);
const postStatus = (articleId: string) =>
  wp.run<string | null>(`
    $p = get_posts( array( 'post_type' => 'post', 'post_status' => 'any', 'meta_key' => '_content_feed_article_id', 'meta_value' => '${articleId}', 'numberposts' => 1 ) );
    return $p ? $p[0]->post_status : null;`);

/** Polls (bounded, generous) until `check` holds; no timing is asserted. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, deadlineMs = 90_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A visitor's page view: what starts WP-Cron on a live site when an event is due (the route starts
 * it once itself, but WordPress spawns at most one WP-Cron run at a time: an event scheduled while
 * one runs waits for the next view). Never wp-cron.php by hand, never Sync now.
 */
const visit = () =>
  fetch(`${wp.url}/`)
    .then((r) => r.arrayBuffer())
    .then(() => undefined);

let seq = 0;
/** Imports one article through the operator CLI and waits until the Site's feed holds it. */
async function importArticle(): Promise<string> {
  seq += 1;
  const id = `wph-article-${seq}-${randomUUID().slice(0, 8)}`;
  const row = {
    id,
    title: `Robots push ${seq}`,
    url: `https://news.example/wph/${id}`,
    summary: `Pushed ${seq}.`,
    publishedAt: new Date().toISOString(),
    categories: ['technology'],
  };
  await system.admin('articles', 'import', '--file', tempFile(`wph-${seq}.jsonl`, jsonl([row])));
  await until(
    async () => ((await api('GET', '/api/v1/feed?limit=100')).body as { data: Array<{ id: string }> }).data,
    (items) => items.some((i) => i.id === id),
    `${id} in the feed`,
  );
  return id;
}

/** POSTs a body to the route as the service does, with the given headers. */
const deliver = (url: string, body: string, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, redirect: 'manual' });
/** A feed.changed signed with `secret` by the official package. */
function signedFeedChanged(secret: string, id = `msg_${randomUUID()}`): { body: string; headers: Record<string, string> } {
  const now = new Date();
  const body = JSON.stringify({ type: 'feed.changed', timestamp: now.toISOString(), data: { since: 'a', nextSince: 'b', changes: 1 } });
  return {
    body,
    headers: { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, now, body) },
  };
}

describe('instant updates of the WordPress connector', () => {
  let endpoint: Endpoint;
  let fiveMinutesDue: number;

  it('without webhooks.manage, or on a plan without webhooks, Connect says why and keeps the 5-minute sync', async () => {
    // A code minted by a Credential that does not hold webhooks.manage grants it neither.
    const issuer = (await system.admin(
      'credential',
      'create',
      '--site',
      owner.site.id,
      '--scopes',
      'feed.read,subscription.manage,account.manage',
      '--name',
      'issuer',
    )) as { secret: string };
    const minted = await api('POST', `/api/v1/account/sites/${owner.site.id}/connection-codes`, {}, issuer.secret);
    expect(minted.status, minted.text).toBe(201);
    expect(await connect((minted.body as { code: string }).code)).toBe(owner.site.id);
    expect(await webhookState()).toMatchObject({ reason: 'no_scope' });
    expect(await webhookSecret()).toBe(false);
    expect((await schedule()).fiveMinutes).not.toBe(false);
    expect(await endpoints()).toEqual([]);
    const admin = await adminSession(wp);
    expect(text(await admin.settings())).toMatch(
      /Instant updates: off — the connection's Credential may not manage webhooks \(scope webhooks\.manage\).*The sync runs every 5 minutes\./,
    );
    await wp.run(`\\Content_Feed_Connector\\Plugin::disconnect(); return true;`);

    const free = await createCustomer(system, '--plan', 'free');
    expect(await connect(await cliCode(free.site.id))).toBe(free.site.id);
    expect(await webhookState()).toMatchObject({ reason: 'not_entitled' });
    expect(await webhookSecret()).toBe(false);
    expect((await schedule()).fiveMinutes).not.toBe(false);
    expect(text(await admin.settings())).toMatch(/Instant updates: off — the Site's plan does not include webhooks\. The sync runs every 5 minutes\./);
    await wp.run(`\\Content_Feed_Connector\\Plugin::disconnect(); return true;`);
  });

  it("Connect registers the site's route for feed.changed, its secret kept apart and never autoloaded", async () => {
    expect(await connect(await cliCode(owner.site.id))).toBe(owner.site.id);
    // The 5-minute event (first due 10 s after Connect) is put an hour out, so that nothing this
    // test sees can come from it; each later test checks it is still due then, i.e. never ran.
    fiveMinutesDue = await wp.run<number>(`
      $event = wp_get_scheduled_event( '${CRON_HOOK}' );
      wp_unschedule_event( $event->timestamp, '${CRON_HOOK}' );
      wp_schedule_event( time() + HOUR_IN_SECONDS, $event->schedule, '${CRON_HOOK}' );
      return wp_next_scheduled( '${CRON_HOOK}' );`);
    const url = await routeUrl();
    expect(url.startsWith(wp.url)).toBe(true);
    const state = (await webhookState()) as WebhookState;
    const listed = await endpoints();
    expect(listed).toHaveLength(1);
    endpoint = listed[0]!;
    expect(endpoint).toMatchObject({ id: state.endpoint_id, url, events: ['feed.changed'], status: 'enabled' });
    const kept = await wp.run<{ autoload: string; secret: string; copies: string }>(`
      global $wpdb;
      $secret = get_option( 'content_feed_connector_webhook_secret' );
      return array(
        'autoload' => $wpdb->get_var( "SELECT autoload FROM {$wpdb->options} WHERE option_name = 'content_feed_connector_webhook_secret'" ),
        'secret'   => $secret,
        'copies'   => $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_value LIKE %s", '%' . $wpdb->esc_like( $secret ) . '%' ) ),
      );`);
    expect(kept).toMatchObject({ autoload: 'no', copies: '1' });
    expect(kept.secret).toMatch(/^whsec_/);
    expect(text(await (await adminSession(wp)).settings())).toMatch(/Instant updates: on — no event received yet\./);
    expect(await (await adminSession(wp)).settings()).not.toContain(kept.secret);
  });

  it('a request whose signature does not verify is 401 and changes nothing', async () => {
    const url = await routeUrl();
    const secret = (await webhookSecret()) as string;
    const before = await snapshot();
    const good = signedFeedChanged(secret);
    const wrongSecret = signedFeedChanged(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    const { 'webhook-signature': _dropped, ...unsigned } = good.headers;
    const old = { ...good.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 600) };
    for (const [what, body, headers] of [
      ['another secret', wrongSecret.body, wrongSecret.headers],
      ['a tampered body', good.body.replace('"changes":1', '"changes":9'), good.headers],
      ['no signature', good.body, unsigned],
      ['an old timestamp', good.body, old],
      ['no headers at all', good.body, {}],
    ] as const) {
      const res = await deliver(url, body, headers);
      expect(res.status, what).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
    expect((await schedule()).webhook).toBe(false);
  });

  it("the service's webhook.test reaches the route, verified and answered 202, and is recorded without a sync", async () => {
    const sent = await api('POST', `/api/v1/webhooks/${endpoint.id}/test`);
    expect(sent.status, sent.text).toBe(200);
    const deliveries = await until(
      async () =>
        (
          (await api('GET', `/api/v1/webhooks/${endpoint.id}/deliveries`)).body as {
            data: Array<{ eventType: string; status: string; responseStatus: number | null }>;
          }
        ).data,
      (d) => d.some((x) => x.eventType === 'webhook.test' && x.status !== 'pending'),
      'the webhook.test delivery',
    );
    expect(deliveries.find((x) => x.eventType === 'webhook.test')).toMatchObject({ status: 'succeeded', responseStatus: 202 });
    expect(((await webhookState()) as WebhookState).last_event?.type).toBe('webhook.test');
    expect(await wp.run(`return get_option( 'content_feed_connector_state' );`), 'no sync ran').toBe(false);
    expect(await schedule()).toEqual({ fiveMinutes: fiveMinutesDue, webhook: false });
  }, 120_000);

  it('a feed.changed signed with the kept secret makes the new article a published post, with no Sync now and no 5-minute cron', async () => {
    // The service's own feed.changed would race with ours (its producer runs): its endpoint is
    // disabled here, so only the event this test signs reaches the route.
    expect((await api('PUT', `/api/v1/webhooks/${endpoint.id}`, { enabled: false })).status).toBe(200);
    onTestFinished(async () => void (await api('PUT', `/api/v1/webhooks/${endpoint.id}`, { enabled: true })));
    const article = await importArticle();
    expect(await postStatus(article)).toBeNull();
    const event = signedFeedChanged((await webhookSecret()) as string);
    const res = await deliver(await routeUrl(), event.body, event.headers);
    expect(res.status).toBe(202);
    // Nothing is sent to WordPress but the event and visitors' page views: WP-Cron runs the sync.
    expect(
      await until(
        async () => (await visit(), postStatus(article)),
        (s) => s === 'publish',
        `the post of ${article}`,
      ),
    ).toBe('publish');
    expect((await schedule()).fiveMinutes, 'the 5-minute event never ran').toBe(fiveMinutesDue);
    expect(((await webhookState()) as WebhookState).last_event?.type).toBe('feed.changed');

    // The same delivery again (at least once): accepted, and it changes nothing: no event recorded,
    // no sync asked for.
    const before = await snapshot();
    const again = await deliver(await routeUrl(), event.body, event.headers);
    expect(again.status).toBe(202);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  // Waits for the service's feed.changed producer (an import that commits emits the event):
  // without it nothing tells WordPress of the import, and this test fails at its deadline.
  it('an import reaches a published post without Sync now and without the 5-minute cron', async () => {
    const before = ((await webhookState()) as WebhookState).last_event?.at ?? 0;
    const article = await importArticle();
    expect(
      await until(
        async () => (await visit(), postStatus(article)),
        (s) => s === 'publish',
        `the post of ${article}, by the service's feed.changed`,
      ),
    ).toBe('publish');
    expect((await schedule()).fiveMinutes, 'the 5-minute event never ran').toBe(fiveMinutesDue);
    const state = (await webhookState()) as WebhookState;
    expect(state.last_event?.type).toBe('feed.changed');
    expect(state.last_event!.at).toBeGreaterThanOrEqual(before);
  }, 120_000);

  it("the settings page says instant updates are on, with the last event's time", async () => {
    const at = ((await webhookState()) as WebhookState).last_event!.at;
    const shown = await wp.run<string>(`return wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), ${at} );`);
    expect(text(await (await adminSession(wp)).settings())).toContain(`Instant updates: on — last event: ${shown}.`);
  });

  it('Disconnect deletes the endpoint at the service and forgets its secret', async () => {
    const secret = (await webhookSecret()) as string;
    await wp.run(`\\Content_Feed_Connector\\Plugin::disconnect(); return true;`);
    expect(await endpoints()).toEqual([]);
    expect([await webhookSecret(), await webhookState()]).toEqual([false, false]);
    const event = signedFeedChanged(secret);
    expect((await deliver(await routeUrl(), event.body, event.headers)).status, 'nothing verifies any more').toBe(401);
  });

  it('uninstalling deletes the endpoint too and leaves no option', async () => {
    await connect(await cliCode(owner.site.id));
    expect(await endpoints()).toHaveLength(1);
    const left = await wp.run<string[]>(`
      deactivate_plugins( '${PLUGIN_FILE}' );
      uninstall_plugin( '${PLUGIN_FILE}' );
      global $wpdb;
      return $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE 'content\\\\_feed\\\\_connector%'" );`);
    expect(left).toEqual([]);
    expect(await endpoints()).toEqual([]);
  });
});

/** The page's text, tags dropped and spaces collapsed, entities for quotes and dashes decoded. */
function text(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#0?39;|&#8217;/g, "'")
    .replace(/&mdash;|&#8212;/g, '—')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
