/**
 * The WordPress connector inside a real WordPress (Debian's package, MariaDB, `php -S`; see
 * test/support/wordpress.ts) against a running system with AI generation on (the built-in
 * provider): connected with a code made by the operator CLI, synced by WP-Cron, and everything
 * it wrote read back through WordPress's own functions. Then the settings page once in Chromium.
 * A database and announcements of its own: this system's AI planner plans for every Site it sees.
 */
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot, SCREENSHOTS_DIR } from '../support/browser.ts';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { ROOT } from '../support/services.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';
import { PLUGIN_FILE, startWordPress, WP_ADMIN_PASSWORD, WP_ADMIN_USER, type WordPressSite } from '../support/wordpress.ts';

interface Item {
  id: string;
  title: string;
  url: string;
  summary: string | null;
  publishedAt: string;
  categories: string[];
  personalized?: { title: string; summary: string; metaDescription: string; imageUrl: string | null; generatedAt: string };
}
/** A post as WordPress reports it (the PHP of `POSTS` below). */
interface Post {
  id: number;
  article: string;
  status: string;
  author: number;
  title: string;
  excerpt: string;
  content: string;
  dateGmt: string;
  categories: Array<{ slug: string; name: string }>;
  thumbnail: number;
  imageKey: string;
  imageMime: string | null;
  yoast: string;
  rankMath: string;
}
interface Outcome {
  ok: boolean;
  message: string;
  counts: Record<'created' | 'updated' | 'unchanged' | 'trashed' | 'images_failed', number>;
}

const CRON_HOOK = 'content_feed_connector_sync';
const TAXONOMY = [
  { key: 'technology', name: 'Technology' },
  { key: 'science', name: 'Science' },
  { key: 'sports', name: 'Sports' },
];
/** Where the README's screenshots live; `npm run connector:screenshots` writes them there. */
const DOC_SCREENSHOTS = path.join(ROOT, 'connectors/wordpress/screenshots');

const POSTS = `
$out = array();
foreach ( get_posts( array( 'post_type' => 'post', 'post_status' => array( 'publish', 'draft', 'trash' ), 'numberposts' => -1, 'orderby' => 'ID', 'order' => 'ASC', 'meta_key' => '_content_feed_article_id' ) ) as $p ) {
  $thumb = (int) get_post_thumbnail_id( $p->ID );
  $file  = $thumb ? get_attached_file( $thumb ) : '';
  $size  = $file && file_exists( $file ) ? wp_getimagesize( $file ) : false;
  $out[] = array(
    'id'         => $p->ID,
    'article'    => get_post_meta( $p->ID, '_content_feed_article_id', true ),
    'status'     => $p->post_status,
    'author'     => (int) $p->post_author,
    'title'      => $p->post_title,
    'excerpt'    => $p->post_excerpt,
    'content'    => $p->post_content,
    'dateGmt'    => $p->post_date_gmt,
    'categories' => array_map( fn ( $t ) => array( 'slug' => $t->slug, 'name' => $t->name ), wp_get_post_categories( $p->ID, array( 'fields' => 'all' ) ) ),
    'thumbnail'  => $thumb,
    'imageKey'   => $thumb ? get_post_meta( $thumb, '_content_feed_image_key', true ) : '',
    'imageMime'  => $size ? $size['mime'] : null,
    'yoast'      => get_post_meta( $p->ID, '_yoast_wpseo_metadesc', true ),
    'rankMath'   => get_post_meta( $p->ID, 'rank_math_description', true ),
  );
}
return $out;`;

/** MariaDB's checksums of the tables posts, terms, attachments and their meta live in. */
const CHECKSUMS = `
global $wpdb;
$tables = array( $wpdb->posts, $wpdb->postmeta, $wpdb->terms, $wpdb->term_taxonomy, $wpdb->term_relationships, $wpdb->termmeta );
return $wpdb->get_results( 'CHECKSUM TABLE ' . implode( ', ', $tables ), ARRAY_A );`;

let system: TestSystem;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let wp: WordPressSite;
let owner: Owner;

