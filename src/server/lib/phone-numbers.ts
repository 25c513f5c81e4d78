/**
 * Phone numbers in one stored form, E.164 (`+442079460958`), whatever way they were typed: in the
 * country's own national form ("020 7946 0958", "(512) 555-0142"), internationally ("+44 20 7946
 * 0958", "0044 20 7946 0958"), with dots, dashes or brackets. The operator's country says what a
 * number without a country code means. libphonenumber-js with its full metadata decides whether a
 * number can exist (its lengths and ranges per country), so a number is stored once and two ways
 * of writing it compare equal — what finding the same business entered twice relies on.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** Longer than any number a person types, with spaces and an extension: refused unread. */
const MAX_TYPED_LENGTH = 40;

/**
 * The number in E.164, or null when it is not a number that can exist. `country` (ISO 3166-1
 * alpha-2) reads a number written without its country code; a number with one keeps its own.
 */
export function normalisePhoneNumber(country: string, raw: string): string | null {
  const typed = raw.normalize('NFKC').trim();
  if (!typed || typed.length > MAX_TYPED_LENGTH) return null;
  // "00" is the international prefix in most of the world: read it as "+".
  const international = typed.startsWith('00') ? `+${typed.slice(2)}` : typed;
  const parsed = parsePhoneNumberFromString(international, { defaultCountry: country as CountryCode });
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The stored number as people of `country` write it: national for their own, international for
 * others. A number stored before numbers were checked (not E.164) is shown as it was typed.
 */
export function displayPhoneNumber(country: string, stored: string): string {
  if (!stored.startsWith('+')) return stored;
  const parsed = parsePhoneNumberFromString(stored);
  if (!parsed) return stored;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/** The stored number when it is in E.164, for a `tel:` link; null for one typed before numbers were checked. */
export const e164Of = (stored: string): string | null => (/^\+[1-9]\d{6,14}$/.test(stored) ? stored : null);
