import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as rules from '../src/rules.ts';

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

  it('format issues as one safe line', () => {
    const error = z.object({ a: z.string(), b: z.number() }).safeParse({ a: 1, b: 'x' }).error!;
    expect(rules.formatIssues(error, { where: 'body' })).toMatch(/^body\.a: .+; body\.b: .+$/);
    expect(rules.formatIssues(error, { max: 1 })).toMatch(/^a: [^;]+$/);
  });
});
