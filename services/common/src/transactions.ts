/**
 * A write in one database transaction, bounded by the call's budget (deadline.ts): every statement
 * gets a statement timeout of what is left, the transaction is rolled back when the budget runs out,
 * and right before COMMIT the named failpoint fires and the budget is checked. Past the deadline
 * nothing is committed and the caller gets UNAVAILABLE (503), so a retry finds the state as before.
 */
import { currentBudget } from './deadline.ts';
import { failpoint } from './failpoints.ts';

/** The part of a Prisma client this needs. */
export interface TransactionalClient<Tx> {
  $transaction<T>(work: (tx: Tx) => Promise<T>, options?: { maxWait?: number; timeout?: number }): Promise<T>;
}

interface RawExecutor {
  $executeRawUnsafe(query: string): Promise<unknown>;
}

/** Without a budget (operator commands, start-up) a transaction may take this long. */
const DEFAULT_TIMEOUT_MS = 10_000;

export async function commitWithinBudget<Tx extends RawExecutor, T>(
  db: TransactionalClient<Tx>,
  work: (tx: Tx) => Promise<T>,
  options: { beforeCommit?: string } = {},
): Promise<T> {
  const budget = currentBudget();
  budget?.check('the transaction started');
  const timeout = budget ? Math.max(1, budget.remainingMs()) : DEFAULT_TIMEOUT_MS;
  return db.$transaction(
    async (tx) => {
      if (budget) await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${Math.max(1, budget.remainingMs())}`);
      const result = await work(tx);
      if (options.beforeCommit) await failpoint(options.beforeCommit, budget);
      budget?.check('COMMIT');
      return result;
    },
    { maxWait: timeout, timeout },
  );
}
