/**
 * Failpoints for fault tests (services/common/README.md#deadlines-and-failures): CFS_FAILPOINTS="name=action;name=N*action".
 * Actions: `unavailable` (a transient failure: the operation rolls back, 503), `error` (an unexpected
 * failure, 500), `delay(MS)` (slow work: cut short, UNAVAILABLE, when the call's budget runs out). `N*` limits the failpoint to its first N hits. Off unless set.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { currentBudget, type Budget } from './deadline.ts';
import { DomainError } from './errors.ts';

type Action = { kind: 'unavailable' } | { kind: 'error' } | { kind: 'delay'; ms: number };
interface Failpoint {
  action: Action;
  remaining: number | null;
}

const SPEC = /^(?:(\d+)\*)?(unavailable|error|delay\((\d+)\))$/;

export function parseFailpoints(spec: string | undefined): Map<string, Failpoint> {
  const points = new Map<string, Failpoint>();
  for (const part of (spec ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const match = SPEC.exec(part.slice(eq + 1).trim());
    if (eq <= 0 || !match) throw new Error(`CFS_FAILPOINTS: cannot parse "${part}"`);
    const [, count, verb, ms] = match;
    const action: Action = ms !== undefined ? { kind: 'delay', ms: Number(ms) } : { kind: verb as 'unavailable' | 'error' };
    points.set(name, { action, remaining: count === undefined ? null : Number(count) });
  }
  return points;
}

let active: Map<string, Failpoint> | undefined;

/** Replace the active failpoints (tests running services in-process); `undefined` re-reads the env. */
export function setFailpoints(spec: string | undefined): void {
  active = spec === undefined ? undefined : parseFailpoints(spec);
}

/**
 * Marks a place where a fault can be injected. A no-op unless the failpoint is configured. A delay
 * is bounded by `budget` (default: the budget of the call being served).
 */
export async function failpoint(name: string, budget: Budget | undefined = currentBudget()): Promise<void> {
  active ??= parseFailpoints(process.env.CFS_FAILPOINTS);
  const point = active.get(name);
  if (!point) return;
  if (point.remaining !== null) {
    if (point.remaining <= 0) return;
    point.remaining -= 1;
  }
  switch (point.action.kind) {
    case 'delay': {
      // A delay behaves like slow work: inside a call it is cut short when the call's budget runs out.
      if (budget) await budget.sleep(point.action.ms);
      else await sleep(point.action.ms);
      return;
    }
    case 'unavailable':
      throw new DomainError('SERVICE_UNAVAILABLE');
    case 'error':
      throw new Error(`failpoint ${name} fired`);
  }
}
