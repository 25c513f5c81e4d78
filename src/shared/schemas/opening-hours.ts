/**
 * A company's opening hours: per weekday one span or closed, a note, and its own time zone. A span
 * whose closing time is before its opening time runs past midnight into the next day (a bar open
 * Friday 18:00 – 02:00 is open early on Saturday).
 */
import { z } from 'zod';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../week';

export { runsPastMidnight, WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../week';

/** 24-hour "HH:MM"; "24:00" closes at midnight. */
const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const HOURS_NOTE_MAX = 200;

function daySchema(day: Weekday) {
  const label = WEEKDAY_LABELS[day];
  // Each refusal written whole but for the day: its translation is found by its words.
  const time = (refusals: { missing: string; format: string }) =>
    z.string({ error: refusals.missing }).trim().regex(TIME_PATTERN, refusals.format);
  return z
    .object(
      {
        opens: time({
          missing: `${label}: give the opening time as HH:MM (24-hour clock)`,
          format: `${label}: the opening time must look like 08:30 (24-hour clock, 00:00 to 24:00)`,
        }),
        closes: time({
          missing: `${label}: give the closing time as HH:MM (24-hour clock)`,
          format: `${label}: the closing time must look like 08:30 (24-hour clock, 00:00 to 24:00)`,
        }),
      },
      { error: `${label}: give opening and closing times, or null for closed` },
    )
    .refine((span) => span.opens !== '24:00', { message: `${label}: the opening time must be before 24:00`, path: ['opens'] })
    .refine((span) => span.closes !== span.opens, {
      message: `${label}: the closing time must differ from the opening time (a closing time before the opening time runs past midnight, as in 18:00 – 02:00)`,
      path: ['closes'],
    })
    .nullable();
}

const weekShape = Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema(day)])) as {
  [D in Weekday]: ReturnType<typeof daySchema>;
};

export const DayHoursSchema = z.object({ opens: z.string(), closes: z.string() });
export type DayHours = z.infer<typeof DayHoursSchema>;

/** PUT /api/companies/{id}/hours: every weekday, each `{opens, closes}` or null (closed). */
export const OpeningHoursBodySchema = z.object({
  hours: z.object(weekShape, { error: 'Give the hours of each weekday, Monday to Sunday' }),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(HOURS_NOTE_MAX, `The note must be at most ${HOURS_NOTE_MAX} characters`)
    .nullish()
    .transform((note) => (note ? note : null)),
});
export type OpeningHoursBody = z.infer<typeof OpeningHoursBodySchema>;

export const WeekHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, DayHoursSchema.nullable()])) as {
    [D in Weekday]: z.ZodNullable<typeof DayHoursSchema>;
  },
);
export type WeekHours = z.infer<typeof WeekHoursSchema>;

/** A company's hours as its page shows them. */
export const OpeningHoursSchema = z.object({
  /** The company's IANA time zone, derived from its ZIP code. */
  timeZone: z.string(),
  /** null: the company has not given its hours. */
  hours: WeekHoursSchema.nullable(),
  note: z.string().nullable(),
  /** Open at the time of the answer, in the company's time zone; null when it has no hours. */
  openNow: z.boolean().nullable(),
});
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** Stored Monday first (index 0), as PostgreSQL's ISO day of the week minus one. */
export const weekToStored = (hours: WeekHours): (DayHours | null)[] => WEEKDAYS.map((day) => hours[day]);
export const weekFromStored = (stored: (DayHours | null)[]): WeekHours =>
  Object.fromEntries(WEEKDAYS.map((day, i) => [day, stored[i] ?? null])) as WeekHours;
