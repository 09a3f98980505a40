import { describe, expect, it } from 'vitest';
import { cutAtWord, toPlainText } from '@cfs/common/rules/plain-text';

describe('toPlainText', () => {
  it('drops tags and their attributes, handlers included', () => {
    expect(toPlainText('<img src=x onerror=alert(1)>Breaking <b>news</b>')).toBe('Breaking news');
    expect(toPlainText('<a href="javascript:alert(1)">click</a> here')).toBe('click here');
  });
  it('drops the text of script, style and other non-content elements', () => {
    expect(toPlainText('Hello<script>alert("x")</script> <style>p{}</style>world<noscript>n</noscript>')).toBe('Hello world');
    expect(toPlainText('<svg><text>svg text</text></svg>ok')).toBe('ok');
  });
  it('decodes entities once: an escaped tag becomes its text, not markup run twice', () => {
    expect(toPlainText('Fish &amp; chips &lt;b&gt; &#8217; &hellip;')).toBe('Fish & chips <b> ’ …');
    expect(toPlainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });
  it('keeps words apart across block elements and folds white space and control characters', () => {
    expect(toPlainText('<p>One</p><p>Two</p><br>Three\n\n\tFour\u0000\u0007')).toBe('One Two Three Four');
    expect(toPlainText('a\u200bb\ufeff')).toBe('a b');
  });
  it('leaves plain text as it is, less-than signs included', () => {
    expect(toPlainText('Rates rise 5% as a < b')).toBe('Rates rise 5% as a < b');
    expect(toPlainText('[embed]https://x.example[/embed]')).toBe('[embed]https://x.example[/embed]');
  });
  it("keeps the text's own line breaks when asked (a summary's paragraphs), markup across lines dropped whole", () => {
    expect(toPlainText('First <b>line</b>.\r\nSecond\u001b line.\n\n\n\nNext  paragraph.', { keepLineBreaks: true })).toBe(
      'First line.\nSecond line.\n\nNext paragraph.',
    );
    expect(toPlainText('<script>\nalert(1)\n</script>\n<img\nsrc=x onerror=alert(1)>Text', { keepLineBreaks: true })).toBe('Text');
    expect(toPlainText('One\nTwo')).toBe('One Two');
  });
  it('handles unclosed and broken markup without throwing', () => {
    expect(toPlainText('<div><p>open <b>bold')).toBe('open bold');
    expect(toPlainText('<<>>< / >text')).toContain('text');
    expect(toPlainText('<script>never closed')).toBe('');
  });
});

describe('cutAtWord', () => {
  it('keeps text within the limit as it is', () => {
    expect(cutAtWord('short', 10)).toBe('short');
  });
  it('cuts at a word boundary and marks the cut', () => {
    const cut = cutAtWord('the quick brown fox jumps', 12);
    expect(cut).toBe('the quick…');
    expect(cut.length).toBeLessThanOrEqual(12);
  });
  it('cuts a single long word at the limit without splitting a surrogate pair', () => {
    const cut = cutAtWord('a'.repeat(8) + '😀😀', 10);
    expect(cut.length).toBeLessThanOrEqual(10);
    expect(cut).not.toMatch(/[\ud800-\udbff]…$/);
  });
});
