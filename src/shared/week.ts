/**
 * The days of a week as opening hours name them, without zod: public pages show them, and their
 * scripts should not carry a schema library to do so (the schemas are in schemas/opening-hours.ts).
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The span closes the next day: its closing time is before its opening time. */
export const runsPastMidnight = (span: { opens: string; closes: string }) => span.closes < span.opens;
