/** Reports, moderation cases and their history, and the moderated state of the four kinds of item. */
import { MAX_INT4_ID } from '@/shared/constants';
import { sql } from 'drizzle-orm';
import { toIntArray } from '@/server/db/array-literals';
import type { DbOrTx } from '@/server/db/client';
import type { ModerationCaseStatus, ModerationDecision, ModerationItemType, ModerationReason } from '@/shared/schemas/moderation';

export type CaseRow = {
  id: number;
  item_type: ModerationItemType;
  item_id: number;
  company_id: number | null;
  author_user_id: number | null;
  status: ModerationCaseStatus;
  decision: ModerationDecision | null;
  decision_reason: string | null;
  decided_by_user_id: number | null;
  decided_at: Date | string | null;
  appeal_text: string | null;
  appealed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

export type ReportRow = {
  id: number;
  case_id: number;
  reporter_user_id: number;
  item_type: ModerationItemType;
  item_id: number;
  item_label: string;
  reason: ModerationReason;
  note: string | null;
  outcome: ModerationDecision | null;
  outcome_reason: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
};

const CASE_COLUMNS = sql`id, item_type, item_id::float8 AS item_id, company_id, author_user_id, status, decision, decision_reason,
  decided_by_user_id, decided_at, appeal_text, appealed_at, created_at, updated_at`;
const REPORT_COLUMNS = sql`id, case_id, reporter_user_id, item_type, item_id::float8 AS item_id, item_label, reason, note, outcome,
  outcome_reason, decided_at, created_at`;

/** A reportable item as the rules read it: who wrote it, whose company, and who may see it. */
export interface ItemFacts {
  companyId: number | null;
  companyName: string;
  /** The listing's or photo's owner, the reviewer, the message's sender. */
  authorUserId: number | null;
  moderationState: 'hidden' | 'removed' | null;
  /** For a message: the conversation's two sides and which one sent it. */
  message?: {
    quoteId: number;
    customerId: number;
    ownerId: number | null;
    senderType: 'user' | 'company' | 'system';
    quoteName: string;
  };
}

/**
 * The item (undefined when there is no such item), with its row locked when `lock` is set: a
 * decision changes it. A review's company must be locked first (lockCompanyRow), in the order the
 * ratings service takes them.
 */
export async function findItem(tx: DbOrTx, type: ModerationItemType, id: number, lock: boolean): Promise<ItemFacts | undefined> {
  // Listings, reviews and photos have 32-bit ids (messages 64-bit): a larger one names nothing,
  // and compared with an integer column it would be an SQL error.
  if (type !== 'message' && id > MAX_INT4_ID) return undefined;
  const forUpdate = (of: string) => (lock ? sql.raw(`FOR UPDATE${of ? ` OF ${of}` : ''}`) : sql``);
  if (type === 'company') {
    const r = await tx.execute<{
      id: number;
      owner_id: number | null;
      name: string;
      moderation_state: ItemFacts['moderationState'];
    }>(sql`SELECT id, owner_id, name, moderation_state FROM companies WHERE id = ${id} ${forUpdate('')}`);
    const row = r.rows[0];
    return row && { companyId: row.id, companyName: row.name, authorUserId: row.owner_id, moderationState: row.moderation_state };
  }
  if (type === 'review') {
    const r = await tx.execute<{ user_id: number; company_id: number; name: string; moderation_state: 'hidden' | null }>(sql`
      SELECT r.user_id, r.company_id, c.name, r.moderation_state
        FROM ratings r JOIN companies c ON c.id = r.company_id WHERE r.id = ${id} ${forUpdate('r')}`);
    const row = r.rows[0];
    return (
      row && {
        companyId: row.company_id,
        companyName: row.name,
        authorUserId: row.user_id,
        moderationState: row.moderation_state,
      }
    );
  }
  if (type === 'photo') {
    const r = await tx.execute<{
      company_id: number;
      owner_id: number | null;
      name: string;
      moderation_state: 'hidden' | null;
    }>(sql`
      SELECT ci.company_id, c.owner_id, c.name, ci.moderation_state
        FROM company_images ci JOIN companies c ON c.id = ci.company_id WHERE ci.id = ${id} ${forUpdate('ci')}`);
    const row = r.rows[0];
    return (
      row && {
        companyId: row.company_id,
        companyName: row.name,
        authorUserId: row.owner_id,
        moderationState: row.moderation_state,
      }
    );
  }
  const r = await tx.execute<{
    quote_id: number;
    sender_id: number | null;
    sender_type: 'user' | 'company' | 'system';
    company_id: number;
    owner_id: number | null;
    name: string;
    customer_id: number;
    quote_name: string;
    moderation_state: ItemFacts['moderationState'];
  }>(sql`
    SELECT m.quote_id, m.sender_id, m.sender_type, m.company_id, c.owner_id, c.name, q.user_id AS customer_id, q.quote_name, m.moderation_state
      FROM messages m JOIN companies c ON c.id = m.company_id JOIN quotes q ON q.id = m.quote_id
     WHERE m.id = ${id} ${forUpdate('m')}`);
  const row = r.rows[0];
  return (
    row && {
      companyId: row.company_id,
      companyName: row.name,
      authorUserId: row.sender_id,
      moderationState: row.moderation_state,
      message: {
        quoteId: row.quote_id,
        customerId: row.customer_id,
        ownerId: row.owner_id,
        senderType: row.sender_type,
        quoteName: row.quote_name,
      },
    }
  );
}

export async function lockCompanyRow(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`);
}

/**
 * The item's case, created on its first report. A report on an item whose case ended with "keep"
 * opens it again (something new was said about it); a hidden item's case stays as decided.
 */
export async function upsertCase(
  tx: DbOrTx,
  values: { itemType: ModerationItemType; itemId: number; companyId: number | null; authorUserId: number | null },
): Promise<CaseRow> {
  const result = await tx.execute<CaseRow>(sql`
    INSERT INTO moderation_cases (item_type, item_id, company_id, author_user_id)
    VALUES (${values.itemType}, ${values.itemId}, ${values.companyId}, ${values.authorUserId})
    ON CONFLICT (item_type, item_id) DO UPDATE
       SET status = CASE WHEN moderation_cases.status = 'decided' AND moderation_cases.decision = 'keep' THEN 'open'
                         ELSE moderation_cases.status END,
           updated_at = now()
    RETURNING ${CASE_COLUMNS}`);
  return result.rows[0];
}

/** Inserts the report; undefined when this person already reported this item. */
export async function insertReport(
  tx: DbOrTx,
  values: {
    caseId: number;
    reporterUserId: number;
    itemType: ModerationItemType;
    itemId: number;
    itemLabel: string;
    reason: ModerationReason;
    note: string | null;
    outcome?: { decision: ModerationDecision; reason: string | null };
  },
): Promise<ReportRow | undefined> {
  const outcome = values.outcome ?? null;
  const result = await tx.execute<ReportRow>(sql`
    INSERT INTO moderation_reports (case_id, reporter_user_id, item_type, item_id, item_label, reason, note, outcome, outcome_reason, decided_at)
    VALUES (${values.caseId}, ${values.reporterUserId}, ${values.itemType}, ${values.itemId}, ${values.itemLabel}, ${values.reason},
            ${values.note}, ${outcome?.decision ?? null}, ${outcome?.reason ?? null}, ${outcome ? sql`now()` : null})
    ON CONFLICT (reporter_user_id, item_type, item_id) DO NOTHING
    RETURNING ${REPORT_COLUMNS}`);
  return result.rows[0];
}

export async function insertEvent(
  tx: DbOrTx,
  values: { caseId: number; kind: 'report' | 'decision' | 'appeal' | 'edit'; actorUserId: number | null; detail: object },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO moderation_events (case_id, kind, actor_user_id, detail)
    VALUES (${values.caseId}, ${values.kind}, ${values.actorUserId}, ${JSON.stringify(values.detail)}::jsonb)`);
}

