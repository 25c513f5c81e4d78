import { afterEach, describe, expect, it } from 'vitest';
import { setOperatingCountry } from '@/shared/operating-country';
import { normalizePostalCode, zipOfLocation } from './postal-code';

afterEach(() => setOperatingCountry('US'));

describe('normalizePostalCode', () => {
  it('accepts a US ZIP code, or ZIP+4 with or without the hyphen, trimmed', () => {
    expect(normalizePostalCode('94103')).toBe('94103');
    expect(normalizePostalCode('94103-1234')).toBe('94103-1234');
    expect(normalizePostalCode('941031234')).toBe('94103-1234');
    expect(normalizePostalCode('  94103 ')).toBe('94103');
  });

  it('rejects incomplete or malformed values', () => {
    expect(normalizePostalCode('')).toBeNull();
    expect(normalizePostalCode('9410')).toBeNull();
    expect(normalizePostalCode('94103-12')).toBeNull();
    expect(normalizePostalCode('9410a')).toBeNull();
  });

  it('follows the operator’s country', () => {
    setOperatingCountry('GB');
    expect(normalizePostalCode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normalizePostalCode('94103')).toBeNull();
    setOperatingCountry('CA');
    expect(normalizePostalCode('k1a 0b6')).toBe('K1A 0B6');
  });
});

describe('zipOfLocation', () => {
  it('gives the 5-digit ZIP code of a ZIP or ZIP+4 location', () => {
    expect(zipOfLocation('94103')).toBe('94103');
    expect(zipOfLocation(' 94103-1234 ')).toBe('94103');
    expect(zipOfLocation('941031234')).toBe('94103');
  });

  it('gives a whole postal code elsewhere', () => {
    setOperatingCountry('GB');
    expect(zipOfLocation('SW1A 2AA')).toBe('SW1A 2AA');
    expect(zipOfLocation('SW1A')).toBeUndefined();
  });

  it('gives nothing for a city or a malformed ZIP code', () => {
    expect(zipOfLocation('Austin, TX')).toBeUndefined();
    expect(zipOfLocation('9410')).toBeUndefined();
    expect(zipOfLocation('')).toBeUndefined();
  });
});
