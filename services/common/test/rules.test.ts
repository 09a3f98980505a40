import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as rules from '../src/rules/index.ts';

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe('validation rules shared by the gateway and the services', () => {
  it('refuse control characters in every text field', () => {
    for (const bad of ['a\u0000b', 'a\u0007b', 'line\nbreak', 'tab\tinside', 'del\u007f']) {
      expect(accepts(rules.displayName, bad), JSON.stringify(bad)).toBe(false);
      expect(accepts(rules.credentialName, bad), JSON.stringify(bad)).toBe(false);
      expect(accepts(rules.text(50), bad), JSON.stringify(bad)).toBe(false);
    }
    expect(accepts(rules.email, 'a\u0000@example.com')).toBe(false);
    expect(accepts(rules.httpUrl, 'https://example.com/\u0000')).toBe(false);
    expect(accepts(rules.displayName, '  Ünïcødé 名前 🚀  ')).toBe(true);
    expect(rules.displayName.parse('  padded  ')).toBe('padded');
  });

  it('let paragraphs keep line breaks and tabs, and nothing else', () => {
    expect(accepts(rules.paragraphs(100), 'one\ntwo\r\n\tthree')).toBe(true);
    expect(accepts(rules.paragraphs(100), 'nul\u0000')).toBe(false);
    expect(accepts(rules.paragraphs(3), 'four')).toBe(false);
  });

  it('take only absolute http(s) URLs with a domain, and real e-mail addresses', () => {
    expect(accepts(rules.httpUrl, 'https://www.example.com/path?q=1')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://example.com', 'https://', 'example.com', `https://example.com/${'x'.repeat(2048)}`]) {
      expect(accepts(rules.httpUrl, bad), bad).toBe(false);
    }
    expect(accepts(rules.email, 'someone@example.com')).toBe(true);
    for (const bad of ['no-at-sign', 'a@b', '@example.com', `${'x'.repeat(320)}@example.com`]) expect(accepts(rules.email, bad), bad).toBe(false);
  });

  it("take a provider's absolute http(s) URL as given, on an IP address or localhost too", () => {
    for (const good of ['http://127.0.0.1:12111/c/pay/cs_1', 'http://localhost:12111/c/pay/cs_1', 'https://checkout.stripe.com/c/pay/cs_1']) {
      expect(accepts(rules.providerAddress(), good), good).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', 'ftp://127.0.0.1/x', '/c/pay/cs_1', `https://example.com/${'x'.repeat(2048)}`]) {
      expect(accepts(rules.providerAddress(), bad), bad).toBe(false);
    }
    expect(accepts(rules.webAddress(), 'http://127.0.0.1:12111/c/pay/cs_1')).toBe(false);
  });

  it('keep category keys and locales to their grammar', () => {
    expect(accepts(rules.categoryKey, 'ai-and-ml_2')).toBe(true);
    for (const bad of ['Upper', '-leading', '', 'x'.repeat(65), 'sp ace']) expect(accepts(rules.categoryKey, bad), bad).toBe(false);
    expect(accepts(rules.locale, 'pt-BR')).toBe(true);
    expect(accepts(rules.locale, 'portuguese')).toBe(false);
  });

  it('check a whole SEO profile strictly', () => {
    const profile = { siteName: 'S', locale: 'en', keywords: ['a'], tone: 'neutral', topics: [] };
    expect(accepts(rules.seoProfile, profile)).toBe(true);
    expect(accepts(rules.seoProfile, { ...profile, extra: 1 })).toBe(false);
    expect(accepts(rules.seoProfile, { ...profile, keywords: ['x\u0000'] })).toBe(false);
    expect(accepts(rules.seoProfile, { ...profile, keywords: Array(51).fill('k') })).toBe(false);
  });

  it('bound subscriptions to 100 category keys', () => {
    expect(accepts(rules.subscribedCategories, ['tech', 'ai-ml'])).toBe(true);
    expect(accepts(rules.subscribedCategories, Array(101).fill('tech'))).toBe(false);
    expect(accepts(rules.subscribedCategories, ['Tech'])).toBe(false);
  });

  it('keep plan ids and media keys to their grammar', () => {
    expect(accepts(rules.planId, 'pro-2')).toBe(true);
    for (const bad of ['Pro', '', '-x', 'x'.repeat(64)]) expect(accepts(rules.planId, bad), bad).toBe(false);
    expect(accepts(rules.mediaKey, 'covers/904.png')).toBe(true);
    for (const bad of ['', '../etc/passwd', 'a//b', '.hidden', 'a b', 'x'.repeat(513)]) expect(accepts(rules.mediaKey, bad), bad).toBe(false);
  });

  it('keep media keys to 1 to 4 segments, one OpenAPI path each', () => {
    for (const good of ['hero.png', 'ai/abc.png', 'covers/2026/hero.png', 'covers/2026/03/hero.png']) expect(accepts(rules.mediaKey, good), good).toBe(true);
    expect(accepts(rules.mediaKey, 'covers/2026/03/01/hero.png')).toBe(false);
  });

  it('let a customer Credential hold customer scopes only', () => {
    expect(accepts(rules.credentialScopes, ['feed.read', 'account.manage'])).toBe(true);
    expect(accepts(rules.credentialScopes, [])).toBe(true);
    for (const bad of [['platform.admin'], ['platform.anything'], ['feed.write'], Array(21).fill('feed.read')]) {
      expect(accepts(rules.credentialScopes, bad), JSON.stringify(bad).slice(0, 40)).toBe(false);
    }
    expect(rules.formatIssues(rules.credentialScopes.safeParse(['platform.admin']).error!, { where: 'body.scopes' })).toBe(
      'body.scopes.0: platform.admin is an operator scope and cannot be held by a customer credential',
    );
  });

  it("bound a connection code's lifetime to 60 seconds … 7 days", () => {
    for (const good of [60, 900, 7 * 24 * 3600]) expect(accepts(rules.connectionCodeLifetime, good), String(good)).toBe(true);
    for (const bad of [0, 59, 7 * 24 * 3600 + 1, 90.5, '900']) expect(accepts(rules.connectionCodeLifetime, bad), String(bad)).toBe(false);
  });

  it('keep every check on the copies .meta() makes for OpenAPI', () => {
    const copy = rules.seoProfile.meta({ description: 'copy' });
    expect(copy).not.toBe(rules.seoProfile);
    expect(accepts(copy, { siteName: 'S', locale: 'en', keywords: ['x\u0000'], tone: 't', topics: [] })).toBe(false);
    expect(accepts(rules.httpUrl.meta({ format: 'uri' }), 'ftp://example.com')).toBe(false);
  });

  it('refuse an input in a service with the 400 that says why', () => {
    expect(rules.parseOrRefuse(rules.displayName, ' Name ')).toBe('Name');
    expect(() => rules.parseOrRefuse(rules.customer, { name: 'N', email: 'nope' }, { where: 'customer' })).toThrow(
      expect.objectContaining({ code: 'MALFORMED_REQUEST', message: expect.stringMatching(/^customer\.email: /) }),
    );
  });

  it('format issues as one safe line', () => {
    const error = z.object({ a: z.string(), b: z.number() }).safeParse({ a: 1, b: 'x' }).error!;
    expect(rules.formatIssues(error, { where: 'body' })).toMatch(/^body\.a: .+; body\.b: .+$/);
    expect(rules.formatIssues(error, { max: 1 })).toMatch(/^a: [^;]+$/);
  });
});
