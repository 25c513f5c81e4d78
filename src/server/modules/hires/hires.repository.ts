/** How a request ends: the customer's hire or close, the comparison it is chosen from, hire counts. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { CloseReason, ResponseStatus } from '@/shared/schemas/hires';
import type { QuoteStatus } from '@/shared/schemas/quote';
import { offerJsonById, standingOfferJson, type OfferRow } from '@/server/db/offer-sql';

export type DecisionQuoteRow = {
  id: number;
  user_id: number;
  status: QuoteStatus;
  outcome: 'hired' | 'closed' | null;
  quote_name: string;
};

/**
 * The request locked for its decision: the first hire or close to take the row decides, and the
 * others read it completed. Offers take the same row before each version, so none changes under a hire.
 */
export async function lockQuoteForDecision(tx: DbOrTx, quoteId: number): Promise<DecisionQuoteRow | undefined> {
  const result = await tx.execute<DecisionQuoteRow>(sql`
    SELECT id, user_id, status, outcome, quote_name FROM quotes WHERE id = ${quoteId} FOR UPDATE`);
  return result.rows[0];
}

/** A company of the request as a decision needs it: whether it can be hired, and whom to tell. */
export type DecisionCompanyRow = {
  company_id: number;
  name: string;
  owner_id: number | null;
  is_active: boolean;
  declined_at: Date | string | null;
  closed_at: Date | string | null;
  replied: boolean;
  /** The standing offer (null: none, or withdrawn). */
  offer: OfferRow | null;
};

export async function listDecisionCompanies(db: DbOrTx, quoteId: number): Promise<DecisionCompanyRow[]> {
  const result = await db.execute<DecisionCompanyRow>(sql`
    SELECT c.id AS company_id, c.name, c.owner_id, c.is_active, qc.declined_at, qc.closed_at,
           EXISTS (SELECT 1 FROM messages m
                    WHERE m.quote_id = qc.quote_id AND m.company_id = qc.company_id AND m.sender_type = 'company') AS replied,
           ${standingOfferJson(sql`qc.quote_id`, sql`qc.company_id`)} AS offer
      FROM quote_companies qc JOIN companies c ON c.id = qc.company_id
     WHERE qc.quote_id = ${quoteId}
     ORDER BY c.name, c.id`);
  return result.rows;
}

/** Completes the request with the hire, and counts it on the company, in the caller's transaction. */
export async function recordHire(tx: DbOrTx, quoteId: number, companyId: number, offerId: number | null): Promise<void> {
  await tx.execute(sql`
    UPDATE quotes SET status = 'completed', completed_at = now(), outcome = 'hired', hired_company_id = ${companyId},
           hired_offer_id = ${offerId}, decided_at = now(), updated_at = now()
     WHERE id = ${quoteId}`);
  await tx.execute(sql`UPDATE companies SET hire_count = hire_count + 1 WHERE id = ${companyId}`);
}

export async function recordClose(tx: DbOrTx, quoteId: number, reason: CloseReason, note: string | null): Promise<void> {
  await tx.execute(sql`
    UPDATE quotes SET status = 'completed', completed_at = now(), outcome = 'closed', close_reason = ${reason},
           close_note = ${note}, decided_at = now(), updated_at = now()
     WHERE id = ${quoteId}`);
}

/**
 * Undoes a hire's count when the request it completed stops being a hire (an administrator
 * reopens or deletes it): the outcome is cleared and the company's count goes down, once.
 */
export async function forgetHireOf(tx: DbOrTx, quoteId: number): Promise<void> {
  await tx.execute(sql`
    WITH forgotten AS (
      SELECT hired_company_id FROM quotes WHERE id = ${quoteId} AND outcome = 'hired' AND hired_company_id IS NOT NULL FOR UPDATE
    )
    UPDATE companies c SET hire_count = greatest(c.hire_count - 1, 0) FROM forgotten f WHERE c.id = f.hired_company_id`);
  await tx.execute(sql`
    UPDATE quotes SET outcome = NULL, hired_company_id = NULL, hired_offer_id = NULL, close_reason = NULL, close_note = NULL,
           decided_at = NULL
     WHERE id = ${quoteId} AND outcome IS NOT NULL`);
}

