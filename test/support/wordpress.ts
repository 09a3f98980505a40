/**
 * A real WordPress for the connector's tests: Debian's `wordpress` package (/usr/share/wordpress,
 * WordPress 6.1) copied into a temporary folder with a wp-config.php of its own (Debian's reads
 * /etc/wordpress/config-<host>.php, which a test must not write), a fresh MariaDB database
 * (127.0.0.1:3306, root without password), the plugin installed from its zip with WordPress's own
 * unzip_file, and `php -S` serving it. `run` executes PHP inside WordPress (test/connectors/wordpress/run.php)
 * so that tests read posts, terms and meta through WordPress's own functions.
 * .ci/run installs the packages (ensure_php) and starts MariaDB (ensure_mariadb).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { zipFolder } from '../../connectors/wordpress/scripts/zip-plugin.ts';
import { freePort } from './processes.ts';
import { ROOT } from './services.ts';

const exec = promisify(execFile);
const DEBIAN_WORDPRESS = process.env.WORDPRESS_PATH ?? '/usr/share/wordpress';
const HELPERS = path.join(ROOT, 'test/connectors/wordpress');
const RESULT = '\n@@result@@';

export const WP_ADMIN_USER = 'admin';
export const WP_ADMIN_PASSWORD = 'connector-test-password';
export const PLUGIN_FILE = 'content-feed-connector/content-feed-connector.php';

export interface WordPressSite {
  /** Where `php -S` serves it, e.g. http://127.0.0.1:41234 */
  url: string;
  dir: string;
  /** Runs PHP code (a function body: `return ...;`) inside WordPress as the administrator; resolves with what it returns. */
  run: <T = unknown>(code: string) => Promise<T>;
  /** Stops the server, drops the database and removes the folder. */
  stop: () => Promise<void>;
}

/**
 * Installs a fresh WordPress with the plugin (not yet activated) and serves it. `wpCron`: WP-Cron
 * as a production site has it (spawned by requests), instead of run only when a test calls wp-cron.php.
 */
