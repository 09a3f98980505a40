/**
 * Deadlines: a 503 always means nothing changed (docs/architecture.md#deadlines-and-failures).
 * The gateway gives every call a budget (GRPC_DEADLINE_MS) and waits a little longer than the budget
 * (VERDICT_GRACE_MS) for the service's verdict, so its own timer never answers 503 for a write the
 * service then commits. A service runs each call inside its budget: it does not start work it cannot
 * finish, bounds its SQL and provider calls by what is left, and checks the budget right before
 * COMMIT; past it, it rolls back and answers UNAVAILABLE.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from './errors.ts';

/** Metadata key carrying the budget's end (epoch ms) from caller to service. */
export const BUDGET_METADATA_KEY = 'cfs-budget-deadline';
/** How much longer than the budget a caller waits for the service's verdict. */
export const VERDICT_GRACE_MS = 1000;

export class Budget {
  constructor(
    /** When the budget ends (epoch ms). */
    readonly deadline: number,
    private readonly now: () => number = Date.now,
  ) {}

  remainingMs(): number {
    return Math.max(0, this.deadline - this.now());
  }

  /** UNAVAILABLE when the budget is spent (before starting work, before COMMIT). */
  check(what = 'the operation'): void {
    if (this.remainingMs() <= 0) throw new DomainError('SERVICE_UNAVAILABLE', undefined, { cause: new Error(`deadline passed before ${what}`) });
  }

  /**
   * Waits `ms`, or, when that would not end within the budget, until the budget runs out and then
   * fails: slow work is cut short at the deadline. (The failure does not depend on re-reading the
   * clock: a timer may fire a millisecond early by Date.now().)
   */
  async sleep(ms: number): Promise<void> {
    const remaining = this.remainingMs();
    if (ms < remaining) {
      await sleep(ms);
      return;
    }
    await sleep(remaining);
    throw new DomainError('SERVICE_UNAVAILABLE', undefined, { cause: new Error('deadline passed during a delayed step') });
  }
}

const current = new AsyncLocalStorage<Budget>();

/** Runs `work` with `budget` as the current one (the gRPC server does it for every call). */
export function runWithBudget<T>(budget: Budget, work: () => T): T {
  return current.run(budget, work);
}

/** The budget of the call being served, if any. */
export function currentBudget(): Budget | undefined {
  return current.getStore();
}

/** The end of the budget a new outgoing call gets: `ms` from now, never past the current call's own. */
export function outgoingDeadline(ms: number, now = Date.now()): number {
  const own = currentBudget()?.deadline;
  return own === undefined ? now + ms : Math.min(own, now + ms);
}

/** Runs `work` outside any budget: compensation after a failed call, which must run to its end. */
export function detachedFromBudget<T>(work: () => T): T {
  return current.exit(work);
}
