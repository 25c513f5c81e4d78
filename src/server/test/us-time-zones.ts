/**
 * A second, independent statement of the rule the database applies: the IANA time zone of a place
 * in the United States, from its state and its ZIP code's centre. The product uses only the SQL
 * function; this one is the tests' oracle, written apart from it, that it is compared with.
 *
 *
 * Most states keep one zone; those that span two are split by longitude (and latitude where the
 * line bends), close enough for a ZIP code's centre: the rule decides which side of the line a
 * town lies on, not the county line itself. The database applies the same rules in
 * `us_time_zone(state, latitude, longitude)` (the companies' time-zone trigger, in the
 * credentials-and-hours migration); an API test holds the two to the same answers.
 */

export const DEFAULT_TIME_ZONE = 'America/New_York';

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

/** States (and territories) wholly in one zone, or the zone of most of a split state. */
const STATE_ZONES: Record<string, string> = {
  AL: CENTRAL,
  AK: 'America/Anchorage',
  AR: CENTRAL,
  AS: 'Pacific/Pago_Pago',
  // Arizona keeps standard time all year (America/Phoenix has no daylight saving).
  AZ: 'America/Phoenix',
  CA: PACIFIC,
  CO: MOUNTAIN,
  CT: EASTERN,
  DC: EASTERN,
  DE: EASTERN,
  FL: EASTERN,
  GA: EASTERN,
  GU: 'Pacific/Guam',
  HI: 'Pacific/Honolulu',
  IA: CENTRAL,
  ID: 'America/Boise',
  IL: CENTRAL,
  IN: 'America/Indiana/Indianapolis',
  KS: CENTRAL,
  KY: EASTERN,
  LA: CENTRAL,
  MA: EASTERN,
  MD: EASTERN,
  ME: EASTERN,
  MI: 'America/Detroit',
  MN: CENTRAL,
  MO: CENTRAL,
  MP: 'Pacific/Saipan',
  MS: CENTRAL,
  MT: MOUNTAIN,
  NC: EASTERN,
  ND: CENTRAL,
  NE: CENTRAL,
  NH: EASTERN,
  NJ: EASTERN,
  NM: MOUNTAIN,
  NV: PACIFIC,
  NY: EASTERN,
  OH: EASTERN,
  OK: CENTRAL,
  OR: PACIFIC,
  PA: EASTERN,
  PR: 'America/Puerto_Rico',
  RI: EASTERN,
  SC: EASTERN,
  SD: CENTRAL,
  TN: CENTRAL,
  TX: CENTRAL,
  UT: MOUNTAIN,
  VA: EASTERN,
  VI: 'America/St_Thomas',
  VT: EASTERN,
  WA: PACIFIC,
  WI: CENTRAL,
  WV: EASTERN,
  WY: MOUNTAIN,
};

/**
 * The zone of a place: `state` as its two-letter code, `latitude`/`longitude` of its ZIP code's
 * centre (null when unknown: the state's main zone). An unknown state is Eastern time.
 */
export function usTimeZone(state: string, latitude: number | null, longitude: number | null): string {
  const code = state.trim().toUpperCase();
  const main = STATE_ZONES[code] ?? DEFAULT_TIME_ZONE;
  if (latitude === null || longitude === null) return main;
  const lat = latitude;
  const lon = longitude;
  switch (code) {
    // The panhandle west of the Apalachicola river keeps Central time.
    case 'FL':
      return lon < -85.0 ? CENTRAL : EASTERN;
    // East Tennessee (Knoxville, Chattanooga, the Tri-Cities) keeps Eastern time.
    case 'TN':
      return lon > -84.95 || (lat < 35.25 && lon > -85.45) ? EASTERN : CENTRAL;
    // Western Kentucky (Bowling Green, Paducah, Owensboro) keeps Central time.
    case 'KY':
      return (lat >= 37.4 && lon > -86.0) || lon > -85.2 ? EASTERN : CENTRAL;
    // Indiana's north-west (around Gary) and south-west (around Evansville) corners keep Central time.
    case 'IN':
      return lon < -86.6 && (lat > 40.9 || lat < 38.3) ? CENTRAL : 'America/Indiana/Indianapolis';
    // The four Upper Peninsula counties on the Wisconsin line keep Central time.
    case 'MI':
      return lon < -87.5 && lat < 46.7 && lat > 45.0 ? 'America/Menominee' : 'America/Detroit';
    // El Paso and Hudspeth counties keep Mountain time.
    case 'TX':
      return lon < -104.9 ? MOUNTAIN : CENTRAL;
    // Sherman, Wallace, Greeley and Hamilton counties on the Colorado line keep Mountain time.
    case 'KS':
      return lon < -101.48 && lat > 37.7 && lat < 39.57 ? MOUNTAIN : CENTRAL;
    // The panhandle and the south-west keep Mountain time.
    case 'NE':
      return lon < -101.0 ? MOUNTAIN : CENTRAL;
    // The south-west, beyond the Missouri, keeps Mountain time.
    case 'ND':
      return (lat < 47.5 && lon < -101.3) || (lat < 46.3 && lon < -100.5) ? MOUNTAIN : CENTRAL;
    // West River keeps Mountain time.
    case 'SD':
      return lon < -101.0 ? MOUNTAIN : CENTRAL;
    // North of the Salmon river (the panhandle, Lewiston) keeps Pacific time.
    case 'ID':
      return lat > 45.45 ? PACIFIC : 'America/Boise';
    // Malheur County (Ontario) keeps Mountain time.
    case 'OR':
      return lon > -118.25 && lat < 44.5 ? 'America/Boise' : PACIFIC;
    // The Aleutians west of 169.5°W keep Hawaii–Aleutian time.
    case 'AK':
      return lon < -169.5 ? 'America/Adak' : 'America/Anchorage';
    default:
      return main;
  }
}

/** The states whose rule depends on the place (the SQL function mirrors exactly these). */
export const SPLIT_STATES = ['FL', 'TN', 'KY', 'IN', 'MI', 'TX', 'KS', 'NE', 'ND', 'SD', 'ID', 'OR', 'AK'] as const;
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = STATE_ZONES;
