/** Offer versions of a conversation, and the request's state they depend on. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { QuoteStatus } from '@/shared/schemas/quote';
import { OFFER_COLUMNS, type OfferRow } from '@/server/db/offer-sql';

/**
 * The request's status and outcome, locked against a hire or close until the transaction ends
 * (they take the row for update), so no offer changes after the customer decided. The lock is
 * the one the message's own write to the row takes anyway (its last activity), so taking it early
 * cannot deadlock against a waiting hire.
 */
export async function lockQuoteForOffer(
  tx: DbOrTx,
  quoteId: number,
): Promise<{ status: QuoteStatus; outcome: 'hired' | 'closed' | null } | undefined> {
  const result = await tx.execute<{ status: QuoteStatus; outcome: 'hired' | 'closed' | null }>(sql`
    SELECT status, outcome FROM quotes WHERE id = ${quoteId} FOR NO KEY UPDATE`);
  return result.rows[0];
}

/** Every version of the conversation's offer, newest first. */
export async function listOfferVersions(db: DbOrTx, quoteId: number, companyId: number): Promise<OfferRow[]> {
  const result = await db.execute<OfferRow>(sql`
    SELECT ${OFFER_COLUMNS} FROM quote_offers o
     WHERE o.quote_id = ${quoteId} AND o.company_id = ${companyId}
     ORDER BY o.version DESC`);
  return result.rows;
}

/** The latest version (withdrawn or not), or undefined before any offer. */
export async function latestOfferVersion(db: DbOrTx, quoteId: number, companyId: number): Promise<OfferRow | undefined> {
  const result = await db.execute<OfferRow>(sql`
    SELECT ${OFFER_COLUMNS} FROM quote_offers o
     WHERE o.quote_id = ${quoteId} AND o.company_id = ${companyId}
     ORDER BY o.version DESC LIMIT 1`);
  return result.rows[0];
}

export async function insertOfferVersion(
  tx: DbOrTx,
  values: {
    quoteId: number;
    companyId: number;
    version: number;
    kind: OfferRow['kind'];
    amountMinor: number | null;
    lowMinor: number | null;
    highMinor: number | null;
    currency: string;
    includes: string;
    validDays: number;
    createdBy: number;
  },
): Promise<OfferRow> {
  const result = await tx.execute<OfferRow>(sql`
    INSERT INTO quote_offers AS o (quote_id, company_id, version, kind, amount_minor, low_minor, high_minor, currency, includes, valid_until, created_by)
    VALUES (${values.quoteId}, ${values.companyId}, ${values.version}, ${values.kind}, ${values.amountMinor}, ${values.lowMinor},
            ${values.highMinor}, ${values.currency}, ${values.includes}, now() + make_interval(days => ${values.validDays}::int),
            ${values.createdBy})
    RETURNING ${OFFER_COLUMNS}`);
  return result.rows[0];
}

export async function markOfferWithdrawn(tx: DbOrTx, offerId: number): Promise<OfferRow> {
  const result = await tx.execute<OfferRow>(sql`
    UPDATE quote_offers AS o SET withdrawn_at = now() WHERE o.id = ${offerId} RETURNING ${OFFER_COLUMNS}`);
  return result.rows[0];
}
