/**
 * The generation job and the planner on in-memory repositories (test/ai-in-memory.ts): the whole
 * flow of one job (what is current, the reservation, the provider's calls, the variant, the charge)
 * and the planner's queueing, with no database and no queue.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '@cfs/common/logger';
import { articleVersion } from '../src/ai/decisions/current-variant.ts';
import { generationKey, type GenerationJobData } from '../src/ai/job-data.ts';
import { runGeneration, type GenerationDeps } from '../src/ai/jobs.ts';
import { GenerationPlanner, VariantNotes, type PlannedArticle, type PlannerSources } from '../src/ai/planner.ts';
import { AiProviderError, type AiProvider } from '../src/ai/providers/index.ts';
import { InMemoryAiJobs, InMemoryImages, InMemoryLedger, InMemoryVariants } from './ai-in-memory.ts';
import { standaloneFacts } from './standalone-facts.ts';

const logger = createLogger('test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('image')]);
const COSTS = { text: 2, image: 10 };

function fakeProvider(fail: { text?: Error; image?: Error } = {}) {
  const calls = { text: 0, image: 0 };
  const provider: AiProvider = {
    name: 'local',
    models: { text: 'fake', image: 'fake' },
    generateText: async (req) => {
      calls.text += 1;
      if (fail.text) throw fail.text;
      return { title: `${req.article.title}, for you`, summary: 'Rewritten.', metaDescription: 'Snippet.' };
    },
    generateImage: async () => {
      calls.image += 1;
      if (fail.image) throw fail.image;
      return { bytes: PNG, contentType: 'image/png' };
    },
  };
  return { provider, calls };
}

function setup(options: { budget?: number; fail?: { text?: Error; image?: Error }; paused?: boolean } = {}) {
  const { provider, calls } = fakeProvider(options.fail);
  const facts = standaloneFacts({ article: 'v1', profile: 'p1' });
  if (options.budget !== undefined) facts.budgets.set('site1', options.budget);
  const repos = { variants: new InMemoryVariants(), jobs: new InMemoryAiJobs(), ledger: new InMemoryLedger(COSTS), generatedImages: new InMemoryImages() };
  const stored: string[] = [];
  const deps: GenerationDeps = {
    ...repos,
    provider,
    images: { paused: async () => options.paused ?? false, recordImageCall: async () => undefined },
    facts,
    logger,
    variantStored: async (siteId, articleId) => void stored.push(`${siteId}/${articleId}`),
  };
  return { deps, calls, facts, stored, ...repos };
}

const job: GenerationJobData = {
  siteId: 'site1',
  budget: 1000,
  period: 'month',
  article: { id: 'art1', version: 'v1', title: 'Robots sort recycling', summary: 'About robots.', categories: ['tech'] },
  profile: { siteName: 'Site', locale: 'en', keywords: [], tone: 'friendly', topics: [], version: 'p1' },
};
const first = { number: 1, last: false };

describe('a generation job on in-memory repositories', () => {
  it('makes the text and the image, stores the variant, charges both once and records the attempt', async () => {
    const t = setup();
    await expect(runGeneration(t.deps, job, first)).resolves.toBe('generated');
    expect(t.calls).toEqual({ text: 1, image: 1 });
    expect(await t.variants.find('site1', 'art1')).toMatchObject({
      articleVersion: 'v1',
      profileVersion: 'p1',
      title: 'Robots sort recycling, for you',
      units: 12,
    });
    expect(t.generatedImages.keys).toEqual([expect.stringMatching(/^ai\/[0-9a-f]{64}\.png$/)]);
    expect(await t.ledger.usage('site1', 1000, 'month')).toMatchObject({ used: 12, reserved: 0 });
    expect(t.jobs.attempts.map((a) => [a.outcome, a.units])).toEqual([['generated', 12]]);
    expect(t.stored).toEqual(['site1/art1']);
    // The same job again (pg-boss delivered it twice): the variant is there, nothing more is spent.
    await expect(runGeneration(t.deps, job, first)).resolves.toBe('generated');
    expect(t.calls).toEqual({ text: 1, image: 1 });
    expect((await t.ledger.usage('site1', 1000, 'month')).used).toBe(12);
  });

  it('drops a job whose article changed since it was queued: no call, no reservation, no record', async () => {
    const t = setup();
    t.deps.facts = { ...t.facts, articleVersions: async (ids) => new Map(ids.map((id) => [id, 'v2'])) };
    await expect(runGeneration(t.deps, job, first)).resolves.toBe('superseded');
    expect(t.calls).toEqual({ text: 0, image: 0 });
    expect(t.ledger.reservations).toEqual([]);
    expect(t.jobs.attempts).toEqual([]);
  });

  it('spends nothing when the budget left cannot pay for the article, and records why', async () => {
    const t = setup({ budget: COSTS.text + COSTS.image - 1 });
    await expect(runGeneration(t.deps, job, first)).resolves.toBe('no_budget');
    expect(t.calls).toEqual({ text: 0, image: 0 });
    expect(t.jobs.attempts.map((a) => [a.outcome, a.units])).toEqual([['no_budget', 0]]);
  });

  it('gives back what it held on a transient failure and throws, so the queue retries it', async () => {
    const t = setup({ fail: { text: new AiProviderError('provider_error', { status: 503 }) } });
    await expect(runGeneration(t.deps, job, first)).rejects.toThrow(AiProviderError);
    expect(t.ledger.reservations.map((r) => r.state)).toEqual(['released']);
    await expect(runGeneration(t.deps, job, { number: 2, last: true })).rejects.toThrow(AiProviderError);
    expect(t.jobs.attempts.map((a) => a.outcome)).toEqual(['retry', 'failed']);
    expect((await t.ledger.usage('site1', 1000, 'month')).used).toBe(0);
  });

  it('keeps and charges the text alone when the image is refused for good', async () => {
    const t = setup({ fail: { image: new AiProviderError('refused', { status: 400 }) } });
    await expect(runGeneration(t.deps, job, first)).resolves.toBe('partial');
    expect(await t.variants.find('site1', 'art1')).toMatchObject({ imageKey: null, units: COSTS.text });
    expect((await t.ledger.usage('site1', 1000, 'month')).used).toBe(COSTS.text);
  });

  it('settles a variant an earlier attempt stored but did not charge, without calling the provider', async () => {
    const t = setup();
    const held = await t.ledger.reserve({ siteId: 'site1', articleId: generationKey(job), kind: 'article', units: 12, budget: 1000, period: 'month' });
    await t.variants.store({
      siteId: 'site1',
      articleId: 'art1',
      articleVersion: 'v1',
      profileVersion: 'p1',
      title: 'T',
      summary: 'S',
      metaDescription: 'M',
      imageKey: null,
      units: 2,
      generatedAt: new Date(),
    });
    await expect(runGeneration(t.deps, job, first)).resolves.toBe('generated');
    expect(t.calls).toEqual({ text: 0, image: 0 });
    expect(t.ledger.reservations.find((r) => r.id === held!.id)).toMatchObject({ state: 'settled', settled: 2 });
  });

  it('makes no call while generation is paused, and holds nothing', async () => {
    const t = setup({ paused: true });
    await expect(runGeneration(t.deps, job, first)).resolves.toBe('paused');
    expect(t.calls).toEqual({ text: 0, image: 0 });
    expect(t.ledger.reservations).toEqual([]);
  });
});

describe('the planner on in-memory repositories', () => {
  const article = (id: string, day: number): PlannedArticle => ({
    id,
    title: `Title ${id}`,
    summary: `Summary ${id}`,
    publishedAt: `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
    categories: ['tech'],
  });

  it("queues a Site's articles whose variant is missing or stale, newest first, as many as its budget pays for", async () => {
    const articles = [article('a', 1), article('b', 2), article('c', 3), article('d', 4)];
    const variants = new InMemoryVariants();
    const made = { title: 'T', summary: 'S', metaDescription: 'M', imageKey: null, units: 12, generatedAt: new Date() };
    // d is current; c was made from an older text of the article.
    await variants.store({ siteId: 'site1', articleId: 'd', articleVersion: articleVersion(articles[3]!), profileVersion: '', ...made });
    await variants.store({ siteId: 'site1', articleId: 'c', articleVersion: 'older', profileVersion: '', ...made });
    const sources = {
      aiSites: async () => [{ siteId: 'site1', budget: 2 * (COSTS.text + COSTS.image), period: 'month' }],
      newestArticles: async () => articles,
      profile: async () => null,
      noteSiteChanges: async () => undefined,
    } as unknown as PlannerSources;
    const queued: Array<{ id: string; priority: number }> = [];
    const planner = new GenerationPlanner({
      sources,
      variants,
      jobs: new InMemoryAiJobs(),
      ledger: new InMemoryLedger(COSTS),
      queue: async (jobs, priorities) => {
        jobs.forEach((j, i) => queued.push({ id: j.article.id, priority: priorities[i]! }));
        return jobs.length;
      },
      backfill: 10,
      staleReservationMs: 60_000,
      notes: new VariantNotes(variants, sources, logger),
      logger,
    });
    await expect(planner.run({ scope: 'site', siteId: 'site1' })).resolves.toBe(2);
    expect(queued.map((q) => q.id)).toEqual(['c', 'b']);
    expect(queued[0]!.priority).toBeGreaterThan(queued[1]!.priority);
  });
});

describe('the sweep of forgotten notes', () => {
  it("notes each Site's variants the feed was not told of, and announces each Site it noted (the gateways' changes answers drop)", async () => {
    const variants = new InMemoryVariants();
    const made = {
      articleVersion: 'v',
      profileVersion: '',
      title: 'T',
      summary: 'S',
      metaDescription: 'M',
      imageKey: null,
      units: 2,
      generatedAt: new Date(Date.now() - 120_000),
    };
    await variants.store({ siteId: 'site1', articleId: 'a', ...made });
    await variants.store({ siteId: 'site2', articleId: 'b', ...made });
    await variants.store({ siteId: 'site3', articleId: 'c', ...made });
    const noted: string[] = [];
    const announced: string[] = [];
    const sources = {
      noteSiteChanges: async (siteId: string) => {
        if (siteId === 'site3') throw new Error('feed unavailable');
        noted.push(siteId);
      },
    };
    await new VariantNotes(variants, sources, logger, async (siteId) => void announced.push(siteId)).noteForgotten();
    expect(noted).toEqual(['site1', 'site2']);
    expect(announced).toEqual(['site1', 'site2']); // not site3: its note failed, the next sweep tries again
    expect((await variants.unnoted(new Date(), 10)).map((v) => v.siteId)).toEqual(['site3']);
  });
});
