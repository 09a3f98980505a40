/** E-mail addresses and web addresses. */
import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, withoutControlCharacters } from './text.ts';

/** An e-mail address (at most 320 characters). */
export const email = z.email().max(320).refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE);

/**
 * An absolute http(s) URL with a domain name (no IP address, no localhost), at most 2048
 * characters: a Site's public address, an article's link. Control characters are refused as sent
 * (a URL parser would silently drop some of them); surrounding spaces are trimmed.
 */
export const httpUrl = z.string().max(2048).refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE).pipe(webAddress());

/** The address part of httpUrl alone (absolute http(s), a domain name), at most `max` characters: for addresses the system itself hands out. */
export function webAddress(max = 2048) {
  return z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).max(max);
}

/**
 * An absolute http(s) URL that someone outside handed out, at most `max` characters, passed on as
 * given: any host, an IP address or localhost included. A payment provider's hosted page (a
 * Stripe-compatible server on a developer's machine serves its pages on its own address) and a
 * publisher's link read from its feed (services/feed/README.md#sources) are what they are; the rule
 * that an address is a domain name is for what customers and operators type (webAddress).
 */
export function providerAddress(max = 2048) {
  return z.url({ protocol: /^https?$/ }).max(max);
}
