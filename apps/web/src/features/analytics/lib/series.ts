import { ANALYTICS_DEFAULT_DAYS, type AnalyticsDay } from '@buildai/domain';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Every UTC day from `from` to `to` (inclusive, "YYYY-MM-DD" or ISO times), with the given days' numbers and zero
 * for days without runs, so charts do not skip quiet days.
 */
export function fillDays(days: AnalyticsDay[], from: string, to: string): AnalyticsDay[] {
  const byDate = new Map(days.map((d) => [d.date.slice(0, 10), d]));
  const start = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) {
    return [...days].sort((a, b) => a.date.localeCompare(b.date));
  }
  const out: AnalyticsDay[] = [];
  for (let t = start, n = 0; t <= end && n < 366; t += DAY_MS, n++) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push(byDate.get(date) ?? { date, runs: 0, users: 0, tokens: 0 });
  }
  return out;
}

export const RANGES = [7, 30, 90] as const;
export type Range = (typeof RANGES)[number];

/** The range in `?days=`, or 30 when missing or not one of the offered ranges. */
export function parseRange(value: string | null): Range {
  const n = Number(value);
  return (RANGES as readonly number[]).includes(n) ? (n as Range) : (ANALYTICS_DEFAULT_DAYS as Range);
}