export async function lockCase(tx: DbOrTx, id: number): Promise<CaseRow | undefined> {
  const result = await tx.execute<CaseRow>(sql`SELECT ${CASE_COLUMNS} FROM moderation_cases WHERE id = ${id} FOR UPDATE`);
  return result.rows[0];
}

export async function findCase(db: DbOrTx, id: number): Promise<CaseRow | undefined> {
  const result = await db.execute<CaseRow>(sql`SELECT ${CASE_COLUMNS} FROM moderation_cases WHERE id = ${id}`);
  return result.rows[0];
}

export async function setCaseDecision(
  tx: DbOrTx,
  id: number,
  decision: { decision: ModerationDecision; reason: string; adminId: number },
): Promise<CaseRow> {
  const result = await tx.execute<CaseRow>(sql`
    UPDATE moderation_cases SET status = 'decided', decision = ${decision.decision}, decision_reason = ${decision.reason},
           decided_by_user_id = ${decision.adminId}, decided_at = now(), updated_at = now()
     WHERE id = ${id}
    RETURNING ${CASE_COLUMNS}`);
  return result.rows[0];
}

export async function setCaseAppealed(tx: DbOrTx, id: number, text: string): Promise<CaseRow> {
  const result = await tx.execute<CaseRow>(sql`
    UPDATE moderation_cases SET status = 'appealed', appeal_text = ${text}, appealed_at = now(), updated_at = now()
     WHERE id = ${id}
    RETURNING ${CASE_COLUMNS}`);
  return result.rows[0];
}

