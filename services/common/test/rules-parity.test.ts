/**
 * The operator CLI and the public API accept and refuse the same input (no servers): each sample
 * goes down both paths as far as the rules go.
 * - API: the JSON body → the gateway's schema (the shared rule, copied by `.meta()` for OpenAPI)
 *   → the service's rule again on what the gateway forwards.
 * - CLI: the command line → node:util parseArgs, as services/admin does → the service's rule on
 *   the fields the command sends (the CLI itself checks nothing; the service is the only gate).
 */
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as rules from '../src/rules/index.ts';

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** What the gateway does with a body: JSON on the wire, its `.meta()` copy of the rule, then the service's rule on the result. */
function api(gatewaySchema: z.ZodType, serviceRule: z.ZodType, body: unknown, forward: (parsed: never) => unknown = (parsed) => parsed): boolean {
  const parsed = gatewaySchema.safeParse(JSON.parse(JSON.stringify(body)));
  return parsed.success && ok(serviceRule, forward(parsed.data as never));
}

/** The string options of a CLI command line, as parseArgs reads them. */
function cli(argv: string[], options: string[]): Record<string, string | undefined> {
  const { values } = parseArgs({ args: argv, options: Object.fromEntries(options.map((o) => [o, { type: 'string' as const }])), strict: true });
  return values as Record<string, string | undefined>;
}

const EMAILS = {
  accepted: ['someone@example.com', 'A.B+tag@sub.example.co.uk', `${'x'.repeat(60)}@example.com`],
  refused: [
    'no-at-sign',
    'a@b',
    '@example.com',
    'a@localhost',
    ' a@example.com',
    'a@example.com ',
    'nul\u0000@example.com',
    'a\tb@example.com',
    `${'x'.repeat(320)}@example.com`,
    '',
  ],
};

// '' is left out on purpose: `customer create` without --site-url makes a Site with no address
// yet, which the API never sets (a Site's address is given or the Site keeps the one it has).
const URLS = {
  accepted: ['https://www.example.com', 'http://example.com/path?q=1#f', ' https://padded.example.com ', 'HTTPS://UPPER.EXAMPLE.COM/'],
  refused: [
    'javascript:alert(1)',
    'ftp://example.com',
    'https://',
    'example.com',
    'https://localhost',
    'https://127.0.0.1/',
    'https://ex ample.com',
    'https://example.com/\u0000',
    `https://example.com/${'x'.repeat(2048)}`,
  ],
};

const NAMES = {
  accepted: ['Name', '  padded  ', 'Ünïcødé 名前 🚀', 'x'.repeat(200)],
  refused: ['', '   ', 'a\u0000b', 'line\nbreak', 'x'.repeat(201)],
};

const customerApi = rules.customer.meta({ description: 'as the gateway' });
const siteApi = rules.site.extend({ url: rules.site.shape.url.meta({ format: 'uri' }) }).meta({ description: 'as the gateway' });

/** `customer create`, as far as the account service: it checks the customer and the site it makes. */
function customerCreate(argv: string[]): boolean {
  const args = cli(argv, ['name', 'email', 'plan', 'site-name', 'site-url']);
  const customerOk = ok(rules.customer, { name: args.name, email: args.email });
  const siteOk = ok(rules.storedSite, { name: args['site-name'] || args.name, url: (args['site-url'] ?? '').trim() });
  return customerOk && siteOk;
}

describe('the CLI and the API accept exactly the same', () => {
  it.each([...EMAILS.accepted, ...EMAILS.refused])('e-mail %j', (email) => {
    const viaApi = api(customerApi, rules.customer, { name: 'Name', email });
    const viaCli = customerCreate(['--name', 'Name', '--email', email]);
    expect(viaCli).toBe(viaApi);
    expect(viaApi).toBe(EMAILS.accepted.includes(email));
  });

  it.each([...URLS.accepted, ...URLS.refused])('site URL %j', (url) => {
    const viaApi = api(siteApi, rules.storedSite, { name: 'Site', url });
    const viaCli = customerCreate(['--name', 'Name', '--email', 'ok@example.com', '--site-url', url]);
    expect(viaCli).toBe(viaApi);
    expect(viaApi).toBe(URLS.accepted.includes(url));
  });

  it.each([...NAMES.accepted, ...NAMES.refused])('customer and site name %j', (name) => {
    const viaApi = api(customerApi, rules.customer, { name, email: 'ok@example.com' }) && api(siteApi, rules.storedSite, { name, url: 'https://example.com' });
    const viaCli = customerCreate(['--name', name, '--email', 'ok@example.com', '--site-name', name, '--site-url', 'https://example.com']);
    expect(viaCli).toBe(viaApi);
    expect(viaApi).toBe(NAMES.accepted.includes(name));
  });

  it('credential scopes: `credential create --scopes a,b` and POST …/credentials', () => {
    const scopesApi = rules.credentialScopes.meta({ description: 'as the gateway' });
    const samples: Array<[string[], boolean]> = [
      [['feed.read'], true],
      [['feed.read', 'subscription.manage', 'account.manage'], true],
      [['platform.admin'], false],
      [['feed.read', 'platform.whatever'], false],
      [['feed.write'], false],
      [Array(21).fill('feed.read'), false],
    ];
    for (const [scopes, expected] of samples) {
      const args = cli(['--site', 's', '--scopes', scopes.join(',')], ['site', 'scopes', 'audience', 'expires-in', 'name']);
      const viaCli = ok(
        rules.credentialScopes,
        args
          .scopes!.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
      const viaApi = api(scopesApi, rules.credentialScopes, scopes);
      expect([viaCli, viaApi], scopes.join(',')).toEqual([expected, expected]);
    }
  });

  it('connection-code lifetime: `connection-code create --expires-in N` and POST …/connection-codes', () => {
    const lifetimeApi = rules.connectionCodeLifetime.meta({ description: 'as the gateway' });
    for (const [seconds, expected] of [
      [59, false],
      [60, true],
      [900, true],
      [604_800, true],
      [604_801, false],
    ] as const) {
      const args = cli(['--site', 's', '--expires-in', String(seconds)], ['site', 'expires-in']);
      const viaCli = ok(rules.connectionCodeLifetime, Number(args['expires-in']));
      const viaApi = api(lifetimeApi, rules.connectionCodeLifetime, seconds);
      expect([viaCli, viaApi], String(seconds)).toEqual([expected, expected]);
    }
  });

  it('SEO profile: the gateway and the seo service apply the one rule (the CLI has no SEO command)', () => {
    const profileApi = rules.seoProfile.meta({ description: 'as the gateway' });
    const good = { siteName: 'S', locale: 'pt-BR', keywords: ['a', ' b '], tone: 'neutral', topics: [] };
    const samples: Array<[unknown, boolean]> = [
      [good, true],
      [{ ...good, locale: 'zh-Hant-TW' }, true],
      [{ ...good, locale: 'english' }, false],
      [{ ...good, extra: 1 }, false],
      [{ ...good, keywords: ['x\u0000'] }, false],
      [{ ...good, keywords: Array(51).fill('k') }, false],
      [{ ...good, tone: 'x'.repeat(51) }, false],
      [{ ...good, siteName: '   ' }, false],
      [{ ...good, topics: 'one' }, false],
    ];
    for (const [profile, expected] of samples) {
      expect([ok(rules.seoProfile, profile), api(profileApi, rules.seoProfile, profile)], JSON.stringify(profile).slice(0, 80)).toEqual([expected, expected]);
    }
  });
});
