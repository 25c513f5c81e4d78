import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_FORMAT_SETTINGS,
  formatDate,
  formatDistance,
  formatRadius,
  formatDateTime,
  formatDuration,
  formatMessageTime,
  formatMoney,
  formatNumber,
  formatRelativeTime,
  formatTime,
  getFormatSettings,
  localeIn,
  setFormatLanguage,
  setFormatSettings,
} from './format';

// Local times: the formatters show the visitor's time zone, whatever the machine's is.
const morning = new Date('2024-03-05T09:05:00');

// Every test starts from the defaults and no page language, whatever ran before it.
afterEach(() => {
  setFormatSettings(DEFAULT_FORMAT_SETTINGS);
  setFormatLanguage(undefined);
});

describe('format, with the defaults (en-US, USD)', () => {
  it('writes dates as the screens always have', () => {
    expect(formatDate(morning.toISOString())).toBe('Mar 5, 2024');
    expect(formatDate(morning, 'short')).toBe('Mar 5');
    expect(formatDate(morning.getTime(), 'long')).toBe('March 5, 2024');
    expect(formatDate(morning, 'month')).toBe('March 2024');
    expect(formatDateTime(morning)).toBe('Mar 5, 2024, 9:05 AM');
    expect(formatTime(morning)).toBe('9:05 AM');
  });

  it('reads a calendar day as written, with no time-zone shift', () => {
    expect(formatDate('2025-03-05', 'short')).toBe('Mar 5');
    expect(formatDate('2025-12-31', 'long')).toBe('December 31, 2025');
    expect(formatDate('2025-03-03', 'weekday')).toBe('Monday, Mar 3');
  });

  it('gives an empty string for what is no date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatTime(Number.NaN)).toBe('');
    expect(formatRelativeTime('nope')).toBe('');
    expect(formatMessageTime('nope')).toBe('');
  });

  it('writes relative times in the largest whole unit', () => {
    const now = morning.getTime();
    const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    expect(formatRelativeTime(ago(20), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3600), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 24 * 3600), now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
    expect(formatRelativeTime(ago(-2 * 3600), now)).toBe('in 2 hours');
  });

  // Formerly lib/format-message-time.ts.
  it('writes message times: the time under 24 hours, weekday and time under 7 days, else the date and time', () => {
    const now = new Date('2026-11-22T15:00:00').getTime();
    expect(formatMessageTime(new Date('2026-11-22T09:05:00').toISOString(), now)).toBe('9:05 AM');
    expect(formatMessageTime(new Date('2026-11-19T09:05:00').toISOString(), now)).toBe('Thu 9:05 AM');
    expect(formatMessageTime(new Date('2026-11-01T09:05:00').toISOString(), now)).toBe('Nov 1, 2026 9:05 AM');
  });

  it('groups numbers and writes money in dollars and cents', () => {
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(7)).toBe('7');
    expect(formatMoney(9.99)).toBe('$9.99');
    expect(formatMoney(20)).toBe('$20.00');
    expect(formatMoney(45 / 50)).toBe('$0.90');
    expect(formatMoney(1 / 3)).toBe('$0.33');
    expect(formatMoney(1500)).toBe('$1,500.00');
  });
});

describe('format, with another locale and currency', () => {
  it('follows the settings (de-DE, EUR)', () => {
    setFormatSettings({ locale: 'de-DE', currency: 'EUR' });
    expect(getFormatSettings()).toEqual({ locale: 'de-DE', currency: 'EUR', distanceUnit: 'mi' });
    expect(formatDate(morning)).toBe('5. März 2024');
    expect(formatDate(morning, 'long')).toBe('5. März 2024');
    expect(formatDate('2025-03-05', 'short')).toBe('5. März');
    expect(formatDate('2025-03-03', 'weekday')).toBe('Montag, 3. März');
    expect(formatDate(morning, 'month')).toBe('März 2024');
    expect(formatDateTime(morning)).toBe('05.03.2024, 09:05');
    expect(formatTime(morning)).toBe('9:05');
    expect(formatRelativeTime(new Date(morning.getTime() - 24 * 3600_000), morning.getTime())).toBe('gestern');
    expect(formatNumber(1000)).toBe('1.000');
    // Intl puts a no-break space between the amount and the sign.
    expect(formatMoney(9.99)).toBe('9,99\u00a0€');
    expect(formatMoney(1500)).toBe('1.500,00\u00a0€');
  });

  it("uses the currency's own decimals", () => {
    setFormatSettings({ currency: 'JPY' });
    expect(formatMoney(1500)).toBe('¥1,500');
  });

  it('keeps the previous value when a setting cannot be used', () => {
    setFormatSettings({ locale: 'not a locale!', currency: 'dollars' });
    expect(getFormatSettings()).toEqual(DEFAULT_FORMAT_SETTINGS);
    expect(formatMoney(9.99)).toBe('$9.99');
  });
});

describe('formatDistance', () => {
  it('writes miles in the deployment’s unit, one decimal under ten', () => {
    expect(formatDistance(2.44)).toBe('2.4 mi');
    expect(formatDistance(12.6)).toBe('13 mi');
    setFormatSettings({ locale: 'en-GB', distanceUnit: 'km' });
    expect(formatDistance(0.6)).toBe('1.0 km');
    expect(formatDistance(25 / 1.609344)).toBe('25 km');
    setFormatSettings({ distanceUnit: 'feet' as never });
    expect(getFormatSettings().distanceUnit).toBe('km');
  });

  it('spells a radius out, to a tenth', () => {
    expect(formatRadius(25)).toBe('25 miles');
    expect(formatRadius(1)).toBe('1 mile');
    setFormatSettings({ locale: 'en-GB', distanceUnit: 'km' });
    expect(formatRadius(5 / 1.609344)).toBe('5 kilometres');
    expect(formatRadius(2)).toBe('3.2 kilometres');
  });

  it('abbreviates the unit in the page’s language', () => {
    setFormatSettings({ locale: 'en-GB', distanceUnit: 'km' });
    setFormatLanguage('ar');
    expect(formatDistance(2)).toBe('3.2 كم');
    setFormatLanguage('es');
    expect(formatDistance(2)).toBe('3,2 km');
  });
});

describe('formatDuration', () => {
  it('writes a reply time in minutes, hours or days', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(0)).toBe('under a minute');
    expect(formatDuration(1)).toBe('1 min');
    expect(formatDuration(59)).toBe('59 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(125)).toBe('2 h 5 min');
    expect(formatDuration(24 * 60)).toBe('1 d');
    expect(formatDuration(27 * 60 + 20)).toBe('1 d 3 h');
  });
});

describe('format, in the page’s language', () => {
  it('keeps the deployment’s region, in the language’s words; Arabic keeps Latin digits', () => {
    expect(localeIn('en-US', 'en')).toBe('en-US');
    expect(localeIn('en-US', 'es')).toBe('es-US');
    expect(localeIn('de-DE', 'ar')).toBe('ar-DE-u-nu-latn');
    expect(localeIn('es', 'ar')).toBe('ar-u-nu-latn');
  });

  it('writes dates, money and durations in Spanish or Arabic on an en-US deployment', () => {
    setFormatLanguage('es');
    expect(formatDate('2025-03-05', 'long')).toBe('5 de marzo de 2025');
    expect(formatDuration(125)).toBe('2 h 5 min');
    setFormatLanguage('ar');
    expect(formatDate('2025-03-05', 'long')).toMatch(/^5 مارس 2025$/);
    expect(formatMoney(9.99)).toMatch(/9\.99/);
    expect(formatDuration(0)).not.toMatch(/[a-z]/);
  });
});
