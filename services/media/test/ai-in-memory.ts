/**
 * The AI loop's repositories (src/ai/repositories.ts) in memory, for specs that run the job runner
 * and the planner without a database. The ledger keeps the rules of AiBudgetLedger through the same
 * pure decisions (src/ai/decisions/job-spend.ts): a reservation fits or is refused whole, settling
 * and releasing happen once.
 */
import { periodWindow } from '@cfs/common/periods';
import { periodOf, type AiUnitCosts, type AiUsage, type ReserveRequest, type Reservation } from '../src/ai/budget-ledger.ts';
import { budgetStanding, fitsBudget } from '../src/ai/decisions/job-spend.ts';
import type { AiJobRepository, AttemptRecord, GeneratedImages, LedgerRepository, VariantRecord, VariantRepository } from '../src/ai/repositories.ts';

export class InMemoryVariants implements VariantRepository {
  readonly rows = new Map<string, VariantRecord>();
  private static key = (siteId: string, articleId: string) => `${siteId}\u0000${articleId}`;

  async find(siteId: string, articleId: string) {
    return this.rows.get(InMemoryVariants.key(siteId, articleId)) ?? null;
  }
  async store(variant: Omit<VariantRecord, 'notedAt'>) {
    this.rows.set(InMemoryVariants.key(variant.siteId, variant.articleId), { ...variant, notedAt: null });
  }
  async list(siteId: string, articleIds: readonly string[]) {
    return [...this.rows.values()].filter((v) => v.siteId === siteId && articleIds.includes(v.articleId)).sort((a, b) => (a.articleId < b.articleId ? -1 : 1));
  }
  async versionsOf(siteId: string, articleIds: readonly string[]) {
    return (await this.list(siteId, articleIds)).map(({ articleId, articleVersion, profileVersion }) => ({ articleId, articleVersion, profileVersion }));
  }
  async markNoted(siteId: string, articleIds: readonly string[], at: Date) {
    for (const v of await this.list(siteId, articleIds)) v.notedAt = at;
  }
  async unnoted(before: Date, limit: number) {
    return [...this.rows.values()].filter((v) => v.notedAt === null && v.generatedAt < before).slice(0, limit);
  }
  async ofOtherProfile(siteId: string, profileVersion: string, limit: number) {
    return [...this.rows.values()]
      .filter((v) => v.siteId === siteId && v.profileVersion !== profileVersion)
      .slice(0, limit)
      .map((v) => v.articleId);
  }
  async deleteOfOtherProfile(siteId: string, profileVersion: string, articleIds: readonly string[]) {
    for (const v of await this.list(siteId, articleIds)) if (v.profileVersion !== profileVersion) this.rows.delete(InMemoryVariants.key(siteId, v.articleId));
  }
}

export class InMemoryAiJobs implements AiJobRepository {
  readonly attempts: AttemptRecord[] = [];
  readonly positions = new Map<string, { updatedAt: Date; articleId: string }>();

  async recordAttempt(attempt: AttemptRecord) {
    this.attempts.push(attempt);
  }
  async planPosition(name: string) {
    return this.positions.get(name)?.updatedAt ?? null;
  }
  async keepPlanPosition(name: string, position: { updatedAt: Date; articleId: string }) {
    this.positions.set(name, position);
  }
}

type HeldReservation = Reservation & { state: 'open' | 'settled' | 'released'; settled?: number };

export class InMemoryLedger implements LedgerRepository {
  readonly reservations: HeldReservation[] = [];
  readonly usageEntries: Array<{ siteId: string; units: number; createdAt: Date }> = [];
  private seq = 0;

  constructor(
    readonly costs: AiUnitCosts,
    private readonly now: () => number = Date.now,
  ) {}

  get articleCost() {
    return this.costs.text + this.costs.image;
  }

  private sums(siteId: string, budget: number | null, period: string) {
    const window = periodWindow(periodOf(period), this.now());
    const inWindow = (d: Date) => d >= window.start && d < window.end;
    const used = this.usageEntries.filter((e) => e.siteId === siteId && inWindow(e.createdAt)).reduce((n, e) => n + e.units, 0);
    const reserved = this.reservations.filter((r) => r.siteId === siteId && r.state === 'open' && inWindow(r.createdAt)).reduce((n, r) => n + r.units, 0);
    return { window, sums: { budget, used, reserved } };
  }

  async reserve(request: ReserveRequest) {
    if (!fitsBudget(this.sums(request.siteId, request.budget, request.period).sums, request.units)) return null;
    const reservation: HeldReservation = {
      id: `air_${++this.seq}`,
      siteId: request.siteId,
      articleId: request.articleId,
      kind: request.kind,
      units: request.units,
      createdAt: new Date(this.now()),
      state: 'open',
    };
    this.reservations.push(reservation);
    return reservation;
  }
  async settle(reservationId: string, units: number) {
    const r = this.reservations.find((x) => x.id === reservationId && x.state === 'open' && x.units >= units);
    if (!r) return false;
    Object.assign(r, { state: 'settled', settled: units });
    this.usageEntries.push({ siteId: r.siteId, units, createdAt: r.createdAt });
    return true;
  }
  async release(reservationId: string) {
    const r = this.reservations.find((x) => x.id === reservationId && x.state === 'open');
    if (!r) return false;
    r.state = 'released';
    return true;
  }
  async releaseStale(olderThanMs: number) {
    const stale = this.reservations.filter((r) => r.state === 'open' && r.createdAt.getTime() < this.now() - olderThanMs);
    for (const r of stale) r.state = 'released';
    return stale.length;
  }
  async usage(siteId: string, budget: number | null, period: string): Promise<AiUsage> {
    const { window, sums } = this.sums(siteId, budget, period);
    return { period: periodOf(period), periodStart: window.start, resetsAt: window.end, ...sums, ...budgetStanding(sums, this.articleCost) };
  }
  async openReservation(siteId: string, key: string) {
    return this.reservations.find((r) => r.siteId === siteId && r.articleId === key && r.state === 'open') ?? null;
  }
}

export class InMemoryImages implements GeneratedImages {
  readonly keys: string[] = [];
  async put(image: { key: string }) {
    this.keys.push(image.key);
  }
}
