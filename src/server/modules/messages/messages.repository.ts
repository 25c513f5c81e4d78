/** Conversations between a quote's customer and each of its companies, and who has read what. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { HIDDEN_MESSAGE_PLACEHOLDER } from '@/shared/schemas/moderation';
import type { MessageEventKind } from '@/shared/schemas/quote';
import { offerJsonById, standingOfferJson, type OfferRow } from '@/server/db/offer-sql';
import type { VendorOutcome } from '@/shared/schemas/hires';

export type MessageRow = {
  id: number;
  quote_id: number;
  company_id: number;
  sender_id: number | null;
  sender_type: 'user' | 'company' | 'system';
  message: string | null;
  image_object_id: string | null;
  is_read: boolean;
  created_at: Date;
  event: MessageEventKind | null;
  /** The offer version the message made or withdrew. */
  offer: OfferRow | null;
  /** A moderator's: 'hidden' (the other party reads a placeholder), 'removed' (the words are already erased). */
  moderation_state: 'hidden' | 'removed' | null;
};

const MESSAGE_COLUMNS = sql`id::int AS id, quote_id, company_id, sender_id, sender_type, message, image_object_id, is_read, created_at, event,
  ${offerJsonById(sql`offer_id`)} AS offer, moderation_state`;

export async function listThread(db: DbOrTx, quoteId: number, companyId: number): Promise<MessageRow[]> {
  const result = await db.execute<MessageRow>(sql`
    SELECT ${MESSAGE_COLUMNS} FROM messages
     WHERE quote_id = ${quoteId} AND company_id = ${companyId}
     ORDER BY created_at, id`);
  return result.rows;
}

/** Stores a message and marks its quote active now (the inactivity sweeper reads that), in one statement. */
export async function insertMessage(
  db: DbOrTx,
  values: {
    quoteId: number;
    companyId: number;
    senderId: number | null;
    senderType: 'user' | 'company' | 'system';
    message: string | null;
    imageObjectId: string | null;
    event?: MessageEventKind | null;
    offerId?: number | null;
  },
): Promise<MessageRow> {
  // The product's own notes are no one's unread message: they are stored read.
  const result = await db.execute<MessageRow>(sql`
    WITH touched AS (UPDATE quotes SET last_activity_at = now() WHERE id = ${values.quoteId})
    INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, image_object_id, event, offer_id, is_read)
    VALUES (${values.quoteId}, ${values.companyId}, ${values.senderId}, ${values.senderType}, ${values.message},
            ${values.imageObjectId}, ${values.event ?? null}, ${values.offerId ?? null}, ${values.senderType === 'system'})
    RETURNING ${MESSAGE_COLUMNS}`);
  return result.rows[0];
}

/** Marks what the other side sent as read; answers how many changed. */
export async function markThreadRead(
  db: DbOrTx,
  quoteId: number,
  companyId: number,
  senderType: 'user' | 'company',
): Promise<number> {
  const result = await db.execute(sql`
    UPDATE messages SET is_read = true, read_at = now()
     WHERE quote_id = ${quoteId} AND company_id = ${companyId} AND sender_type = ${senderType} AND is_read = false`);
  return result.rowCount ?? 0;
}

export type ConversationRow = {
  company_id: number;
  name: string;
  logo: string | null;
  logo_object_id: string | null;
  unread_count: number;
  last_message: MessageRow | null;
  declined_at: Date | string | null;
  closed_at: Date | string | null;
  offer: OfferRow | null;
  outcome: VendorOutcome | null;
};

/** The company's side of how the request ended, for `q` (quotes) and `c` (companies) of the outer query. */
const VENDOR_OUTCOME = sql`CASE WHEN q.outcome = 'hired' AND q.hired_company_id = c.id THEN 'hired'
  WHEN q.outcome IS NOT NULL THEN 'not_chosen' END`;

