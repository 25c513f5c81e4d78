/** A US ZIP code: 5 digits, optionally followed by a hyphen (optional) and 4 more digits. */
const POSTAL_CODE = /^\d{5}(?:-?\d{4})?$/;

/** The trimmed value when it is a valid ZIP code, otherwise null. */
export function normalizePostalCode(value: string): string | null {
  const trimmed = value.trim();
  return POSTAL_CODE.test(trimmed) ? trimmed : null;
}

/** The 5-digit ZIP code a search location names (ZIP+4 gives its first five), else undefined. */
export function zipOfLocation(location: string): string | undefined {
  return normalizePostalCode(location)?.slice(0, 5);
}