/**
 * The reports a decision answers: those not answered yet and, when the decision follows an
 * appeal, those the hide it reverses or confirms had answered. Answers the rows as they become.
 */
/**
 * Gives each report of the case the case's new outcome where it differs from the one it holds
 * (none yet, or a hide now undone after an appeal or an edit): answers those, whose reporters are told.
 */
export async function answerReports(
  tx: DbOrTx,
  caseId: number,
  decision: ModerationDecision,
  reason: string,
): Promise<ReportRow[]> {
  const result = await tx.execute<ReportRow>(sql`
    UPDATE moderation_reports SET outcome = ${decision}, outcome_reason = ${reason}, decided_at = now()
     WHERE case_id = ${caseId} AND outcome IS DISTINCT FROM ${decision}
    RETURNING ${REPORT_COLUMNS}`);
  return result.rows;
}

export async function listReportsOf(db: DbOrTx, reporterId: number): Promise<ReportRow[]> {
  const result = await db.execute<ReportRow>(sql`
    SELECT ${REPORT_COLUMNS} FROM moderation_reports WHERE reporter_user_id = ${reporterId}
     ORDER BY created_at DESC, id DESC LIMIT 200`);
  return result.rows;
}

export type AuthoredCaseRow = CaseRow & { item_label: string | null };

/** The author's items a moderator hid or removed (a kept one is theirs again and not listed). */
export async function listModeratedItemsOf(db: DbOrTx, authorId: number): Promise<AuthoredCaseRow[]> {
  const result = await db.execute<AuthoredCaseRow>(sql`
    SELECT mc.id, mc.item_type, mc.item_id::float8 AS item_id, mc.company_id, mc.author_user_id, mc.status, mc.decision,
           mc.decision_reason, mc.decided_by_user_id, mc.decided_at, mc.appeal_text, mc.appealed_at, mc.created_at, mc.updated_at,
           (SELECT r.item_label FROM moderation_reports r WHERE r.case_id = mc.id ORDER BY r.id LIMIT 1) AS item_label
      FROM moderation_cases mc
     WHERE mc.author_user_id = ${authorId} AND mc.decision IN ('hide', 'remove') AND mc.decided_at IS NOT NULL
     ORDER BY mc.decided_at DESC, mc.id DESC LIMIT 200`);
  return result.rows;
}

// ── the moderated state of each kind of item ──

export async function setCompanyModeration(tx: DbOrTx, companyId: number, state: 'hidden' | 'removed' | null): Promise<void> {
  // A hidden or removed listing is inactive, and remembers whether its owner had it listed (the
  // owner may still pause it meanwhile); un-hiding brings it back as its owner last set it.
  // Every right-hand side reads the row as it was before this statement.
  await tx.execute(sql`
    UPDATE companies SET
      moderation_state = ${state},
      active_after_moderation = CASE
        WHEN ${state}::text IS NULL THEN NULL
        WHEN moderation_state IS NULL THEN is_active
        ELSE active_after_moderation END,
      is_active = CASE WHEN ${state}::text IS NULL THEN coalesce(active_after_moderation, is_active) ELSE false END,
      updated_at = now()
     WHERE id = ${companyId}`);
}

export async function setReviewModeration(tx: DbOrTx, ratingId: number, state: 'hidden' | null): Promise<void> {
  await tx.execute(sql`UPDATE ratings SET moderation_state = ${state} WHERE id = ${ratingId}`);
}

export async function setPhotoModeration(tx: DbOrTx, imageId: number, state: 'hidden' | null): Promise<void> {
  await tx.execute(sql`UPDATE company_images SET moderation_state = ${state} WHERE id = ${imageId}`);
}

/** Deletes the photo's row; answers its stored object, for the caller to delete. */
export async function deletePhoto(tx: DbOrTx, imageId: number): Promise<string | undefined> {
  const result = await tx.execute<{ object_id: string }>(
    sql`DELETE FROM company_images WHERE id = ${imageId} RETURNING object_id`,
  );
  return result.rows[0]?.object_id;
}

export async function setMessageModeration(tx: DbOrTx, messageId: number, state: 'hidden' | null): Promise<void> {
  await tx.execute(sql`UPDATE messages SET moderation_state = ${state} WHERE id = ${messageId}`);
}

