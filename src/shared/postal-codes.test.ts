import { describe, expect, it } from 'vitest';
import {
  COUNTRIES_WITH_POSTAL_RULES,
  normalisePostalCode,
  POSTAL_CODE_MAX_LENGTH,
  postalAreaOf,
  postalCodeRulesOf,
  postalPlaceOf,
} from './postal-codes';

describe('a postal code, written the way people type it, stored in one form', () => {
  it.each([
    ['US', '78701', '78701'],
    ['US', ' 78701-1234 ', '78701-1234'],
    ['US', '787011234', '78701-1234'],
    ['GB', 'SW1A 1AA', 'SW1A 1AA'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'M1 1AE', 'M1 1AE'],
    ['GB', 'ec1a  1bb', 'EC1A 1BB'],
    ['GB', 'GIR0AA', 'GIR 0AA'],
    ['CA', 'K1A 0B6', 'K1A 0B6'],
    ['CA', 'k1a0b6', 'K1A 0B6'],
    ['CA', 'h2x-1y4', 'H2X 1Y4'],
    ['IE', 'd02x285', 'D02 X285'],
    ['IE', 'D6W 1234', 'D6W 1234'],
    ['NL', '1012 AB', '1012 AB'],
    ['NL', '1012ab', '1012 AB'],
    ['ES', '28013', '28013'],
    ['FR', '75001', '75001'],
    ['DE', '10115', '10115'],
    ['PT', '1100148', '1100-148'],
    ['SE', '11122', '111 22'],
    ['PL', '00950', '00-950'],
    ['JP', '1000001', '100-0001'],
    ['BR', '01310100', '01310-100'],
    ['AU', '2000', '2000'],
  ])('%s %j is %j', (country, typed, stored) => {
    expect(normalisePostalCode(country, typed)).toBe(stored);
  });

  it('reads the digits an Arabic, Persian or Hindi keyboard types, and full-width ones', () => {
    expect(normalisePostalCode('US', '٧٨٧٠١')).toBe('78701');
    expect(normalisePostalCode('ES', '۲۸۰۱۳')).toBe('28013');
    expect(normalisePostalCode('IN', '११०००१')).toBe('110001');
    expect(normalisePostalCode('US', '７８７０１')).toBe('78701');
  });

  it.each([
    ['US', '7870'],
    ['US', '787012'],
    ['US', 'ABCDE'],
    ['GB', 'SW1A'],
    ['GB', 'SW1A 1A'],
    ['GB', '12345'],
    ['CA', 'D1A 0B6'], // D never starts a Canadian code
    ['CA', 'K1A 0B'],
    ['NL', '0123 AB'],
    ['NL', '1012 SS'],
    ['ES', '53001'], // no province 53
    ['ES', '2801'],
    ['PT', '0100-148'],
    ['FR', '7500'],
    ['GB', ''],
    ['US', '   '],
    ['US', '78701; DROP TABLE zip_codes'],
    ['GB', `SW1A 1AA${' '.repeat(40)}`],
  ])('%s %j is not a postal code', (country, typed) => {
    expect(normalisePostalCode(country, typed)).toBeNull();
  });

  it('has rules that accept their own example, and stores no code longer than the limit', () => {
    for (const country of COUNTRIES_WITH_POSTAL_RULES) {
      const { example } = postalCodeRulesOf(country);
      expect(normalisePostalCode(country, example), country).toBe(example);
      expect(example.length).toBeLessThanOrEqual(POSTAL_CODE_MAX_LENGTH);
    }
  });

  it('gives a country without rules of its own the general ones: letters and a digit, one separator kept', () => {
    expect(normalisePostalCode('AR', 'c1002aab')).toBe('C1002AAB');
    expect(normalisePostalCode('KR', '03187')).toBe('03187');
    expect(normalisePostalCode('LV', 'lv-1050')).toBe('LV-1050');
    expect(normalisePostalCode('XX', 'AB  12')).toBe('AB 12');
    expect(normalisePostalCode('XX', 'A--1')).toBeNull();
    expect(normalisePostalCode('XX', 'ÅB12')).toBeNull();
    expect(normalisePostalCode('XX', '12345678901')).toBeNull();
  });
});

describe('a place in a search, read as a postal code', () => {
  it('is a whole code, or an area where the country names areas by a shorter form', () => {
    expect(postalPlaceOf('GB', 'sw1a 2aa')).toEqual({ kind: 'code', code: 'SW1A 2AA' });
    expect(postalPlaceOf('GB', 'sw1a')).toEqual({ kind: 'area', code: 'SW1A' });
    expect(postalPlaceOf('GB', 'M1')).toEqual({ kind: 'area', code: 'M1' });
    expect(postalPlaceOf('CA', 'k1a')).toEqual({ kind: 'area', code: 'K1A' });
    expect(postalPlaceOf('NL', '1012')).toEqual({ kind: 'area', code: '1012' });
    expect(postalPlaceOf('PT', '1100')).toEqual({ kind: 'area', code: '1100' });
  });

  it('is neither for a place name, and US ZIP codes name no area by their first digits', () => {
    expect(postalPlaceOf('GB', 'Westminster')).toBeNull();
    expect(postalPlaceOf('GB', 'London')).toBeNull();
    expect(postalPlaceOf('US', '787')).toBeNull();
    expect(postalPlaceOf('US', '78701')).toEqual({ kind: 'code', code: '78701' });
    expect(postalPlaceOf('XX', 'Riga')).toBeNull();
  });
});

describe('the area a stored code lies in', () => {
  it.each([
    ['GB', 'SW1A 1AA', 'SW1A'],
    ['GB', 'M1 1AE', 'M1'],
    ['GB', 'SW1A', 'SW1A'],
    ['CA', 'K1A 0B6', 'K1A'],
    ['NL', '1012 AB', '1012'],
    ['FR', '75001', '75'],
    ['IN', '110001', '110'],
    ['PT', '1100-148', '1100'],
    ['PL', '00-950', '00'],
    ['JP', '100-0001', '100'],
  ])('%s %s lies in %s', (country, code, area) => {
    expect(postalAreaOf(country, code)).toBe(area);
  });

  it('is none where the country names no areas', () => {
    expect(postalAreaOf('US', '78701')).toBeNull();
    expect(postalAreaOf('ZZ', 'AB 123')).toBeNull();
  });
});
