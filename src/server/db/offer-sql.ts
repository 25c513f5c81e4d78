/**
 * An offer version as the database holds it (prices in the currency's smallest unit) and as the
 * API answers it (in its main unit). The repositories that read offers — threads, conversations,
 * the comparison, a request's outcome — and the services that answer them share these, so they
 * cannot disagree on what an offer says.
 */
import { sql } from 'drizzle-orm';
import { fromMinorUnits, type Offer } from '@/shared/schemas/offers';

export type OfferRow = {
  id: number;
  quote_id: number;
  company_id: number;
  version: number;
  kind: Offer['kind'];
  amount_minor: number | null;
  low_minor: number | null;
  high_minor: number | null;
  currency: string;
  includes: string;
  valid_until: Date | string;
  withdrawn_at: Date | string | null;
  created_at: Date | string;
};

/** The columns of an offer row, for `SELECT … FROM quote_offers o` and `row_to_json` subqueries. */
export const OFFER_COLUMNS = sql`o.id, o.quote_id, o.company_id, o.version, o.kind, o.amount_minor, o.low_minor, o.high_minor,
  o.currency, o.includes, o.valid_until, o.withdrawn_at, o.created_at`;

/** An offer version as JSON (or null), by its id: for columns of a row that names one. */
export const offerJsonById = (offerId: ReturnType<typeof sql>) =>
  sql`(SELECT row_to_json(x) FROM (SELECT ${OFFER_COLUMNS} FROM quote_offers o WHERE o.id = ${offerId}) x)`;

/**
 * The conversation's standing offer as JSON (null when there is none or the latest version was
 * withdrawn), for `quoteId`/`companyId` expressions of the outer query.
 */
export const standingOfferJson = (quoteId: ReturnType<typeof sql>, companyId: ReturnType<typeof sql>) => sql`
  (SELECT row_to_json(x) FROM (
     SELECT ${OFFER_COLUMNS} FROM quote_offers o
      WHERE o.quote_id = ${quoteId} AND o.company_id = ${companyId}
      ORDER BY o.version DESC LIMIT 1) x
    WHERE x.withdrawn_at IS NULL)`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toOffer(row: OfferRow, now = new Date()): Offer {
  const money = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor, row.currency));
  return {
    id: row.id,
    quoteId: row.quote_id,
    companyId: row.company_id,
    version: row.version,
    kind: row.kind,
    amount: money(row.amount_minor),
    low: money(row.low_minor),
    high: money(row.high_minor),
    currency: row.currency,
    includes: row.includes,
    validUntil: iso(row.valid_until),
    createdAt: iso(row.created_at),
    withdrawnAt: row.withdrawn_at === null ? null : iso(row.withdrawn_at),
    expired: new Date(row.valid_until).getTime() < now.getTime(),
  };
}
