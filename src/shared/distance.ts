/**
 * Distances in the unit the operator's visitors count in. The database and the API's `…Miles`
 * fields keep miles; a search radius is read, and every distance shown, in the deployment's unit.
 */
export const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

const KM_PER_MILE = 1.609344;

/** Where road distances are counted in miles (a locale's region); the rest of the world counts in kilometres. */
const MILE_REGIONS = new Set(['US', 'LR', 'MM']);

/** The unit of a locale such as en-US (miles) or en-GB, fr-CA (kilometres); a tag without a region counts in kilometres. */
export function distanceUnitOfLocale(locale: string): DistanceUnit {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return region && MILE_REGIONS.has(region) ? 'mi' : 'km';
}

/** Miles of a distance given in `unit`. */
export const milesOf = (value: number, unit: DistanceUnit): number => (unit === 'mi' ? value : value / KM_PER_MILE);

/** A distance of `miles`, in `unit`. */
export const inUnit = (miles: number, unit: DistanceUnit): number => (unit === 'mi' ? miles : miles * KM_PER_MILE);
