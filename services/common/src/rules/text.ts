/** Text a person typed: names, titles, free text. */
import { z } from 'zod';

/**
 * U+0000–U+001F and U+007F are never part of a name, a URL or any text a person typed. As whole-text
 * patterns, so that the API description can state them (a JSON Schema `pattern`).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
/** The same, but tab, LF and CR are allowed (paragraphs). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const withoutControlCharacters = (value: string): boolean => NO_CONTROL_CHARACTERS.test(value);
export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** Free text of at most `max` characters, trimmed, not empty, without control characters. */
export const text = (max: number) => z.string().trim().min(1).max(max).refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE);

/** Longer text that may hold line breaks (tab, LF, CR) but no other control character. */
export const paragraphs = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(value), 'must not contain control characters other than tab and line breaks');

/** The name of a Customer or a Site. */
export const displayName = text(200);

/** The name of a Credential. */
export const credentialName = text(100);