export async function startWordPress(label: string, options: { wpCron?: boolean } = {}): Promise<WordPressSite> {
  if (!existsSync(path.join(DEBIAN_WORDPRESS, 'wp-settings.php'))) {
    throw new Error(`no WordPress at ${DEBIAN_WORDPRESS}: apt-get install wordpress (.ci/run does)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'cfs-wordpress-'));
  // Debian's package links a few files into /usr/share/javascript and /usr/share/php with relative
  // links, which would dangle in a copy: copy what they point to.
  cpSync(DEBIAN_WORDPRESS, dir, { recursive: true, dereference: true });
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  const database = `cfs_wp_${label}_${process.pid}_${Date.now().toString(36)}`.slice(0, 64);
  const php = (s: string) => `'${s.replace(/[\\']/g, '\\$&')}'`;
  writeFileSync(
    path.join(dir, 'wp-config-values.php'),
    `<?php
define( 'WP_TEST_HOST', ${php(host)} );
define( 'WP_TEST_DB_NAME', ${php(database)} );
define( 'WP_TEST_DB_HOST', '127.0.0.1' );
define( 'WP_TEST_DB_PORT', 3306 );
define( 'WP_TEST_ADMIN_PASSWORD', ${php(WP_ADMIN_PASSWORD)} );
`,
  );
  const salts = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'];
  writeFileSync(
    path.join(dir, 'wp-config.php'),
    `<?php
require_once __DIR__ . '/wp-config-values.php';
define( 'DB_NAME', WP_TEST_DB_NAME );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', WP_TEST_DB_HOST . ':' . WP_TEST_DB_PORT );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${salts.map((s) => `define( '${s}', '${randomBytes(24).toString('hex')}' );`).join('\n')}
$table_prefix = 'wp_';
define( 'WP_HOME', 'http://' . WP_TEST_HOST );
define( 'WP_SITEURL', 'http://' . WP_TEST_HOST );
${
  options.wpCron
    ? '// WP-Cron as in production: a request that finds an event due spawns wp-cron.php.'
    : "// Cron runs when the test calls wp-cron.php, not on a page view: the test decides when a sync happens.\ndefined( 'DISABLE_WP_CRON' ) || define( 'DISABLE_WP_CRON', true );"
}
// No calls to wordpress.org (this machine's network is closed; each would wait for its time-out).
// The Service URL is on 127.0.0.1, WordPress's own host, which the block lets through.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', __DIR__ . '/debug.log' );
define( 'ABSPATH', __DIR__ . '/' );
require_once ABSPATH . 'wp-settings.php';
`,
  );
  for (const helper of ['install.php', 'run.php', 'drop.php']) copyFileSync(path.join(HELPERS, helper), path.join(dir, helper));
  const zip = path.join(dir, 'content-feed-connector.zip');
  writeFileSync(zip, zipFolder(path.join(ROOT, 'connectors/wordpress/content-feed-connector'), 'content-feed-connector'));

  const installed = await exec('php', [path.join(dir, 'install.php'), zip], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
  if (!installed.stdout.includes('installed')) throw new Error(`WordPress did not install: ${installed.stdout}${installed.stderr}`);

  const server: ChildProcess = spawn('php', ['-S', host, '-t', dir], {
    cwd: dir,
    // Several workers: the browser loads a page's styles while WordPress answers a form.
    env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    stdio: 'ignore',
    // A group of its own: the workers outlive a signal to their parent alone (stop() signals the group).
    detached: true,
  });
  const end = Date.now() + 20_000;
  for (;;) {
    const up = await fetch(`${url}/wp-login.php`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > end) throw new Error(`php -S did not answer at ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  const run = async <T>(code: string): Promise<T> => {
    const child = execFile('php', [path.join(dir, 'run.php')], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    child.stdin!.end(code);
    const output = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      child.on('close', (status) => (status === 0 && out.includes(RESULT) ? resolve(out) : reject(new Error(`php run.php exited ${status}: ${out}${err}`))));
    });
    return JSON.parse(output.slice(output.lastIndexOf(RESULT) + RESULT.length)) as T;
  };

  return {
    url,
    dir,
    run,
    stop: async () => {
      try {
        process.kill(-server.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exec('php', [path.join(dir, 'drop.php')], { cwd: dir }).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A logged-in administrator over plain HTTP: the settings page's buttons without a browser. */
export interface AdminSession {
  /** The settings page's HTML. */
  settings: () => Promise<string>;
  /** Presses one of the settings page's buttons (its admin-post.php action, e.g. `content_feed_sync`) with the page's nonce; resolves with the notice shown after it (null when a concurrent press of the same user showed it first). */
  press: (action: string, fields?: Record<string, string>) => Promise<{ type: string; message: string } | null>;
}

/** Logs in as the test's administrator with wp-login.php and keeps the cookies. */
export async function adminSession(wp: WordPressSite): Promise<AdminSession> {
  const cookies = new Map<string, string>([['wordpress_test_cookie', 'WP%20Cookie%20check']]);
  const send = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const header = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: header } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const login = await send(`${wp.url}/wp-login.php`, form({ log: WP_ADMIN_USER, pwd: WP_ADMIN_PASSWORD, 'wp-submit': 'Log In', testcookie: '1' }));
  if (login.status !== 302) throw new Error(`wp-login.php answered ${login.status}`);
  const page = `${wp.url}/wp-admin/options-general.php?page=content-feed`;
  const settings = async () => {
    const res = await send(page);
    if (res.status !== 200) throw new Error(`the settings page answered ${res.status}`);
    return res.text();
  };
  return {
    settings,
    press: async (action, fields = {}) => {
      const html = await settings();
      const nonce = new RegExp(`name="action" value="${action}">\\s*<input[^>]*name="_wpnonce" value="([^"]+)"`).exec(html)?.[1];
      if (!nonce) throw new Error(`no ${action} form on the settings page`);
      const res = await send(`${wp.url}/wp-admin/admin-post.php`, form({ action, _wpnonce: nonce, ...fields }));
      if (res.status !== 302) throw new Error(`admin-post.php ${action} answered ${res.status}: ${await res.text()}`);
      const after = await settings();
      const notice = /<div class="notice notice-(\w+)[^"]*"><p>([^<]*)<\/p><\/div>/.exec(after);
      return notice
        ? {
            type: notice[1]!,
            message: notice[2]!
              .replace(/&#0?39;/g, "'")
              .replace(/&quot;/g, '"')
              .replace(/&amp;/g, '&'),
          }
        : null;
    },
  };
}
