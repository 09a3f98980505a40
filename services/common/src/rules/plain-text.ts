/**
 * Text that came from outside (a publisher's feed, an import, an AI provider) as plain text: markup
 * parsed by htmlparser2 (never a regex), tags dropped, the text of script, style and other
 * non-content elements dropped whole, entities decoded, control characters and runs of white space
 * folded. What it returns holds no markup to render: a consumer escapes it as text and is done.
 */
import { Parser } from 'htmlparser2';

/** Elements whose text is never content a reader sees. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title', 'select', 'textarea']);
/** Elements that end a run of text: their edges become a space, so words never run together. */
const BREAKING = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'img',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

// eslint-disable-next-line no-control-regex -- folding control characters is the point
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f-\u009f\u200b\ufeff]+/g;

/**
 * The plain text of `html` (or of text that may hold markup), on one line, trimmed. With
 * `keepLineBreaks` (a summary's paragraphs) the text's own line breaks stay: each line is folded
 * and trimmed on its own, empty lines fold into one blank line between paragraphs.
 */
export function toPlainText(html: string, options: { keepLineBreaks?: boolean } = {}): string {
  const parts: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIPPED.has(name)) skipping += 1;
        else if (BREAKING.has(name)) parts.push(' ');
      },
      onclosetag(name, implied) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BREAKING.has(name) && !implied) parts.push(' ');
      },
      ontext(text) {
        if (skipping === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  const text = parts.join('');
  if (!options.keepLineBreaks) return text.replace(CONTROL_OR_SPACE, ' ').trim();
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(CONTROL_OR_SPACE, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * `text` cut to at most `max` characters (UTF-16 code units, as zod's max counts them), at the last
 * word boundary when there is one in the second half, with "…" when cut. Never splits a surrogate pair.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (end > 0 && /[\ud800-\udbff]/.test(text[end - 1] ?? '')) end -= 1;
  const space = text.lastIndexOf(' ', end);
  if (space > max / 2) end = space;
  return `${text.slice(0, end).trimEnd()}…`;
}
