/** Periods of whole UTC days, as `YYYY-MM-DD` strings: `from` included, `until` not. */
export interface DayRange {
  from: string;
  until: string;
}

const DAY_MS = 86_400_000;

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const dayOf = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** The day `count` days after `day` (before, when negative). */
export const addDays = (day: string, count: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS);

/** The last `days` days, today (UTC) included. */
export function lastDays(days: number, now: number = Date.now()): DayRange {
  const today = dayOf(now);
  return { from: addDays(today, 1 - days), until: addDays(today, 1) };
}

/** The week (Monday to Sunday, UTC) before the one `now` falls in. */
export function weekBefore(now: number = Date.now()): DayRange {
  const today = dayOf(now);
  const sinceMonday = (new Date(now).getUTCDay() + 6) % 7;
  const thisMonday = addDays(today, -sinceMonday);
  return { from: addDays(thisMonday, -7), until: thisMonday };
}
