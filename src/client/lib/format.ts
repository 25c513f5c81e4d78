/**
 * Dates, times, numbers and money as the app shows them, all on Intl. The locale and currency are
 * the deployment's (LOCALE and CURRENCY, handed out by GET /api/app-config and set here with
 * `setFormatSettings` once it loads); until then en-US and USD apply.
 *
 * The words (month and day names, "yesterday") follow the page's language: a Spanish page on an
 * en-US deployment formats as es-US, keeping the deployment's region (its calendar conventions,
 * its currency) and, in Arabic, Latin digits, so prices and postal codes read left to right.
 *
 * Creating an Intl formatter is the costly part (the first one loads locale data), so each
 * formatter is built once per locale and options, on first use, and kept.
 */
import { inUnit, type DistanceUnit } from '@/shared/distance';
import { isUsableLocale, localeIn } from '@/shared/i18n/locale';

export interface FormatSettings {
  /** A BCP 47 locale tag, such as en-US or de-DE. */
  locale: string;
  /** An ISO 4217 currency code, such as USD or EUR. */
  currency: string;
  /** The unit distances are shown in (DISTANCE_UNIT). */
  distanceUnit: DistanceUnit;
}

export const DEFAULT_FORMAT_SETTINGS: Readonly<FormatSettings> = Object.freeze({
  locale: 'en-US',
  currency: 'USD',
  distanceUnit: 'mi',
});

let settings: FormatSettings = { ...DEFAULT_FORMAT_SETTINGS };
let formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

const isUsableCurrency = (locale: string, currency: string) => {
  try {
    new Intl.NumberFormat(locale, { style: 'currency', currency });
    return /^[A-Z]{3}$/.test(currency);
  } catch {
    return false;
  }
};

/**
 * Sets the locale and/or currency every formatter uses from now on. A value this browser cannot
 * use is ignored (the previous one stays), so a bad setting never breaks a screen.
 */
export function setFormatSettings(next: Partial<FormatSettings>): void {
  const distanceUnit = next.distanceUnit === 'km' || next.distanceUnit === 'mi' ? next.distanceUnit : settings.distanceUnit;
  // The same settings again (the server sets them for every page it renders): nothing to check.
  if (
    (next.locale ?? settings.locale) === settings.locale &&
    (next.currency ?? settings.currency) === settings.currency &&
    distanceUnit === settings.distanceUnit
  )
    return;
  const locale = next.locale !== undefined && isUsableLocale(next.locale) ? next.locale : settings.locale;
  const currency = next.currency !== undefined && isUsableCurrency(locale, next.currency) ? next.currency : settings.currency;
  if (locale === settings.locale && currency === settings.currency && distanceUnit === settings.distanceUnit) return;
  settings = { locale, currency, distanceUnit };
  formatters = new Map();
}

export const getFormatSettings = (): Readonly<FormatSettings> => settings;

let pageLanguage: string | undefined;
let languageSource: (() => string | undefined) | undefined;

/** The language the words come in: the page's, set once in the browser (none: the locale's own). */
export function setFormatLanguage(language: string | undefined): void {
  pageLanguage = language;
}

/** On the server, where pages in several languages render at once: where to read the current one. */
export function setFormatLanguageSource(source: () => string | undefined): void {
  languageSource = source;
}

export { localeIn };

