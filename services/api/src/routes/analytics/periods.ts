/** The dashboard's periods and the UTC days they cover, today included. */
export const PERIODS = ['today', 'week', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_DAYS: Record<Period, number> = { today: 1, week: 7, month: 30, year: 365 };

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` UTC days up to the day of `now`, as `YYYY-MM-DD` (both ends inclusive). */
export function dayRange(days: number, now: Date): { from: string; to: string } {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return { from: isoDay(today - (days - 1) * DAY_MS), to: isoDay(today) };
}

/** Every day from `from` to `to`, oldest first. */
export function everyDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS) {
    out.push(isoDay(ms));
  }
  return out;
}
