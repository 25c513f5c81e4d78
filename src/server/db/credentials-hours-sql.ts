/**
 * Credential badges and opening hours as SQL, for the companies module's reads (cards, listings,
 * the company page) beside the credentials and hours modules that own their writes.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * Today where the company is (companies.time_zone): a credential counts through its expiry date
 * on the company's own calendar, not UTC's, which is hours ahead of every US zone in the evening.
 */
export const companyTodaySql = (companyId: SQL) =>
  sql`(SELECT (now() AT TIME ZONE tz.time_zone)::date FROM companies tz WHERE tz.id = ${companyId})`;

/** A verified credential shows until its expiry date has passed, even before the job marks it expired. */
export const isBadgeSql = (alias: string) =>
  sql`${sql.raw(alias)}.status = 'verified' AND ${sql.raw(alias)}.expires_on >= ${companyTodaySql(sql.raw(`${alias}.company_id`))}`;

export type CredentialBadgeJson = { id: number; kind: 'licence' | 'insurance'; expires_on: string }[];

/** The company's badges as a JSON array, on each card of a page and on the company's own page. */
export const credentialBadgesSql = (companyId: SQL) => sql`(
  SELECT coalesce(json_agg(json_build_object('id', cc.id, 'kind', cc.kind, 'expires_on', to_char(cc.expires_on, 'YYYY-MM-DD'))
                           ORDER BY cc.kind, cc.expires_on DESC, cc.id), '[]'::json)
    FROM company_credentials cc WHERE cc.company_id = ${companyId} AND ${isBadgeSql('cc')})`;

/** On a listing's row `c`: the company's hours say it is open at this moment in its own time zone. */
export const openNowSql = ({ rowByRow = false }: { rowByRow?: boolean } = {}) => sql`EXISTS (
  SELECT 1 FROM company_opening_hours h
   WHERE h.company_id = c.id AND opening_hours_open_at(h.week, c.time_zone, now())${rowByRow ? sql` OFFSET 0` : sql``})`;

/** The company's hours for its page: `{week, note, open_now}`, or NULL when it gave none. */
export const openingHoursSql = (companyId: SQL, timeZone: SQL) => sql`(
  SELECT json_build_object('week', h.week, 'note', h.note, 'open_now', opening_hours_open_at(h.week, ${timeZone}, now()))
    FROM company_opening_hours h WHERE h.company_id = ${companyId})`;
export type OpeningHoursJson = {
  week: ({ opens: string; closes: string } | null)[];
  note: string | null;
  open_now: boolean;
} | null;
