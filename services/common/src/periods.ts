/** Calendar periods in UTC (quotas, AI budgets), and the period that contains an instant. */
export const QUOTA_PERIODS = ['hour', 'day', 'month'] as const;
export type QuotaPeriod = (typeof QUOTA_PERIODS)[number];

export interface PeriodWindow {
  start: Date;
  end: Date;
}

/** The UTC calendar period that contains `now`: [start, end). */
export function periodWindow(period: QuotaPeriod, now: number): PeriodWindow {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (period) {
    case 'hour': {
      const start = Date.UTC(y, m, d.getUTCDate(), d.getUTCHours());
      return { start: new Date(start), end: new Date(start + 3_600_000) };
    }
    case 'day':
      return { start: new Date(Date.UTC(y, m, d.getUTCDate())), end: new Date(Date.UTC(y, m, d.getUTCDate() + 1)) };
    case 'month':
      return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
  }
}
