/**
 * The WordPress connector against hostile input and races, inside a real WordPress
 * (test/support/wordpress.ts) against a running system without AI generation (so that the
 * articles' own titles and summaries, as the operator CLI imported them, reach the connector):
 * markup and shortcodes in synced text, by the administrator's "Sync now" and by WP-Cron; syncs
 * that run at once; Disconnect revoking the connector's Credential; a compromised service
 * pointing the connector's image downloads at internal hosts (a stand-in service on 127.0.0.1);
 * and uninstall revoking the Credential too.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';
import { adminSession, PLUGIN_FILE, startWordPress, type AdminSession, type WordPressSite } from '../support/wordpress.ts';

const CRON_HOOK = 'content_feed_connector_sync';
const PROBE = 'PROBE-RAN';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Rendered {
  id: number;
  rawTitle: string;
  title: string;
  content: string;
  excerpt: string;
  yoast: string;
  rankMath: string;
}
interface Outcome {
  ok: boolean;
  message: string;
  at: number;
  counts: Record<string, number>;
}

let system: TestSystem;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let wp: WordPressSite;
let owner: Owner;
let admin: AdminSession;

beforeAll(async () => {
  database = await createTestDatabase('wphard');
  [system, wp] = await Promise.all([startSystem({ databaseUrl: database.url, redisPrefix: `${inject('redisPrefix')}wphard:` }), startWordPress('hard')]);
  await system.admin(
    'taxonomy',
    'import',
    '--file',
    tempFile('wphard-taxonomy.json', JSON.stringify({ categories: [{ key: 'technology', name: 'Technology', topics: [] }] })),
  );
  owner = await createCustomer(system, '--plan', 'pro');
  const subscribed = await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories: ['technology'] } });
  expect(subscribed.status).toBe(200);
  expect(await wp.run<string | null>(`$r = activate_plugin( '${PLUGIN_FILE}' ); return is_wp_error( $r ) ? $r->get_error_message() : null;`)).toBeNull();
  admin = await adminSession(wp);
}, 120_000);
afterAll(async () => {
  await wp?.stop();
  await system?.stop();
  await database?.drop();
});

let seq = 0;
async function importArticles(rows: Array<{ title: string; summary?: string }>): Promise<string[]> {
  const lines = rows.map((row) => {
    seq += 1;
    const id = `hard-${seq}`;
    return {
      id,
      url: `https://news.example/hard/${id}`,
      publishedAt: new Date(Date.UTC(2026, 10, 2, 8) + seq * 60_000).toISOString(),
      categories: ['technology'],
      ...row,
    };
  });
  await system.admin('articles', 'import', '--file', tempFile(`wphard-${seq}.jsonl`, jsonl(lines)));
  const ids = lines.map((l) => l.id);
  const end = Date.now() + 30_000;
  for (;;) {
    const feed = (await request(system.baseUrl, 'GET', '/api/v1/feed?limit=100', { token: owner.credential.secret })).body as { data: Array<{ id: string }> };
    if (ids.every((id) => feed.data.some((a) => a.id === id))) return ids;
    if (Date.now() > end) throw new Error('the imported articles did not reach the feed');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function connect(serviceUrl: string): Promise<string> {
  const { code } = (await system.admin('connection-code', 'create', '--site', owner.site.id)) as { code: string };
  return wp.run<string>(`return \\Content_Feed_Connector\\Plugin::connect( '${serviceUrl}', '${code}' );`);
}
const connection = () => wp.run<{ credential_id: string } | false>(`return get_option( 'content_feed_connector_connection' );`);
const secret = () => wp.run<string>(`return (string) get_option( 'content_feed_connector_secret' );`);
const lastSync = async () => ((await wp.run<{ last_sync?: Outcome } | false>(`return get_option( 'content_feed_connector_state' );`)) || {}).last_sync;

/** The posts of some articles as a theme prints them, with a shortcode of the test's own registered. */
function rendered(ids: string[]): Promise<Rendered[]> {
  return wp.run<Rendered[]>(`
    add_shortcode( 'cfs_probe', static fn () => '${PROBE}' );
    $out = array();
    foreach ( ${JSON.stringify(ids).replace(/^\[/, 'array(').replace(/\]$/, ')')} as $article ) {
      foreach ( get_posts( array( 'post_type' => 'post', 'post_status' => 'any', 'numberposts' => -1, 'meta_key' => '_content_feed_article_id', 'meta_value' => $article ) ) as $p ) {
        $GLOBALS['post'] = $p;
        setup_postdata( $p );
        $out[] = array(
          'id'       => $p->ID,
          'rawTitle' => $p->post_title,
          'title'    => get_the_title( $p ),
          'content'  => apply_filters( 'the_content', $p->post_content ),
          'excerpt'  => apply_filters( 'the_excerpt', get_the_excerpt( $p ) ),
          'yoast'    => get_post_meta( $p->ID, '_yoast_wpseo_metadesc', true ),
          'rankMath' => get_post_meta( $p->ID, 'rank_math_description', true ),
        );
      }
    }
    return $out;`);
}

