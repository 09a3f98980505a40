import { describe, expect, it } from 'vitest';
import { jobVerdict, siteBudgetOf } from '../src/ai/decisions/job-spend.ts';

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