export type OutcomeRow = {
  outcome: 'hired' | 'closed';
  decided_at: Date | string;
  hired_company_id: number | null;
  hired_company_name: string | null;
  accepted_offer: OfferRow | null;
  close_reason: CloseReason | null;
  close_note: string | null;
  /** After a hire: the customer has not reviewed the hired company yet. */
  review_pending: boolean;
};

export async function findOutcome(db: DbOrTx, quoteId: number): Promise<OutcomeRow | undefined> {
  const result = await db.execute<OutcomeRow>(sql`
    SELECT q.outcome, q.decided_at, q.hired_company_id, c.name AS hired_company_name,
           ${offerJsonById(sql`q.hired_offer_id`)} AS accepted_offer, q.close_reason, q.close_note,
           (q.hired_company_id IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM ratings r WHERE r.user_id = q.user_id AND r.company_id = q.hired_company_id)) AS review_pending
      FROM quotes q LEFT JOIN companies c ON c.id = q.hired_company_id
     WHERE q.id = ${quoteId} AND q.outcome IS NOT NULL`);
  return result.rows[0];
}

export type ComparisonRowData = {
  company_id: number;
  name: string;
  logo: string | null;
  logo_object_id: string | null;
  is_active: boolean;
  average_rating: number | null;
  ratings_count: number;
  hire_count: number;
  reply_median_minutes: number | null;
  reply_sample_size: number;
  /** Minutes from the request's sending to this company's first message on it (null: none yet). */
  first_reply_minutes: number | null;
  response: ResponseStatus;
  offer: OfferRow | null;
  offer_versions: number;
};

/** One row per company of the request, with what the customer compares them on, in one read. */
export async function listComparison(db: DbOrTx, quoteId: number): Promise<ComparisonRowData[]> {
  const result = await db.execute<ComparisonRowData>(sql`
    SELECT c.id AS company_id, c.name, c.logo, c.logo_object_id, c.is_active, c.average_rating::float8 AS average_rating,
           c.ratings_count, c.hire_count, c.reply_median_minutes, c.reply_sample_size,
           floor(extract(epoch FROM (first_reply.at - coalesce(q.submitted_at, q.created_at))) / 60)::int AS first_reply_minutes,
           CASE WHEN qc.declined_at IS NOT NULL THEN 'declined'
                WHEN qc.closed_at IS NOT NULL THEN 'closed'
                WHEN first_reply.at IS NOT NULL THEN 'replied'
                ELSE 'waiting' END AS response,
           ${standingOfferJson(sql`qc.quote_id`, sql`qc.company_id`)} AS offer,
           (SELECT count(*)::int FROM quote_offers o WHERE o.quote_id = qc.quote_id AND o.company_id = qc.company_id) AS offer_versions
      FROM quote_companies qc JOIN companies c ON c.id = qc.company_id JOIN quotes q ON q.id = qc.quote_id
           -- The company's first message on the request: whether it replied, and how fast.
           CROSS JOIN LATERAL (SELECT min(m.created_at) AS at FROM messages m
                                WHERE m.quote_id = qc.quote_id AND m.company_id = qc.company_id AND m.sender_type = 'company') first_reply
     WHERE qc.quote_id = ${quoteId}
     ORDER BY c.name, c.id`);
  return result.rows;
}

/** The customer's contact, for what they choose to share with the company they hire. */
export async function findCustomerContact(
  db: DbOrTx,
  userId: number,
): Promise<{ first_name: string; last_name: string; email: string; phone_number: string | null } | undefined> {
  const result = await db.execute<{ first_name: string; last_name: string; email: string; phone_number: string | null }>(sql`
    SELECT first_name, last_name, email, phone_number FROM users WHERE id = ${userId}`);
  return result.rows[0];
}
