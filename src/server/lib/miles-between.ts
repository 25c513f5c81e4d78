/** Great-circle distance in SQL, for listings and service areas alike. */
import { sql, type SQL } from 'drizzle-orm';

const EARTH_RADIUS_MILES = 3958.8;

/** Haversine distance in miles between two points given as SQL float8 expressions. */
export function milesBetweenSql(from: { lat: SQL; lng: SQL }, to: { lat: SQL; lng: SQL }): SQL {
  return sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
      power(sin(radians(${from.lat} - ${to.lat}) / 2), 2) +
      cos(radians(${to.lat})) * cos(radians(${from.lat})) * power(sin(radians(${from.lng} - ${to.lng}) / 2), 2))))`;
}
