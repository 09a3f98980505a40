/**
 * Dashboard Users: the e-mail they sign in with and the length of their password. Identity applies
 * both; the dashboard and the operator CLI apply the same definitions before calling it.
 */
import { z } from 'zod';

/** The e-mail a User signs in with: trimmed, lower-cased, at most 254 characters. */
export const userEmail = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * A password's length in characters (Unicode code points), the one measure of every password rule:
 * an emoji is one character, not the two UTF-16 units of String.length (nor its 4 UTF-8 bytes).
 */
export const passwordLength = (password: string): number => {
  let count = 0;
  for (const _ of password) count += 1;
  return count;
};

/** Whether a password may be set (and so could be right at sign-in): 12 to 256 characters. */
export const passwordLengthAllowed = (password: string): boolean => {
  const length = passwordLength(password);
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
};

/** What an HTML maxlength (counted in UTF-16 units) must allow for PASSWORD_MAX_LENGTH characters. */
export const PASSWORD_MAX_UTF16_UNITS = PASSWORD_MAX_LENGTH * 2;
