/**
 * Postal-code fields of the shared schemas, checked and put in stored form by the operator's
 * country (postal-codes.ts): "sw1a1aa" is stored "SW1A 1AA" in Britain, "78701" stays "78701" in
 * the US. Each message comes in two wordings, the US's "ZIP code" and everyone else's "postal code".
 */
import { z } from 'zod';
import { operatingCountry, postalCodeTermOf } from '../operating-country';
import { normalisePostalCode, postalPlaceOf } from '../postal-codes';

export interface PostalCodeMessage {
  zip: string;
  postal: string;
}

/** The message in the wording of the operator's country. */
export const postalCodeMessage = (message: PostalCodeMessage): string => message[postalCodeTermOf(operatingCountry())];

/**
 * A postal code of the operator's country, in stored form. `areas` also takes an area's shorter
 * form where the country has one (a British outward code). `usFiveDigits` keeps the US to five
 * digits where a ZIP+4 means nothing more (a job's place, a service area).
 */
export function postalCodeField(message: PostalCodeMessage, options: { areas?: boolean; usFiveDigits?: boolean } = {}) {
  const text = () => postalCodeMessage(message);
  return z.string({ error: text }).transform((raw, ctx) => {
    const country = operatingCountry();
    const code = options.areas ? postalPlaceOf(country, raw)?.code : normalisePostalCode(country, raw);
    if (!code || (options.usFiveDigits && country === 'US' && !/^\d{5}$/.test(code))) {
      ctx.addIssue({ code: 'custom', message: text() });
      return z.NEVER;
    }
    return code;
  });
}
