/**
 * The operator's country (COUNTRY), which the shared schemas read to check postal codes: one per
 * deployment, so one per process. The server sets it as the app is built, the browser from GET
 * /api/app-config; until then it is the US, the default deployment's.
 */
let country = 'US';

export const operatingCountry = (): string => country;

export function setOperatingCountry(code: string): void {
  if (/^[A-Z]{2}$/.test(code)) country = code;
}

/** What people of the country call a postal code in the English texts: "ZIP code" in the US alone. */
export const postalCodeTermOf = (code: string): 'zip' | 'postal' => (code === 'US' ? 'zip' : 'postal');
