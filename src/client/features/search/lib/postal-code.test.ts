import { describe, expect, it } from 'vitest';
import { normalizePostalCode, zipOfLocation } from './postal-code';

describe('normalizePostalCode', () => {
  it('accepts five digits', () => {
    expect(normalizePostalCode('94103')).toBe('94103');
  });

  it('accepts ZIP+4 with or without the hyphen', () => {
    expect(normalizePostalCode('94103-1234')).toBe('94103-1234');
    expect(normalizePostalCode('941031234')).toBe('941031234');
  });

  it('trims surrounding whitespace', () => {
    expect(normalizePostalCode('  94103 ')).toBe('94103');
  });

  it('rejects incomplete or malformed values', () => {
    expect(normalizePostalCode('')).toBeNull();
    expect(normalizePostalCode('9410')).toBeNull();
    expect(normalizePostalCode('94103-12')).toBeNull();
    expect(normalizePostalCode('9410a')).toBeNull();
    expect(normalizePostalCode('94103--1234')).toBeNull();
    expect(normalizePostalCode('941 03')).toBeNull();
  });
});

describe('zipOfLocation', () => {
  it('gives the 5-digit ZIP code of a ZIP or ZIP+4 location', () => {
    expect(zipOfLocation('94103')).toBe('94103');
    expect(zipOfLocation(' 94103-1234 ')).toBe('94103');
    expect(zipOfLocation('941031234')).toBe('94103');
  });

  it('gives nothing for a city or a malformed ZIP code', () => {
    expect(zipOfLocation('Austin, TX')).toBeUndefined();
    expect(zipOfLocation('9410')).toBeUndefined();
    expect(zipOfLocation('')).toBeUndefined();
  });
});