beforeAll(async () => {
  database = await createTestDatabase('wordpress');
  [system, wp] = await Promise.all([
    startSystem({
      databaseUrl: database.url,
      redisPrefix: `${inject('redisPrefix')}wordpress:`,
      mediaEnv: { AI_PROVIDER: 'local', AI_BACKFILL_ARTICLES: '10' },
    }),
    startWordPress('sync'),
  ]);
  await system.admin('taxonomy', 'import', '--file', tempFile('wp-taxonomy.json', JSON.stringify({ categories: TAXONOMY.map((c) => ({ ...c, topics: [] })) })));
  owner = await createCustomer(system, '--plan', 'pro');
  await api('PUT', '/api/v1/seo-profile', { siteName: 'Robot Weekly', locale: 'en-GB', keywords: ['robots'], tone: 'friendly', topics: ['automation'] });
  await subscribe(['technology', 'science']);
  const activated = await wp.run<string | null>(`$r = activate_plugin( '${PLUGIN_FILE}' ); return is_wp_error( $r ) ? $r->get_error_message() : null;`);
  expect(activated).toBeNull();
}, 120_000);
afterAll(async () => {
  await wp?.stop();
  await system?.stop();
  await database?.drop();
});

async function api(method: string, route: string, body?: unknown): Promise<unknown> {
  const res = await request(system.baseUrl, method, route, { token: owner.credential.secret, ...(body === undefined ? {} : { body }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const subscribe = (categories: string[]) => api('PUT', '/api/v1/subscriptions', { categories });

let seq = 0;
async function importArticle(categories: string[], fields: { id?: string; title?: string } = {}): Promise<string> {
  seq += 1;
  const id = fields.id ?? `wp-article-${seq}`;
  const row = {
    id,
    title: fields.title ?? `Robots and ${categories.join(' and ')} ${seq}`,
    url: `https://news.example/wp/${id}`,
    summary: `What happened with ${categories.join(' and ')} (${seq}).`,
    publishedAt: new Date(Date.UTC(2026, 10, 2, 8) + seq * 3_600_000).toISOString(),
    categories,
  };
  await system.admin('articles', 'import', '--file', tempFile(`wp-${seq}.jsonl`, jsonl([row])));
  return id;
}

async function feed(): Promise<Item[]> {
  return ((await api('GET', '/api/v1/feed?limit=100')) as { data: Item[] }).data;
}
/** Polls the feed (bounded) until `check` holds. */
async function feedUntil(check: (items: Item[]) => boolean, what: string): Promise<Item[]> {
  const end = Date.now() + 60_000;
  for (;;) {
    const items = await feed();
    if (check(items)) return items;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(items.map((i) => [i.id, i.title, i.personalized?.title]))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const allPersonalized = (items: Item[]) => items.every((i) => Boolean(i.personalized?.imageUrl));

const posts = () => wp.run<Post[]>(POSTS);
const checksums = () => wp.run<Array<{ Table: string; Checksum: string }>>(CHECKSUMS);
/** One sync as WP-Cron runs it: the plugin's hook. */
const syncByHook = async (): Promise<Outcome> =>
  (await wp.run<{ last_sync: Outcome }>(`do_action( '${CRON_HOOK}' ); return get_option( 'content_feed_connector_state' );`)).last_sync;
const state = () => wp.run<{ since?: string | null; last_sync?: Outcome }>(`return get_option( 'content_feed_connector_state' );`);

/** The posts WordPress holds that are not in the trash, by article id. */
const live = (all: Post[]) => new Map(all.filter((p) => p.status !== 'trash').map((p) => [p.article, p]));

/** Every post holds its feed item as connectors/wordpress/README.md maps it. */
function expectPostsMatch(items: Item[], all: Post[]): void {
  const held = live(all);
  expect([...held.keys()].sort()).toEqual(items.map((i) => i.id).sort());
  expect(all.length, 'one post per article, never a duplicate').toBe(new Set(all.map((p) => p.article)).size);
  for (const item of items) {
    const post = held.get(item.id)!;
    const p = item.personalized!;
    expect(post.status).toBe('publish');
    expect(post.author, 'written by the administrator who connected').toBe(1);
    expect(post.title).toBe(p.title);
    expect(post.excerpt).toBe(p.summary);
    expect(post.content).toContain(p.summary);
    expect(post.content).toContain(`href="${item.url}"`);
    expect(post.dateGmt).toBe(item.publishedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ''));
    expect(post.categories.map((c) => c.slug).sort()).toEqual([...item.categories].sort());
    for (const c of post.categories) expect(c.name).toBe(TAXONOMY.find((t) => t.key === c.slug)!.name);
    expect(post.yoast).toBe(p.metaDescription);
    expect(post.rankMath).toBe(p.metaDescription);
    expect(post.thumbnail).toBeGreaterThan(0);
    expect(`/media/generated/${post.imageKey}`).toBe(p.imageUrl);
    expect(post.imageMime).toBe('image/png');
  }
}

describe('the WordPress connector in WordPress', () => {
  const ids: Record<'a' | 'b' | 'c' | 'e', string> = { a: '', b: '', c: '', e: '' };
  let first: Post[];

  it('connects with a code from the CLI, and one WP-Cron sync holds exactly the Site feed as posts', async () => {
    ids.a = await importArticle(['technology']);
    ids.b = await importArticle(['science']);
    ids.c = await importArticle(['technology', 'science']);
    ids.e = await importArticle(['science']);
    const notSubscribed = await importArticle(['sports']);
    const items = await feedUntil((i) => i.length === 4 && allPersonalized(i), 'four personalized items');

    const { code } = (await system.admin('connection-code', 'create', '--site', owner.site.id)) as { code: string };
    const siteId = await wp.run<string>(`return \\Content_Feed_Connector\\Plugin::connect( '${system.baseUrl}', '${code}' );`);
    expect(siteId).toBe(owner.site.id);
    // The secret is kept in one option that is not autoloaded, and nowhere else.
    const secret = await wp.run<{ autoload: string; copies: string; logged: boolean }>(`
      global $wpdb;
      $secret = get_option( 'content_feed_connector_secret' );
      return array(
        'autoload' => $wpdb->get_var( "SELECT autoload FROM {$wpdb->options} WHERE option_name = 'content_feed_connector_secret'" ),
        'copies'   => $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_value LIKE %s", '%' . $wpdb->esc_like( $secret ) . '%' ) ),
        'logged'   => file_exists( WP_DEBUG_LOG ) && str_contains( file_get_contents( WP_DEBUG_LOG ), $secret ),
      );`);
    expect(secret).toEqual({ autoload: 'no', copies: '1', logged: false });

    // WP-Cron: the event is scheduled every 5 minutes; made due, wp-cron.php runs the sync.
    const scheduled = await wp.run<{ next: number; schedule: string; interval: number }>(`
      $next = wp_next_scheduled( '${CRON_HOOK}' );
      $event = wp_get_scheduled_event( '${CRON_HOOK}' );
      wp_unschedule_event( $next, '${CRON_HOOK}' );
      wp_schedule_event( time() - 1, $event->schedule, '${CRON_HOOK}' );
      return array( 'next' => $next, 'schedule' => $event->schedule, 'interval' => $event->interval );`);
    expect(scheduled.schedule).toBe('content_feed_connector_every_5_minutes');
    expect(scheduled.interval).toBe(300);
    expect((await fetch(`${wp.url}/wp-cron.php`)).status).toBe(200);
    const end = Date.now() + 60_000;
    while (!(await state())?.last_sync) {
      if (Date.now() > end) throw new Error('wp-cron.php did not run the sync');
      await new Promise((r) => setTimeout(r, 200));
    }
    const outcome = (await state()).last_sync!;
    expect(outcome, outcome.message).toMatchObject({ ok: true, counts: { created: 4, updated: 0, trashed: 0, images_failed: 0 } });

    first = await posts();
    expectPostsMatch(items, first);
    expect(first.some((p) => p.article === notSubscribed)).toBe(false);
    // One attachment per image key, each downloaded once.
    const attachments = await wp.run<number>(
      `return count( get_posts( array( 'post_type' => 'attachment', 'post_status' => 'inherit', 'numberposts' => -1, 'meta_key' => '_content_feed_image_key', 'fields' => 'ids' ) ) );`,
    );
    expect(attachments).toBe(new Set(first.map((p) => p.imageKey)).size);
  });

  it('a second sync writes no post, term or attachment, nor does one that reads every change again', async () => {
    const before = await checksums();
    const outcome = await syncByHook();
    expect(outcome, outcome.message).toMatchObject({ ok: true, counts: { created: 0, updated: 0, trashed: 0 } });
    expect(await checksums()).toEqual(before);
    // A sync that resumes from an earlier since (after a failure) applies changes it already
    // applied: each post already matches and is left alone.
    await wp.run(
      `$s = get_option( 'content_feed_connector_state' ); unset( $s['since'], $s['etag'] ); return update_option( 'content_feed_connector_state', $s );`,
    );
    const again = await syncByHook();
    expect(again, again.message).toMatchObject({ ok: true, counts: { created: 0, updated: 0, trashed: 0, unchanged: 4 } });
    expect(await checksums()).toEqual(before);
  });

  it('an update arrives as an edit, a removal and an unsubscribed category as trash, a return as a restore', async () => {
    const before = live(first);
    const old = (await feed()).find((i) => i.id === ids.a)!.personalized!.generatedAt;
    await importArticle(['technology'], { id: ids.a, title: 'Robots learn to recycle, updated' });
    await system.admin('articles', 'remove', '--id', ids.b);
    await subscribe(['technology']);
    const items = await feedUntil(
      (i) => i.length === 2 && i.some((x) => x.id === ids.a && x.title.endsWith('updated') && x.personalized && x.personalized.generatedAt !== old),
      'the update personalized, B removed, E unsubscribed',
    );
    const outcome = await syncByHook();
    expect(outcome, outcome.message).toMatchObject({ ok: true, counts: { created: 0, updated: 1, trashed: 2 } });
    const after = await posts();
    expectPostsMatch(items, after);
    expect(live(after).get(ids.a)!.id, 'edited in place').toBe(before.get(ids.a)!.id);
    const trashed = after.filter((p) => p.status === 'trash').map((p) => p.id);
    expect(trashed.sort()).toEqual([before.get(ids.b)!.id, before.get(ids.e)!.id].sort());

    await subscribe(['technology', 'science']);
    const back = await feedUntil((i) => i.length === 3 && allPersonalized(i), 'E back in the feed');
    expect((await syncByHook()).ok).toBe(true);
    const restored = await posts();
    expectPostsMatch(back, restored);
    expect(live(restored).get(ids.e)!.id, 'the trashed post restored, not a duplicate').toBe(before.get(ids.e)!.id);
  });

  it('a since the service no longer accepts: the whole feed is read again, and posts of articles that left it are trashed', async () => {
    const stray = await wp.run<number>(
      `return wp_insert_post( array( 'post_title' => 'Left while away', 'post_status' => 'publish', 'meta_input' => array( '_content_feed_article_id' => 'left-while-away' ) ) );`,
    );
    const ownPost = await wp.run<number>(`return wp_insert_post( array( 'post_title' => 'The owner writes too', 'post_status' => 'publish' ) );`);
    // As a since older than the changes kept is refused: a 400 to the kept since.
    await wp.run(
      `$s = get_option( 'content_feed_connector_state' ); $s['since'] = 'expired-position'; unset( $s['etag'] ); return update_option( 'content_feed_connector_state', $s );`,
    );
    const outcome = await syncByHook();
    expect(outcome, outcome.message).toMatchObject({ ok: true, counts: { created: 0, updated: 0, trashed: 1, unchanged: 3 } });
    expect(outcome.message).toMatch(/^Read the whole feed again/);
    const after = await posts();
    expectPostsMatch(
      await feed(),
      after.filter((p) => p.id !== stray),
    );
    expect(after.find((p) => p.id === stray)!.status).toBe('trash');
    expect(await wp.run<string>(`return get_post_status( ${ownPost} );`), 'a post of its own is never touched').toBe('publish');
  });

  it('a revoked Credential: the sync fails with a clear message and changes nothing', async () => {
    const pending = await importArticle(['technology']);
    await feedUntil((i) => i.some((x) => x.id === pending), 'the new article in the feed');
    const { credential_id: credentialId } = await wp.run<{ credential_id: string }>(`return get_option( 'content_feed_connector_connection' );`);
    await system.admin('credential', 'revoke', '--site', owner.site.id, '--credential', credentialId);
    const [before, since] = [await checksums(), (await state()).since];
    const outcome = await syncByHook();
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toMatch(/revoked/);
    expect(await checksums()).toEqual(before);
    expect((await state()).since).toBe(since);
  });

  describe('the settings page in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    const SETTINGS = () => `${wp.url}/wp-admin/options-general.php?page=content-feed`;
    async function shot(page: Page, name: string): Promise<void> {
      await screenshot(page, name);
      if (process.env.CONNECTOR_SCREENSHOTS) {
        mkdirSync(DOC_SCREENSHOTS, { recursive: true });
        cpSync(path.join(SCREENSHOTS_DIR, `${name}.png`), path.join(DOC_SCREENSHOTS, `${name}.png`));
      }
    }

    it('connect (a used code refused, then a new one), Sync now, and the notice after a revoke', async () => {
      const page = await (await newContext(browser)).newPage();
      await page.setViewportSize({ width: 1100, height: 900 });
      await page.goto(`${wp.url}/wp-login.php`);
      await page.fill('#user_login', WP_ADMIN_USER);
      await page.fill('#user_pass', WP_ADMIN_PASSWORD);
      await Promise.all([page.waitForURL(/wp-admin/), page.click('#wp-submit')]);

      // Still connected with the revoked Credential: disconnect first.
      await page.goto(SETTINGS());
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await page.getByLabel('Service URL').waitFor();

      const used = (await system.admin('connection-code', 'create', '--site', owner.site.id)) as { code: string };
      await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code: used.code } });
      await page.getByLabel('Service URL').fill(system.baseUrl);
      await page.getByLabel('Connection code').fill(used.code);
      await page.getByRole('button', { name: 'Connect' }).click();
      await expect.poll(() => page.locator('.notice-error').first().innerText()).toMatch(/wrong, expired or already used/);

      const { code } = (await system.admin('connection-code', 'create', '--site', owner.site.id)) as { code: string };
      await page.getByLabel('Service URL').fill(system.baseUrl);
      await page.getByLabel('Connection code').fill(code);
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.getByText('Connected', { exact: true }).waitFor();
      expect(await page.locator('code').first().innerText()).toBe(owner.site.id);
      expect(await page.content()).not.toContain(code);
      // This system delivers webhooks over https to public addresses only: the service refused the
      // site's http://127.0.0.1 route, and the page says so (test/connectors/wordpress-webhooks.test.ts has them on).
      await expect
        .poll(() =>
          page
            .getByText(/^Instant updates: off/)
            .locator('..')
            .innerText(),
        )
        .toMatch(
          /Instant updates: off — the service cannot deliver to this site's address \(The Content Feed Service answered 400: .+\)\.\s+The sync runs every 5 minutes\./,
        );
      await shot(page, 'wordpress-connected');

      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect.poll(() => page.locator('.notice-success').first().innerText()).toMatch(/Synced: 1 created/);
      await expect.poll(() => page.getByText(/Last sync: .*, succeeded\./).count()).toBe(1);
      await shot(page, 'wordpress-synced');
      expect(live(await posts()).size).toBe((await feed()).length);

      await page.goto(`${wp.url}/wp-admin/edit.php`);
      await shot(page, 'wordpress-posts');

      const { credential_id: credentialId } = await wp.run<{ credential_id: string }>(`return get_option( 'content_feed_connector_connection' );`);
      await system.admin('credential', 'revoke', '--site', owner.site.id, '--credential', credentialId);
      await page.goto(SETTINGS());
      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect.poll(() => page.locator('.notice-error').first().innerText()).toMatch(/revoked or has expired: disconnect and connect again/);
      await shot(page, 'wordpress-revoked');
    });
  });
});
