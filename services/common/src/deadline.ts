/**
 * Deadlines: a 503 always means nothing changed (services/common/README.md#deadlines-and-failures).
 * The gateway gives every call a budget (GRPC_DEADLINE_MS) and waits a little longer than the budget
 * (VERDICT_GRACE_MS) for the service's verdict, so its own timer never answers 503 for a write the
 * service then commits. A service runs each call inside its budget: it does not start work it cannot
 * finish, bounds its SQL and provider calls by what is left, and checks the budget right before
 * COMMIT; past it, it rolls back and answers UNAVAILABLE.
 *
 * The budget crosses processes only as a duration, never as a point in time: gRPC's own grpc-timeout,
 * which grpc-js writes as the time left when the call goes out and the receiving server turns into an
 * end on its own clock at receipt (budgetOf in grpc.ts). So a service whose clock runs behind the
 * caller's cannot work past the caller's deadline and commit after the caller answered 503.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from './errors.ts';

/** How much longer than the budget a caller waits for the service's verdict. */
export const VERDICT_GRACE_MS = 1000;

export class Budget {
  constructor(
    /** When the budget ends (epoch ms on `now`'s clock: this process's own). */
    readonly deadline: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A budget of `ms` from now on this process's clock. */
  static ofRemaining(ms: number, now: () => number = Date.now): Budget {
    return new Budget(now() + ms, now);
  }

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

/** The budget (a duration) a new outgoing call gets: `ms`, never more than what is left of the current call's own. */
export function outgoingBudgetMs(ms: number): number {
  const own = currentBudget();
  return own === undefined ? ms : Math.min(own.remainingMs(), ms);
}

/** Runs `work` outside any budget: compensation after a failed call, which must run to its end. */
export function detachedFromBudget<T>(work: () => T): T {
  return current.exit(work);
}

/**
 * Runs `work` detached from the current budget and waits for it at most until that budget ends
 * (without a budget: until it ends). For what follows a write that has already happened: its
 * answer must not become a 503 because the follow-up is slow, so the follow-up goes on in the
 * background and `pending` still settles. A failure of `work` is answered, never thrown.
 */
export async function awaitWithinBudget<T>(work: () => Promise<T>): Promise<{ done: true; value: T } | { done: false; pending: Promise<T>; error?: unknown }> {
  const budget = currentBudget();
  const pending = detachedFromBudget(work);
  const outcome = pending.then(
    (value) => ({ done: true as const, value }),
    (error: unknown) => ({ done: false as const, pending, error }),
  );
  if (!budget) return outcome;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ done: false; pending: Promise<T> }>(
    (resolve) => (timer = setTimeout(() => resolve({ done: false, pending }), budget.remainingMs())),
  );
  try {
    return await Promise.race([outcome, late]);
  } finally {
    clearTimeout(timer);
  }
}
