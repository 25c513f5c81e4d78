/**
 * The IANA time zone of a place outside the US (the US's follow its state and longitude, in SQL:
 * us_time_zone, migration 0035), for the postal-code import to store beside each code: a company's
 * opening hours and "open now" are read in it. One zone for most countries; where a country spans
 * several, its first-level division (GeoNames' admin code 1) says which. A country not listed here
 * is read in UTC until it is.
 */
const SINGLE_ZONE: Readonly<Record<string, string>> = {
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  NL: 'Europe/Amsterdam',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  IT: 'Europe/Rome',
  BE: 'Europe/Brussels',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  DK: 'Europe/Copenhagen',
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  PL: 'Europe/Warsaw',
  IN: 'Asia/Kolkata',
  JP: 'Asia/Tokyo',
  NZ: 'Pacific/Auckland',
  MX: 'America/Mexico_City',
  BR: 'America/Sao_Paulo',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
};

/** By admin code 1, where a country's divisions keep other clocks than its capital's. */
const BY_DIVISION: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  CA: {
    BC: 'America/Vancouver',
    AB: 'America/Edmonton',
    SK: 'America/Regina',
    MB: 'America/Winnipeg',
    NB: 'America/Moncton',
    NS: 'America/Halifax',
    PE: 'America/Halifax',
    NL: 'America/St_Johns',
    YT: 'America/Whitehorse',
    NT: 'America/Yellowknife',
    NU: 'America/Iqaluit',
  },
  AU: {
    QLD: 'Australia/Brisbane',
    SA: 'Australia/Adelaide',
    NT: 'Australia/Darwin',
    WA: 'Australia/Perth',
    TAS: 'Australia/Hobart',
    VIC: 'Australia/Melbourne',
  },
  // The Canary Islands; the Azores and Madeira.
  ES: { CN: 'Atlantic/Canary' },
  PT: { '20': 'Atlantic/Azores', '30': 'Atlantic/Madeira' },
};

export function timeZoneOf(country: string, admin1Code: string | null): string {
  const division = admin1Code ? BY_DIVISION[country]?.[admin1Code.toUpperCase()] : undefined;
  return division ?? SINGLE_ZONE[country] ?? 'UTC';
}