/** The locale formatters use now: the deployment's, in the current language. */
const currentLocale = () => localeIn(settings.locale, languageSource?.() ?? pageLanguage);

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  create: () => T,
): T {
  const key = `${kind}|${currentLocale()}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

const dateTimeFormat = (options: Intl.DateTimeFormatOptions) =>
  cached('date', options, () => new Intl.DateTimeFormat(currentLocale(), options));

const numberFormat = (options: Intl.NumberFormatOptions) =>
  cached('number', options, () => new Intl.NumberFormat(currentLocale(), options));

/* ───────────────────────────── dates and times ───────────────────────────── */

/** A Date, an epoch in milliseconds, an ISO timestamp, or a calendar day written YYYY-MM-DD. */
export type DateInput = Date | number | string;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant, or null when the input is no date. */
function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * - `short`: month and day, "Mar 5"
 * - `medium`: "Mar 5, 2024"
 * - `long`: "March 5, 2024"
 * - `weekday`: the day of the week with month and day, "Tuesday, Mar 5"
 * - `month`: the month and year, "March 2024"
 */
export type DateStyle = 'short' | 'medium' | 'long' | 'weekday' | 'month';

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { month: 'short', day: 'numeric' },
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  weekday: { weekday: 'long', month: 'short', day: 'numeric' },
  month: { year: 'numeric', month: 'long' },
};

/**
 * The date in the visitor's time zone ("Mar 5, 2024" with the default `medium` style). A calendar
 * day (YYYY-MM-DD) is shown as written, with no time-zone shift. An invalid date gives ''.
 */
export function formatDate(value: DateInput, style: DateStyle = 'medium'): string {
  const date = toDate(value);
  if (!date) return '';
  const calendarDay = typeof value === 'string' && CALENDAR_DAY.test(value);
  return dateTimeFormat(calendarDay ? { ...DATE_STYLES[style], timeZone: 'UTC' } : DATE_STYLES[style]).format(date);
}

/** Date and time, "Mar 5, 2024, 9:05 AM"; '' for an invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
}

/** The time of day, "9:05 AM"; '' for an invalid date. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat({ hour: 'numeric', minute: '2-digit' }).format(date) : '';
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "yesterday", "in 2 hours"; under a minute either way, "just now". '' for an invalid date. */
export function formatRelativeTime(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= size) {
      const format = cached('relative', {}, () => new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' }));
      return format.format(Math.trunc(seconds / size), unit);
    }
  }
  return 'just now';
}

const HOUR_MS = 3_600_000;

/**
 * Message times: the time alone under 24 hours ("9:05 AM"), weekday and time under 7 days ("Thu
 * 9:05 AM"), else the date and time ("Nov 1, 2026 9:05 AM"). '' for an invalid date.
 */
export function formatMessageTime(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const age = now - date.getTime();
  const time = formatTime(date);
  if (age < 24 * HOUR_MS) return time;
  if (age < 168 * HOUR_MS) return `${dateTimeFormat({ weekday: 'short' }).format(date)} ${time}`;
  return `${formatDate(date, 'medium')} ${time}`;
}

/* ───────────────────────────── numbers and money ───────────────────────────── */

/** A count or amount with the locale's grouping, "1,000". */
export function formatNumber(value: number): string {
  return numberFormat({}).format(value);
}

/**
 * An amount of money in major units (dollars, euros: 9.99, not 999 cents) in the deployment's
 * currency, with that currency's decimals: "$9.99", "$20.00".
 */
export function formatMoney(amount: number): string {
  return numberFormat({ style: 'currency', currency: settings.currency }).format(amount);
}

/**
 * A distance given in miles, in the deployment's unit with the language's own abbreviation:
 * "2.4 mi", "3.9 km", "٣٫٩ كم"; one decimal under 10, whole numbers above.
 */
export function formatDistance(miles: number): string {
  const value = inUnit(miles, settings.distanceUnit);
  return numberFormat({
    style: 'unit',
    unit: settings.distanceUnit === 'km' ? 'kilometer' : 'mile',
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
    minimumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** A search's radius given in miles, in the deployment's unit spelled out: "25 miles", "5 kilometres", "3.1 miles". */
export function formatRadius(miles: number): string {
  return numberFormat({
    style: 'unit',
    unit: settings.distanceUnit === 'km' ? 'kilometer' : 'mile',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(inUnit(miles, settings.distanceUnit));
}

/* ───────────────────────────── durations ───────────────────────────── */

/**
 * A duration in whole minutes, as people say it: "under a minute", "45 min", "2 h 5 min", "3 d 4 h";
 * "—" without one. A reply within the minute it was asked for counts 0, which "0 min" misreads.
 */
export function formatDuration(minutes: number | null): string {
  if (minutes === null) return '—';
  const language = languageSource?.() ?? pageLanguage;
  if (language && language !== 'en') return durationInWords(minutes);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
  }
  const hours = Math.round(minutes / 60);
  const rest = hours % 24;
  return rest ? `${Math.floor(hours / 24)} d ${rest} h` : `${hours / 24} d`;
}

/** The same steps in another language, with Intl's own short unit names ("2 h 5 min", "2 ساعة 5 دقيقة"). */
function durationInWords(minutes: number): string {
  const unit = (value: number, name: 'minute' | 'hour' | 'day') =>
    numberFormat({ style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 1) return `< ${unit(1, 'minute')}`;
  if (minutes < 60) return unit(minutes, 'minute');
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return rest ? `${unit(Math.floor(minutes / 60), 'hour')} ${unit(rest, 'minute')}` : unit(minutes / 60, 'hour');
  }
  const hours = Math.round(minutes / 60);
  const rest = hours % 24;
  return rest ? `${unit(Math.floor(hours / 24), 'day')} ${unit(rest, 'hour')}` : unit(hours / 24, 'day');
}
