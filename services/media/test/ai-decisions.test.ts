import { describe, expect, it } from 'vitest';
import { articleVersion, currentVariants, isCurrent, jobVerdict, siteBudgetOf } from '../src/ai-decisions.ts';

describe('articleVersion', () => {
  it('changes with the title or the summary, and reads no summary as an empty one', () => {
    const v = articleVersion({ title: 'Robots', summary: 'About robots.' });
    expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(articleVersion({ title: 'Robots!', summary: 'About robots.' })).not.toBe(v);
    expect(articleVersion({ title: 'Robots', summary: 'About robots' })).not.toBe(v);
    expect(articleVersion({ title: 'Robots', summary: null })).toBe(articleVersion({ title: 'Robots', summary: '' }));
  });
});

describe('siteBudgetOf', () => {
  it('gives a budget only to a plan with an aiBudget above 0 (no aiBudget: no generation)', () => {
    expect(siteBudgetOf({ aiBudgetPeriod: 'month' })).toBeNull();
    expect(siteBudgetOf({ aiBudget: null })).toBeNull();
    expect(siteBudgetOf({ aiBudget: '0', aiBudgetPeriod: 'day' })).toBeNull();
    expect(siteBudgetOf({ aiBudget: 'lots' })).toBeNull();
    expect(siteBudgetOf({ aiBudget: '1000', aiBudgetPeriod: 'day' })).toEqual({ budget: 1000, period: 'day' });
    expect(siteBudgetOf({ aiBudget: 10, aiBudgetPeriod: '' })).toEqual({ budget: 10, period: 'month' });
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

describe('jobVerdict', () => {
  const job = { articleVersion: 'a1', profileVersion: 'p3' };
  const site = { budget: 1000, period: 'month' };

  it('reserves against the budget the Site has now, not the one it had when the job was queued', () => {
    expect(jobVerdict(job, { versions: { article: 'a1', profile: 'p3' }, site })).toEqual({ run: true, budget: 1000, period: 'month' });
    expect(jobVerdict(job, { versions: { article: 'a1', profile: 'p3' }, site: { budget: 10, period: 'day' } })).toEqual({
      run: true,
      budget: 10,
      period: 'day',
    });
  });

  it('spends nothing for a Site whose plan has no AI budget now', () => {
    expect(jobVerdict(job, { versions: { article: 'a1', profile: 'p3' }, site: null })).toEqual({ run: false, reason: 'no_budget' });
  });

  it('drops a job whose article or profile version was superseded, or whose article was removed, before anything else', () => {
    for (const versions of [
      { article: 'a2', profile: 'p3' },
      { article: 'a1', profile: 'p4' },
      { article: null, profile: 'p3' },
      { article: undefined, profile: 'p4' },
    ]) {
      expect(jobVerdict(job, { versions, site })).toEqual({ run: false, reason: 'superseded' });
      expect(jobVerdict(job, { versions, site: null })).toEqual({ run: false, reason: 'superseded' });
    }
  });
});