/** Erases the message's words and image for good, leaving the placeholder; answers the image it had. */
export async function eraseMessage(tx: DbOrTx, messageId: number, placeholder: string): Promise<string | null> {
  const result = await tx.execute<{ image_object_id: string | null }>(sql`
    UPDATE messages m SET message = ${placeholder}, image_object_id = NULL, moderation_state = 'removed'
      FROM (SELECT id, image_object_id FROM messages WHERE id = ${messageId}) old
     WHERE m.id = old.id
    RETURNING old.image_object_id`);
  return result.rows[0]?.image_object_id ?? null;
}

// ── the admin queue ──

export async function listCases(
  db: DbOrTx,
  status: ModerationCaseStatus,
  limit: number,
  offset: number,
): Promise<(CaseRow & { total: number })[]> {
  // Open and appealed: oldest first (first come, first judged); decided: newest first.
  const order = status === 'decided' ? sql`decided_at DESC, id DESC` : sql`updated_at ASC, id ASC`;
  const result = await db.execute<CaseRow & { total: number }>(sql`
    SELECT ${CASE_COLUMNS}, count(*) OVER ()::int AS total FROM moderation_cases
     WHERE status = ${status} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}

export type CaseReportRow = ReportRow & { reporter_name: string; reporter_email: string };

export async function listCaseReports(db: DbOrTx, caseIds: number[]): Promise<CaseReportRow[]> {
  if (caseIds.length === 0) return [];
  const result = await db.execute<CaseReportRow>(sql`
    SELECT r.id, r.case_id, r.reporter_user_id, r.item_type, r.item_id::float8 AS item_id, r.item_label, r.reason, r.note, r.outcome,
           r.outcome_reason, r.decided_at, r.created_at,
           trim(u.first_name || ' ' || u.last_name) AS reporter_name, u.email AS reporter_email
      FROM moderation_reports r JOIN users u ON u.id = r.reporter_user_id
     WHERE r.case_id = ANY(${toIntArray(caseIds)}::int[])
     ORDER BY r.created_at, r.id`);
  return result.rows;
}

/** Each reporter's reports, and those a moderator upheld (hid or removed the item), in one statement for the page. */
export async function countReportsOfEach(
  db: DbOrTx,
  reporterIds: number[],
): Promise<Map<number, { reportsMade: number; reportsUpheld: number }>> {
  if (reporterIds.length === 0) return new Map();
  const result = await db.execute<{ reporter_user_id: number; made: number; upheld: number }>(sql`
    SELECT reporter_user_id, count(*)::int AS made, count(*) FILTER (WHERE outcome IN ('hide', 'remove'))::int AS upheld
      FROM moderation_reports WHERE reporter_user_id = ANY(${toIntArray(reporterIds)}::int[])
     GROUP BY reporter_user_id`);
  return new Map(result.rows.map((r) => [r.reporter_user_id, { reportsMade: r.made, reportsUpheld: r.upheld }]));
}

export type AuthorRecordRow = {
  case_id: number;
  id: number;
  name: string;
  email: string;
  created_at: Date | string;
  earlier_hidden: number;
  earlier_removed: number;
};

/**
 * Each case's author: their account and their other items a moderator hid or removed, in one
 * statement for the page. Counted per case (an author may have several cases on the page), so that
 * the case itself never counts as an earlier one, whatever it became since the page was listed.
 */
export async function listAuthorRecords(db: DbOrTx, caseIds: number[]): Promise<AuthorRecordRow[]> {
  if (caseIds.length === 0) return [];
  const result = await db.execute<AuthorRecordRow>(sql`
    SELECT c.id AS case_id, u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, u.created_at,
           count(mc.id) FILTER (WHERE mc.decision = 'hide')::int AS earlier_hidden,
           count(mc.id) FILTER (WHERE mc.decision = 'remove')::int AS earlier_removed
      FROM moderation_cases c
      JOIN users u ON u.id = c.author_user_id
      LEFT JOIN moderation_cases mc ON mc.author_user_id = u.id AND mc.id <> c.id AND mc.decision IN ('hide', 'remove')
     WHERE c.id = ANY(${toIntArray(caseIds)}::int[])
     GROUP BY c.id, u.id`);
  return result.rows;
}

export type EventRow = {
  case_id: number;
  kind: 'report' | 'decision' | 'appeal' | 'edit';
  actor_name: string | null;
  detail: Record<string, unknown>;
  created_at: Date | string;
};

export async function listCaseEvents(db: DbOrTx, caseIds: number[]): Promise<EventRow[]> {
  if (caseIds.length === 0) return [];
  const result = await db.execute<EventRow>(sql`
    SELECT e.case_id, e.kind, trim(u.first_name || ' ' || u.last_name) AS actor_name, e.detail, e.created_at
      FROM moderation_events e LEFT JOIN users u ON u.id = e.actor_user_id
     WHERE e.case_id = ANY(${toIntArray(caseIds)}::int[])
     ORDER BY e.created_at, e.id`);
  return result.rows;
}

export type CompanyContextRow = {
  id: number;
  name: string;
  description: string;
  city: string;
  state: string;
  category_name: string;
  is_active: boolean;
  average_rating: number | null;
  ratings_count: number;
  moderation_state: 'hidden' | 'removed' | null;
};

export async function listCompanyContexts(db: DbOrTx, companyIds: number[]): Promise<CompanyContextRow[]> {
  if (companyIds.length === 0) return [];
  const result = await db.execute<CompanyContextRow>(sql`
    SELECT c.id, c.name, c.description, c.city, c.state, cat.name AS category_name, c.is_active,
           c.average_rating::float8 AS average_rating, c.ratings_count, c.moderation_state
      FROM companies c JOIN categories cat ON cat.id = c.category_id WHERE c.id = ANY(${toIntArray(companyIds)}::int[])`);
  return result.rows;
}

export type ReviewContextRow = {
  id: number;
  rating: number;
  comment: string | null;
  author_name: string;
  created_at: Date | string;
  moderation_state: 'hidden' | null;
};

export async function listReviewContexts(db: DbOrTx, ratingIds: number[]): Promise<ReviewContextRow[]> {
  if (ratingIds.length === 0) return [];
  const result = await db.execute<ReviewContextRow>(sql`
    SELECT r.id, r.rating::float8 AS rating, r.comment, trim(u.first_name || ' ' || u.last_name) AS author_name, r.created_at,
           r.moderation_state
      FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.id = ANY(${toIntArray(ratingIds)}::int[])`);
  return result.rows;
}

export type PhotoContextRow = { id: number; object_id: string; caption: string | null; moderation_state: 'hidden' | null };

export async function listPhotoContexts(db: DbOrTx, imageIds: number[]): Promise<PhotoContextRow[]> {
  if (imageIds.length === 0) return [];
  const result = await db.execute<PhotoContextRow>(sql`
    SELECT id, object_id, caption, moderation_state FROM company_images WHERE id = ANY(${toIntArray(imageIds)}::int[])`);
  return result.rows;
}

export type ContextMessageRow = {
  /** The reported message this row is the context of. */
  target_id: number;
  id: number;
  quote_id: number;
  quote_name: string;
  sender_type: 'user' | 'company' | 'system';
  sender_name: string | null;
  message: string | null;
  has_image: boolean;
  moderation_state: 'hidden' | 'removed' | null;
  created_at: Date | string;
};

/**
 * Each reported message with up to five messages on either side of it in its conversation, in one
 * statement for the page; rows in order of each conversation, a message near two reported ones
 * listed for each.
 */
export async function listMessagesAround(db: DbOrTx, messageIds: number[]): Promise<ContextMessageRow[]> {
  if (messageIds.length === 0) return [];
  const result = await db.execute<ContextMessageRow>(sql`
    SELECT t.id::float8 AS target_id, a.id::float8 AS id, a.quote_id, q.quote_name, a.sender_type,
           CASE WHEN a.sender_type = 'system' THEN NULL ELSE trim(u.first_name || ' ' || u.last_name) END AS sender_name,
           a.message, a.image_object_id IS NOT NULL AS has_image, a.moderation_state, a.created_at
      FROM unnest(${toIntArray(messageIds)}::bigint[]) AS ids(id)
      JOIN messages t ON t.id = ids.id
     CROSS JOIN LATERAL (
       (SELECT m.* FROM messages m
         WHERE m.quote_id = t.quote_id AND m.company_id = t.company_id AND (m.created_at, m.id) < (t.created_at, t.id)
         ORDER BY m.created_at DESC, m.id DESC LIMIT 5)
       UNION ALL
       (SELECT m.* FROM messages m
         WHERE m.quote_id = t.quote_id AND m.company_id = t.company_id AND (m.created_at, m.id) >= (t.created_at, t.id)
         ORDER BY m.created_at, m.id LIMIT 6)) a
      JOIN quotes q ON q.id = a.quote_id LEFT JOIN users u ON u.id = a.sender_id
     ORDER BY t.id, a.created_at, a.id`);
  return result.rows;
}