/** Markup that would run in a browser, or a shortcode that ran. */
function expectInert(post: Rendered): void {
  for (const [field, html] of Object.entries({ title: post.title, rawTitle: post.rawTitle, content: post.content, excerpt: post.excerpt })) {
    expect(html, field).not.toMatch(/<(img|script|svg|iframe)\b|<[^>]*\son\w+\s*=/i);
    expect(html, field).not.toContain(PROBE);
    expect(html, field).not.toMatch(/wp-caption/);
  }
  for (const meta of [post.yoast, post.rankMath]) expect(meta).not.toMatch(/[<>[\]]/);
  // The text itself is kept, brackets and all: shown, not run.
  // kses (WP-Cron runs with no user) writes them zero-padded: &#091;.
  const decode = (s: string) => s.replace(/&#0*91;/g, '[').replace(/&#0*93;/g, ']');
  expect(decode(post.content)).toContain('[cfs_probe]');
  expect(decode(post.content)).toContain('[caption]Gotcha[/caption]');
  expect(decode(post.title)).toContain('Robots rule [cfs_probe]');
}

const HOSTILE = {
  title: '<img src=x onerror=alert(1)>Robots <b>rule</b> [cfs_probe]',
  summary: '<script>alert(2)</script>Read [caption]Gotcha[/caption] and [cfs_probe] <img src=x onerror=alert(3)> &lt;svg onload=alert(4)&gt;',
};

/** Makes the cron event due and calls wp-cron.php, as a system cron does. */
async function runCron(): Promise<Response> {
  await wp.run(
    `$next = wp_next_scheduled( '${CRON_HOOK}' ); if ( $next ) { wp_unschedule_event( $next, '${CRON_HOOK}' ); } return wp_schedule_event( time() - 1, 'content_feed_connector_every_5_minutes', '${CRON_HOOK}' );`,
  );
  return fetch(`${wp.url}/wp-cron.php`);
}

async function syncByCron(): Promise<Outcome> {
  await wp.run(
    `$s = get_option( 'content_feed_connector_state', array() ); unset( $s['last_sync'] ); return update_option( 'content_feed_connector_state', $s );`,
  );
  expect((await runCron()).status).toBe(200);
  const end = Date.now() + 60_000;
  for (;;) {
    const last = await lastSync();
    if (last) return last;
    if (Date.now() > end) throw new Error('wp-cron.php did not run the sync');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the WordPress connector against hostile input, races and a compromised service', () => {
  it('markup and shortcodes in titles and summaries stay text after "Sync now" by an administrator with unfiltered_html', async () => {
    const [id] = await importArticles([HOSTILE]);
    expect(await connect(system.baseUrl)).toBe(owner.site.id);
    expect(await wp.run<boolean>(`return user_can( 1, 'unfiltered_html' );`), 'the administrator may post any HTML: kses does not run for them').toBe(true);
    const notice = await admin.press('content_feed_sync');
    expect(notice?.message).toMatch(/Synced: 1 created/);
    const [post] = await rendered([id!]);
    expect(post).toBeDefined();
    expectInert(post!);
  });

  it('and after a sync by WP-Cron, with no user', async () => {
    const [id] = await importArticles([{ ...HOSTILE, title: `${HOSTILE.title} again` }]);
    const outcome = await syncByCron();
    expect(outcome, outcome.message).toMatchObject({ ok: true, counts: { created: 1 } });
    const [post] = await rendered([id!]);
    expectInert(post!);
  });

  it('syncs that run at once ("Sync now" twice and WP-Cron) write one post per article', async () => {
    const ids = await importArticles(Array.from({ length: 8 }, (_, i) => ({ title: `Race ${i}`, summary: `Race summary ${i}.` })));
    await Promise.all([admin.press('content_feed_sync'), admin.press('content_feed_sync'), runCron()]);
    // Whatever ran second may have found the lock taken: one more sync after all of them finished.
    expect((await admin.press('content_feed_sync'))?.type).toBe('success');
    const counts = await wp.run<Record<string, number>>(`
      global $wpdb;
      $rows = $wpdb->get_results( "SELECT meta_value AS article, COUNT(*) AS n FROM {$wpdb->postmeta} WHERE meta_key = '_content_feed_article_id' GROUP BY meta_value", ARRAY_A );
      return array_combine( array_column( $rows, 'article' ), array_map( 'intval', array_column( $rows, 'n' ) ) );`);
    expect(Object.fromEntries(ids.map((id) => [id, counts[id]]))).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
    expect(await wp.run<boolean>(`return false === get_option( 'content_feed_connector_sync_lock' );`), 'the lock is released').toBe(true);
  });

  it('a stale lock (a sync that died holding it) does not stop the next sync', async () => {
    await wp.run(`
      global $wpdb;
      return $wpdb->insert( $wpdb->options, array( 'option_name' => 'content_feed_connector_sync_lock', 'option_value' => 'dead-token ' . ( time() - 60 ), 'autoload' => 'no' ) );`);
    expect((await admin.press('content_feed_sync'))?.type).toBe('success');
    // A live one does: the sync reports it and writes nothing.
    await wp.run(`
      global $wpdb;
      $wpdb->delete( $wpdb->options, array( 'option_name' => 'content_feed_connector_sync_lock' ) );
      return $wpdb->insert( $wpdb->options, array( 'option_name' => 'content_feed_connector_sync_lock', 'option_value' => 'live-token ' . ( time() + 600 ), 'autoload' => 'no' ) );`);
    const busy = await admin.press('content_feed_sync');
    expect(busy).toMatchObject({ type: 'warning' });
    expect(busy!.message).toMatch(/already running/);
    await wp.run(`global $wpdb; return $wpdb->delete( $wpdb->options, array( 'option_name' => 'content_feed_connector_sync_lock' ) );`);
  });

  it("Disconnect revokes the connector's Credential: it no longer works, the owner's still does", async () => {
    const kept = await secret();
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed/changes', { token: kept })).status).toBe(200);
    const notice = await admin.press('content_feed_disconnect');
    expect(notice).toMatchObject({ type: 'success' });
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed/changes', { token: kept })).status).toBe(401);
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed/changes', { token: owner.credential.secret })).status).toBe(200);
    expect(await secret()).toBe('');
  });

  it('Disconnect while the service cannot be reached still disconnects, and says the Credential may still work', async () => {
    await connect(system.baseUrl);
    const kept = await secret();
    const { credential_id: credentialId } = (await connection()) as { credential_id: string };
    // As if the service were down: the Service URL now points at a port nothing listens on.
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    await wp.run(
      `$s = get_option( 'content_feed_connector_settings' ); $s['service_url'] = 'http://127.0.0.1:${closed}'; return update_option( 'content_feed_connector_settings', $s );`,
    );
    const notice = await admin.press('content_feed_disconnect');
    expect(notice).toMatchObject({ type: 'warning' });
    expect(notice!.message).toMatch(/could not be revoked/);
    expect(await secret()).toBe('');
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed/changes', { token: kept })).status).toBe(200);
    // The owner revokes it by hand, as the notice says.
    const revoked = await request(system.baseUrl, 'POST', `/api/v1/account/sites/${owner.site.id}/credentials/${credentialId}/revoke`, {
      token: owner.credential.secret,
    });
    expect(revoked.status).toBe(200);
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed/changes', { token: kept })).status).toBe(401);
  });

  it('the Service URL field keeps only an http(s) URL', async () => {
    for (const url of ['javascript:alert(1)//http://127.0.0.1', 'ftp://127.0.0.1/feed']) {
      const notice = await admin.press('content_feed_connect', { service_url: url, connection_code: 'cfs_cc_whatever' });
      expect(notice, url).toMatchObject({ type: 'error' });
      expect(notice!.message, url).toMatch(/http:\/\/ or https:\/\//);
    }
  });

  describe('a compromised service (a stand-in on 127.0.0.1) cannot make WordPress fetch other hosts', () => {
    const seen: { service: string[]; internal: string[] } = { service: [], internal: [] };
    let service: Server;
    let internal: Server;
    let serviceUrl = '';
    let internalUrl = '';
    const listen = (server: Server) =>
      new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
    const record = (list: string[], req: IncomingMessage) => list.push(`${req.method} ${req.url}`);

    beforeAll(async () => {
      // Stands in for 169.254.169.254 and any intranet host: it must never be asked anything.
      internal = createServer((req, res) => {
        record(seen.internal, req);
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      });
      internalUrl = await listen(internal);
      service = createServer((req, res) => {
        record(seen.service, req);
        const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.url?.endsWith('/connect/cms/redeem'))
          return json(201, { site: { id: 'site_fake' }, credential: { id: 'cred_fake', secret: 'cfs_fake_secret' } });
        if (req.url?.endsWith('/api/v1/me/revoke')) return json(200, { id: 'cred_fake', revokedAt: '2026-11-27T06:00:00.000Z' });
        // Two answers: the sync renews its lock (WP_Option_Lock::replace_if) between them.
        if (req.url?.startsWith('/api/v1/feed/changes') && req.url.includes('since=fake-1'))
          return json(200, { data: [], nextSince: 'fake-1', hasMore: false });
        if (req.url?.startsWith('/api/v1/feed/changes')) {
          const article = (n: number, imageUrl: string, url = `https://news.example/fake/${n}`) => ({
            type: 'upsert',
            article: { id: `fake-${n}`, title: `Fake ${n}`, url, summary: 'S.', publishedAt: '2026-11-02T08:00:00Z', categories: [], imageUrl },
          });
          return json(200, {
            data: [
              article(1, `${internalUrl}/latest/meta-data/iam/security-credentials/`),
              article(2, `${internalUrl.replace('127.0.0.1', '0.0.0.0')}/zero.png`),
              article(3, `${serviceUrl}/internal/admin.png`),
              article(4, '/media/generated/redirect.png'),
              article(5, '/media/generated/page.png'),
              article(6, '/media/generated/ok.png'),
              article(7, `${internalUrl}/cover.png`, `${internalUrl}/story`),
            ],
            nextSince: 'fake-1',
            hasMore: true,
          });
        }
        if (req.url === '/media/generated/redirect.png') return res.writeHead(302, { location: `${internalUrl}/redirected.png` }).end();
        if (req.url === '/media/generated/page.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html><body>not an image</body></html>');
        if (req.url === '/media/generated/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      });
      serviceUrl = await listen(service);
    });
    afterAll(async () => {
      await new Promise((r) => internal?.close(r));
      await new Promise((r) => service?.close(r));
    });

    it('the Service URL field keeps a percent-encoded path as it was typed (esc_url_raw, not sanitize_text_field)', async () => {
      await wp.run(`\\Content_Feed_Connector\\Plugin::disconnect(); return true;`);
      const notice = await admin.press('content_feed_connect', { service_url: ` ${serviceUrl}/cfs%20feed `, connection_code: 'cfs_cc_fake' });
      expect(notice).toMatchObject({ type: 'success' });
      expect(seen.service).toContain('POST /cfs%20feed/connect/cms/redeem');
      expect(await wp.run<{ service_url: string }>(`return get_option( 'content_feed_connector_settings' );`)).toMatchObject({
        service_url: `${serviceUrl}/cfs%20feed`,
      });
      expect((await admin.press('content_feed_disconnect'))?.type).toBe('success');
    });

    it("only images under the Service URL's /media/generated/ are downloaded, never a redirect, only real images kept", async () => {
      seen.service.length = 0;
      expect(await wp.run<string>(`return \\Content_Feed_Connector\\Plugin::connect( '${serviceUrl}', 'cfs_cc_fake' );`)).toBe('site_fake');
      const outcome = await wp.run<Outcome>(`return \\Content_Feed_Connector\\Plugin::sync();`);
      expect(outcome, outcome.message).toMatchObject({ ok: true, counts: { created: 7 } });
      expect(seen.internal, 'no request reached the internal host').toEqual([]);
      expect(seen.service.filter((r) => !r.startsWith('POST /connect/cms/redeem') && !r.startsWith('GET /api/v1/feed/changes')).sort()).toEqual(
        ['GET /media/generated/ok.png', 'GET /media/generated/page.png', 'GET /media/generated/redirect.png'].sort(),
      );
      const images = await wp.run<Record<string, string | null>>(`
        $out = array();
        foreach ( get_posts( array( 'post_type' => 'post', 'numberposts' => -1, 'meta_key' => '_content_feed_article_id', 'meta_value' => array( 'fake-1', 'fake-2', 'fake-3', 'fake-4', 'fake-5', 'fake-6', 'fake-7' ), 'meta_compare' => 'IN' ) ) as $p ) {
          $thumb = (int) get_post_thumbnail_id( $p->ID );
          $out[ get_post_meta( $p->ID, '_content_feed_article_id', true ) ] = $thumb ? get_post_mime_type( $thumb ) : null;
        }
        return $out;`);
      expect(images).toEqual({ 'fake-1': null, 'fake-2': null, 'fake-3': null, 'fake-4': null, 'fake-5': null, 'fake-6': 'image/png', 'fake-7': null });
      await wp.run(`\\Content_Feed_Connector\\Plugin::disconnect(); return true;`);
    });
  });

  it('uninstalling the plugin revokes its Credential and removes its options', async () => {
    await connect(system.baseUrl);
    const kept = await secret();
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed/changes', { token: kept })).status).toBe(200);
    const left = await wp.run<string[]>(`
      deactivate_plugins( '${PLUGIN_FILE}' );
      uninstall_plugin( '${PLUGIN_FILE}' );
      global $wpdb;
      return $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE 'content\\\\_feed\\\\_connector%'" );`);
    expect(left).toEqual([]);
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed/changes', { token: kept })).status).toBe(401);
  });
});