/** One row per company of the quote (or of `companyIds`), with its last message and what the viewer has not read. */
export async function listConversations(
  db: DbOrTx,
  quoteId: number,
  unreadFrom: 'user' | 'company',
  companyIds?: number[],
): Promise<ConversationRow[]> {
  const only = companyIds
    ? sql`AND c.id IN (${sql.join(
        companyIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute<ConversationRow>(sql`
    SELECT c.id AS company_id, c.name, c.logo, c.logo_object_id, qc.declined_at, qc.closed_at,
           ${standingOfferJson(sql`qc.quote_id`, sql`qc.company_id`)} AS offer, ${VENDOR_OUTCOME} AS outcome,
           (SELECT count(*)::int FROM messages m
             WHERE m.quote_id = ${quoteId} AND m.company_id = c.id AND m.sender_type = ${unreadFrom} AND m.is_read = false) AS unread_count,
           (SELECT row_to_json(x) FROM (
              SELECT ${MESSAGE_COLUMNS} FROM messages m
               WHERE m.quote_id = ${quoteId} AND m.company_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) x) AS last_message
      FROM quote_companies qc JOIN companies c ON c.id = qc.company_id JOIN quotes q ON q.id = qc.quote_id
     WHERE qc.quote_id = ${quoteId} ${only}
     ORDER BY c.name, c.id`);
  return result.rows;
}

/**
 * The conversation's row locked until the transaction ends: a message, a decline and a report's
 * credit of the same conversation take it first, so "Not interested" and a first reply cannot
 * both happen, and no message lands after the lead was credited. Answers when the company
 * declined and when a credit closed it (or null); undefined when the company is not in the quote.
 */
export async function lockConversation(
  tx: DbOrTx,
  quoteId: number,
  companyId: number,
): Promise<{ declinedAt: Date | null; closedAt: Date | null } | undefined> {
  const result = await tx.execute<{ declined_at: Date | string | null; closed_at: Date | string | null }>(sql`
    SELECT declined_at, closed_at FROM quote_companies WHERE quote_id = ${quoteId} AND company_id = ${companyId} FOR UPDATE`);
  const row = result.rows[0];
  const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));
  return row && { declinedAt: dateOf(row.declined_at), closedAt: dateOf(row.closed_at) };
}

/** Closes the conversation (the lead's coins came back on the company's report), under its row lock; once. */
export async function markClosed(tx: DbOrTx, quoteId: number, companyId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE quote_companies SET closed_at = coalesce(closed_at, now()) WHERE quote_id = ${quoteId} AND company_id = ${companyId}`);
}

/** Marks the conversation declined now; answers the time stored. */
export async function markDeclined(tx: DbOrTx, quoteId: number, companyId: number): Promise<Date> {
  const result = await tx.execute<{ declined_at: Date | string }>(sql`
    UPDATE quote_companies SET declined_at = now() WHERE quote_id = ${quoteId} AND company_id = ${companyId}
    RETURNING declined_at`);
  return new Date(result.rows[0].declined_at);
}

export async function hasCompanyReplied(db: DbOrTx, quoteId: number, companyId: number): Promise<boolean> {
  const result = await db.execute<{ replied: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM messages WHERE quote_id = ${quoteId} AND company_id = ${companyId} AND sender_type = 'company') AS replied`);
  return result.rows[0]?.replied ?? false;
}

/**
 * The competition for one request as a company sees it before paying: how many
 * companies it went to, how many of them replied, and whether this one did.
 */
export async function findCompetition(
  db: DbOrTx,
  quoteId: number,
  companyId: number,
): Promise<{
  companyCount: number;
  repliedCount: number;
  hasReplied: boolean;
  outsideServiceArea: boolean | null;
  outsideServices: boolean | null;
}> {
  const result = await db.execute<{
    company_count: number;
    replied_count: number;
    has_replied: boolean;
    outside_service_area: boolean | null;
    outside_services: boolean | null;
  }>(sql`
    SELECT (SELECT count(*)::int FROM quote_companies WHERE quote_id = ${quoteId}) AS company_count,
           (SELECT count(DISTINCT company_id)::int FROM messages WHERE quote_id = ${quoteId} AND sender_type = 'company') AS replied_count,
           EXISTS (SELECT 1 FROM messages WHERE quote_id = ${quoteId} AND company_id = ${companyId} AND sender_type = 'company') AS has_replied,
           own.outside_service_area, own.outside_services
      FROM (SELECT 1) one
      LEFT JOIN quote_companies own ON own.quote_id = ${quoteId} AND own.company_id = ${companyId}`);
  const row = result.rows[0];
  return {
    companyCount: row.company_count,
    repliedCount: row.replied_count,
    hasReplied: row.has_replied,
    outsideServiceArea: row.outside_service_area,
    outsideServices: row.outside_services,
  };
}

/** Who answers for a company in a conversation: its owner (none for an unclaimed listing) and its name. */
export async function findCompanyParty(db: DbOrTx, companyId: number): Promise<{ ownerId: number | null; companyName: string }> {
  const result = await db.execute<{ owner_id: number | null; name: string }>(sql`
    SELECT c.owner_id, c.name FROM companies c WHERE c.id = ${companyId}`);
  const row = result.rows[0];
  return { ownerId: row?.owner_id ?? null, companyName: row?.name ?? '' };
}

/** Unread messages to a customer across their quotes (from companies). */
export async function countUnreadForCustomer(db: DbOrTx, userId: number, quoteId?: number, companyId?: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM messages m JOIN quotes q ON q.id = m.quote_id
     WHERE q.user_id = ${userId} AND m.sender_type = 'company' AND m.is_read = false
       ${quoteId === undefined ? sql`` : sql`AND m.quote_id = ${quoteId}`}
       ${companyId === undefined ? sql`` : sql`AND m.company_id = ${companyId}`}`);
  return result.rows[0]?.n ?? 0;
}

