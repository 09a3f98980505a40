import { describe, expect, it } from 'vitest';
import { articleVersion } from '../src/ai/decisions/current-variant.ts';
import { jobsToQueue, type PlannedArticle } from '../src/ai/decisions/what-to-queue.ts';

const site = { siteId: 'site1', budget: 1000, period: 'day' };
const article = (id: string, publishedAt: string, title = `Title ${id}`): PlannedArticle => ({
  id,
  title,
  summary: `Summary ${id}`,
  publishedAt,
  categories: ['tech'],
});
const a = article('a', '2026-01-01T00:00:00Z');
const b = article('b', '2026-01-03T00:00:00Z');
const c = article('c', '2026-01-02T00:00:00Z');
const profile = { siteName: 'S', locale: 'en', keywords: ['k'], tone: 'calm', topics: [], version: 'p2' };

describe('jobsToQueue', () => {
  it('queues every article without a variant, newest first, each carrying the Site, its versions and the profile', () => {
    const { jobs, priorities } = jobsToQueue({ site, articles: [a, b, c], stored: [], profile, affordable: 10 });
    expect(jobs.map((j) => j.article.id)).toEqual(['b', 'c', 'a']);
    expect(jobs[0]).toEqual({
      siteId: 'site1',
      budget: 1000,
      period: 'day',
      article: { id: 'b', version: articleVersion(b), title: b.title, summary: b.summary, categories: ['tech'] },
      profile,
    });
    expect(priorities).toEqual([b, c, a].map((x) => Math.floor(Date.parse(x.publishedAt) / 60_000)));
  });

  it('skips an article whose variant is current, and queues one made from another article or profile version', () => {
    const stored = [
      { articleId: 'a', articleVersion: articleVersion(a), profileVersion: 'p2' },
      { articleId: 'b', articleVersion: 'older text', profileVersion: 'p2' },
      { articleId: 'c', articleVersion: articleVersion(c), profileVersion: 'p1' },
    ];
    expect(jobsToQueue({ site, articles: [a, b, c], stored, profile, affordable: 10 }).jobs.map((j) => j.article.id)).toEqual(['b', 'c']);
    // Without a profile a variant is current only when it was made without one.
    expect(jobsToQueue({ site, articles: [a], stored, profile: null, affordable: 10 }).jobs.map((j) => j.article.id)).toEqual(['a']);
  });

  it('queues no more than the budget pays for: the newest ones', () => {
    expect(jobsToQueue({ site, articles: [a, b, c], stored: [], profile: null, affordable: 2 }).jobs.map((j) => j.article.id)).toEqual(['b', 'c']);
    expect(jobsToQueue({ site, articles: [a, b, c], stored: [], profile: null, affordable: 0 })).toEqual({ jobs: [], priorities: [] });
  });
});
