import { describe, expect, it } from 'vitest';
import { timeZoneOf } from './country-time-zones';

describe('the time zone of a place outside the US', () => {
  it('is the country’s, or its division’s where that keeps another clock', () => {
    expect(timeZoneOf('GB', 'ENG')).toBe('Europe/London');
    expect(timeZoneOf('GB', null)).toBe('Europe/London');
    expect(timeZoneOf('CA', 'bc')).toBe('America/Vancouver');
    expect(timeZoneOf('CA', 'ON')).toBe('America/Toronto');
    expect(timeZoneOf('AU', 'WA')).toBe('Australia/Perth');
    expect(timeZoneOf('ES', 'CN')).toBe('Atlantic/Canary');
    expect(timeZoneOf('ZZ', null)).toBe('UTC');
  });

  it('names only zones the runtime knows', () => {
    for (const [country, division] of [
      ['GB', null],
      ['CA', 'NL'],
      ['AU', 'TAS'],
      ['PT', '20'],
      ['BR', null],
    ] as const)
      expect(() => new Intl.DateTimeFormat('en', { timeZone: timeZoneOf(country, division) })).not.toThrow();
  });
});