/** Unread messages to a vendor across their companies (from customers). */
export async function countUnreadForVendor(db: DbOrTx, userId: number, quoteId?: number, companyId?: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM messages m JOIN companies c ON c.id = m.company_id
     WHERE c.owner_id = ${userId} AND m.sender_type = 'user' AND m.is_read = false
       ${quoteId === undefined ? sql`` : sql`AND m.quote_id = ${quoteId}`}
       ${companyId === undefined ? sql`` : sql`AND m.company_id = ${companyId}`}`);
  return result.rows[0]?.n ?? 0;
}

export type VendorQuoteRow = {
  quote_id: number;
  company_id: number;
  company_name: string;
  quote_name: string;
  description: string;
  status: 'draft' | 'submitted' | 'in_progress' | 'completed';
  user_first_name: string;
  user_last_name: string;
  unread_count: number;
  last_sender_type: 'user' | 'company' | 'system' | null;
  last_message: string | null;
  last_event: MessageEventKind | null;
  last_message_at: Date | null;
  created_at: Date;
  declined_at: Date | null;
  closed_at: Date | null;
  job_zip: string | null;
  outside_service_area: boolean | null;
  outside_services: boolean | null;
  outcome: VendorOutcome | null;
};

/** Every submitted quote sent to a company the vendor owns, latest activity first. */
export async function listVendorQuotes(db: DbOrTx, userId: number): Promise<VendorQuoteRow[]> {
  const result = await db.execute<VendorQuoteRow>(sql`
    SELECT q.id AS quote_id, c.id AS company_id, c.name AS company_name, q.quote_name, q.description, q.status,
           u.first_name AS user_first_name, u.last_name AS user_last_name,
           (SELECT count(*)::int FROM messages m
             WHERE m.quote_id = q.id AND m.company_id = c.id AND m.sender_type = 'user' AND m.is_read = false) AS unread_count,
           last.sender_type AS last_sender_type,
           -- The vendor's own hidden message reads as written, like in the thread; the customer's as the placeholder.
           CASE WHEN last.moderation_state = 'hidden' AND last.sender_type <> 'company' THEN ${HIDDEN_MESSAGE_PLACEHOLDER} ELSE last.message END AS last_message,
           last.event AS last_event,
           last.created_at AS last_message_at,
           q.created_at, qc.declined_at, qc.closed_at,
           q.zip AS job_zip, qc.outside_service_area, qc.outside_services, ${VENDOR_OUTCOME} AS outcome
      FROM companies c
      JOIN quote_companies qc ON qc.company_id = c.id
      JOIN quotes q ON q.id = qc.quote_id AND q.status <> 'draft'
      JOIN users u ON u.id = q.user_id
      LEFT JOIN LATERAL (
        SELECT m.sender_type, m.message, m.event, m.created_at, m.moderation_state FROM messages m
         WHERE m.quote_id = q.id AND m.company_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) last ON true
     WHERE c.owner_id = ${userId}
     ORDER BY coalesce(last.created_at, q.submitted_at, q.created_at) DESC, q.id DESC
     LIMIT 500`);
  return result.rows;
}

export async function isCompanyInQuote(db: DbOrTx, quoteId: number, companyId: number): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM quote_companies WHERE quote_id = ${quoteId} AND company_id = ${companyId}) AS found`);
  return result.rows[0]?.found ?? false;
}
