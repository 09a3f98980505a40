import { describe, expect, it } from 'vitest';
import { articleVersion, currentVariants, isCurrent, madeForJob } from '../src/ai/decisions/current-variant.ts';

describe('articleVersion', () => {
  it('changes with the title or the summary, and reads no summary as an empty one', () => {
    const v = articleVersion({ title: 'Robots', summary: 'About robots.' });
    expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(articleVersion({ title: 'Robots!', summary: 'About robots.' })).not.toBe(v);
    expect(articleVersion({ title: 'Robots', summary: 'About robots' })).not.toBe(v);
    expect(articleVersion({ title: 'Robots', summary: null })).toBe(articleVersion({ title: 'Robots', summary: '' }));
  });
});

describe('isCurrent and currentVariants', () => {
  const made = { articleVersion: 'a1', profileVersion: 'p1' };
  it('holds only for the article and profile versions a variant was made for', () => {
    expect(isCurrent(made, { article: 'a1', profile: 'p1' })).toBe(true);
    expect(isCurrent(made, { article: 'a2', profile: 'p1' })).toBe(false);
    expect(isCurrent(made, { article: 'a1', profile: 'p2' })).toBe(false);
    expect(isCurrent(made, { article: null, profile: 'p1' })).toBe(false);
    // An article the feed does not know (an operator's job for one never imported): its version is not checked.
    expect(isCurrent(made, { article: undefined, profile: 'p1' })).toBe(true);
    expect(isCurrent(made, { article: undefined, profile: 'p2' })).toBe(false);
    expect(isCurrent({ articleVersion: 'a1', profileVersion: '' }, { article: 'a1', profile: '' })).toBe(true);
  });

  it('keeps the current variants alone', () => {
    const variants = [
      { articleId: 'x', articleVersion: 'a1', profileVersion: 'p1' },
      { articleId: 'y', articleVersion: 'old', profileVersion: 'p1' },
      { articleId: 'z', articleVersion: 'a3', profileVersion: 'p0' },
      { articleId: 'gone', articleVersion: 'a4', profileVersion: 'p1' },
      { articleId: 'unknown', articleVersion: 'a5', profileVersion: 'p1' },
    ];
    const versions = new Map<string, string | null>([
      ['x', 'a1'],
      ['y', 'new'],
      ['z', 'a3'],
      ['gone', null],
    ]);
    expect(currentVariants(variants, versions, 'p1').map((v) => v.articleId)).toEqual(['x', 'unknown']);
  });
});

describe('madeForJob', () => {
  it("is the variant a job makes: the job's article version and profile version (none reads as '')", () => {
    const job = { article: { version: 'a1' }, profile: { version: 'p1' } };
    expect(madeForJob({ articleVersion: 'a1', profileVersion: 'p1' }, job)).toBe(true);
    expect(madeForJob({ articleVersion: 'a0', profileVersion: 'p1' }, job)).toBe(false);
    expect(madeForJob({ articleVersion: 'a1', profileVersion: 'p0' }, job)).toBe(false);
    expect(madeForJob({ articleVersion: 'a1', profileVersion: '' }, { article: { version: 'a1' }, profile: null })).toBe(true);
  });
});
