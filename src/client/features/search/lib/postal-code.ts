/**
 * Postal codes in the search box, by the operator's country's rules (shared/postal-codes.ts): the
 * code remembered for the visitor's next search, and the job's place a search near one gives a
 * quote request.
 */
import { operatingCountry } from '@/shared/operating-country';
import { normalisePostalCode } from '@/shared/postal-codes';

/** The value in stored form when it is a whole postal code of the operator's country, otherwise null. */
export function normalizePostalCode(value: string): string | null {
  return normalisePostalCode(operatingCountry(), value);
}

/** The postal code a search location names (a US ZIP+4 gives its five digits), else undefined. */
export function zipOfLocation(location: string): string | undefined {
  const code = normalizePostalCode(location);
  if (!code) return undefined;
  return operatingCountry() === 'US' ? code.slice(0, 5) : code;
}
