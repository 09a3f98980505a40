/**
 * What changes a Site's AI budget status without a write to its ledger: its plan (a larger or a
 * smaller budget) and the start of a new period. The ledger tells each write's standing itself
 * (ai/budget-ledger.ts); this checks the Sites again when account announces a plan change
 * (`site-changed`), and sweeps every Site already told, at start and every BUDGET_SWEEP_MS: those
 * whose period ended, and those whose plan's budget is not the one last told (an announcement
 * missed). A plan without an AI budget is told nothing.
 */
import type { Logger } from '@cfs/common/logger';
import type { AiBudgetLedger } from './budget-ledger.ts';
import type { PlannerSources } from './planner.ts';

export const BUDGET_SWEEP_MS = 60_000;
const PAGE = 500;

export class BudgetWatch {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly ledger: Pick<AiBudgetLedger, 'check' | 'toldStandings'>,
    private readonly sources: Pick<PlannerSources, 'aiSites'>,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sweeps now and every `everyMs`. */
  start(everyMs = BUDGET_SWEEP_MS): this {
    const run = () => {
      this.sweeping ??= this.sweep()
        .catch((err: unknown) => this.warn(err, 'could not sweep the AI budget standings; the next sweep retries'))
        .finally(() => (this.sweeping = undefined));
    };
    run();
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
    return this;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** The Site's plan changed: its standing against the budget it has now. Never throws. */
  async site(siteId: string): Promise<void> {
    try {
      const [site] = await this.sources.aiSites({ after: '', limit: 1, siteIds: [siteId] });
      if (site) await this.ledger.check(siteId, { budget: site.budget, period: site.period });
    } catch (err) {
      this.warn(err, 'could not check an AI budget standing; the sweep will');
    }
  }

  /** Every Site told so far whose period ended or whose plan's budget is not the one told. */
  async sweep(): Promise<void> {
    for (let after = ''; ;) {
      const told = await this.ledger.toldStandings(after, PAGE);
      if (told.length === 0) return;
      after = told.at(-1)!.siteId;
      const plans = new Map((await this.sources.aiSites({ after: '', limit: PAGE, siteIds: told.map((t) => t.siteId) })).map((s) => [s.siteId, s]));
      for (const t of told) {
        const plan = plans.get(t.siteId);
        if (!plan) continue;
        if (plan.budget !== t.budget || plan.period !== t.period || t.periodEnd.getTime() <= this.now())
          await this.ledger.check(t.siteId, { budget: plan.budget, period: plan.period });
      }
    }
  }

  private warn(err: unknown, message: string): void {
    this.logger.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, message);
  }
}
