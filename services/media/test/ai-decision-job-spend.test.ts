import { describe, expect, it } from 'vitest';
import { affordableArticles, budgetStanding, fitsBudget, jobVerdict, MAX_JOBS_PER_SITE, siteBudgetOf, unitsSpent } from '../src/ai/decisions/job-spend.ts';

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

describe('fitsBudget', () => {
  it('lets a reservation through while used + reserved + units stays within the budget, any with no budget', () => {
    expect(fitsBudget({ budget: 100, used: 50, reserved: 28 }, 22)).toBe(true);
    expect(fitsBudget({ budget: 100, used: 50, reserved: 28 }, 23)).toBe(false);
    expect(fitsBudget({ budget: 0, used: 0, reserved: 0 }, 1)).toBe(false);
    expect(fitsBudget({ budget: null, used: 10 ** 9, reserved: 10 ** 9 }, 1000)).toBe(true);
  });
});

describe('budgetStanding', () => {
  const cost = 11;
  it('is exhausted once what is left cannot pay for one more article, a warning from 80% used', () => {
    expect(budgetStanding({ budget: 100, used: 0, reserved: 0 }, cost)).toEqual({ remaining: 100, status: 'ok' });
    expect(budgetStanding({ budget: 100, used: 79, reserved: 0 }, cost)).toEqual({ remaining: 21, status: 'ok' });
    expect(budgetStanding({ budget: 100, used: 80, reserved: 0 }, cost)).toEqual({ remaining: 20, status: 'warning' });
    expect(budgetStanding({ budget: 100, used: 50, reserved: 40 }, cost)).toEqual({ remaining: 10, status: 'exhausted' });
    // A budget lowered below what was spent leaves nothing, never less.
    expect(budgetStanding({ budget: 10, used: 30, reserved: 0 }, cost)).toEqual({ remaining: 0, status: 'exhausted' });
    expect(budgetStanding({ budget: null, used: 500, reserved: 5 }, cost)).toEqual({ remaining: null, status: 'ok' });
  });
});

describe('affordableArticles and unitsSpent', () => {
  it('queues as many articles as what is left pays for, never more than the cap', () => {
    expect(affordableArticles(35, 11)).toBe(3);
    expect(affordableArticles(10, 11)).toBe(0);
    expect(affordableArticles(null, 11)).toBe(MAX_JOBS_PER_SITE);
    expect(affordableArticles(10 ** 9, 11)).toBe(MAX_JOBS_PER_SITE);
  });

  it('charges the text, and the image only when there is one', () => {
    expect(unitsSpent({ text: 1, image: 10 }, true)).toBe(11);
    expect(unitsSpent({ text: 1, image: 10 }, false)).toBe(1);
  });
});
