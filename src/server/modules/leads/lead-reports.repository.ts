/** Bad-lead reports and what deciding them reads. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { LEAD_REPORT_REASONS, LEAD_REPORT_STATUSES } from '@/server/db/schema';

export type LeadReportRow = {
  id: number;
  quote_id: number;
  company_id: number;
  reporter_user_id: number | null;
  reason: (typeof LEAD_REPORT_REASONS)[number];
  note: string | null;
  status: (typeof LEAD_REPORT_STATUSES)[number];
  coins: number;
  decided_by_user_id: number | null;
  decision_reason: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
};

/**
 * What reporting a lead needs to know: when the reply was paid and what it cost (none: not paid),
 * whether its coins already came back, and whether it duplicates an earlier request (see
 * `duplicateOfPaidRequestSql`).
 */
export async function findReportableLead(
  db: DbOrTx,
  quoteId: number,
  companyId: number,
  duplicateDays: number,
): Promise<ReportableLead> {
  const result = await db.execute<{
    paid_at: Date | string | null;
    coins: number | null;
    refunded: boolean;
    duplicate: boolean;
    job_zip: string | null;
    service_name: string | null;
    outside_service_area: boolean | null;
    outside_services: boolean | null;
  }>(sql`
    SELECT charge.created_at AS paid_at, -charge.delta AS coins,
           q.zip AS job_zip, s.name AS service_name, qc.outside_service_area, qc.outside_services,
           EXISTS (SELECT 1 FROM coin_ledger WHERE reference = ${`refund:${quoteId}:${companyId}`}) AS refunded,
           ${duplicateOfPaidRequestSql(quoteId, companyId, duplicateDays)} AS duplicate
      FROM (SELECT 1) one
      LEFT JOIN coin_ledger charge ON charge.reference = ${`reply:${quoteId}:${companyId}`}
      LEFT JOIN quotes q ON q.id = ${quoteId}
      LEFT JOIN subcategories s ON s.id = q.subcategory_id
      LEFT JOIN quote_companies qc ON qc.quote_id = ${quoteId} AND qc.company_id = ${companyId}`);
  const row = result.rows[0];
  return {
    paidAt: row.paid_at === null ? null : new Date(row.paid_at),
    coins: row.coins ?? 0,
    refunded: row.refunded,
    duplicate: row.duplicate,
    jobZip: row.job_zip,
    serviceName: row.service_name,
    outsideServiceArea: row.outside_service_area,
    outsideServices: row.outside_services,
  };
}

/**
 * Whether request `quoteId` repeats one the company already paid to answer: the same customer,
 * the same job (the same category and service, the same known ZIP code), sent within
 * `days` before it — strictly before, so of two requests sent together only the later one is the
 * repeat — and the earlier one still open or completed within those days. The company must have
 * paid for its reply to the earlier request and kept that payment: a request it ignored, or one
 * whose coins came back, makes nothing a duplicate.
 */
function duplicateOfPaidRequestSql(quoteId: number, companyId: number, days: number) {
  const sentAt = (q: string) => sql.raw(`coalesce(${q}.submitted_at, ${q}.created_at)`);
  return sql`EXISTS (
    SELECT 1 FROM quotes this
      JOIN quotes earlier ON earlier.user_id = this.user_id AND earlier.id <> this.id AND earlier.status <> 'draft'
      JOIN quote_companies eqc ON eqc.quote_id = earlier.id AND eqc.company_id = ${companyId}
      JOIN coin_ledger paid ON paid.reference = 'reply:' || earlier.id || ':' || ${companyId}::int
     WHERE this.id = ${quoteId}
       AND NOT EXISTS (SELECT 1 FROM coin_ledger back WHERE back.reference = 'refund:' || earlier.id || ':' || ${companyId}::int)
       AND earlier.category_id = this.category_id
       AND earlier.subcategory_id IS NOT DISTINCT FROM this.subcategory_id
       AND earlier.zip = this.zip
       AND (${sentAt('earlier')}, earlier.id) < (${sentAt('this')}, this.id)
       AND ${sentAt('earlier')} >= ${sentAt('this')} - make_interval(days => ${days}::int)
       AND (earlier.status <> 'completed'
            OR coalesce(earlier.completed_at, earlier.updated_at) >= ${sentAt('this')} - make_interval(days => ${days}::int)))`;
}

export interface ReportableLead {
  paidAt: Date | null;
  coins: number;
  refunded: boolean;
  duplicate: boolean;
  /** The job's ZIP code and service as the request was sent, and whether the company's preferences of that day left them out. */
  jobZip: string | null;
  serviceName: string | null;
  outsideServiceArea: boolean | null;
  outsideServices: boolean | null;
}

/** Inserts the report; undefined when this lead was already reported (one report per lead). */
export async function insertLeadReport(
  tx: DbOrTx,
  values: { quoteId: number; companyId: number; reporterUserId: number; reason: string; note: string | null; coins: number },
): Promise<LeadReportRow | undefined> {
  const result = await tx.execute<LeadReportRow>(sql`
    INSERT INTO lead_reports (quote_id, company_id, reporter_user_id, reason, note, coins)
    VALUES (${values.quoteId}, ${values.companyId}, ${values.reporterUserId}, ${values.reason}, ${values.note}, ${values.coins})
    ON CONFLICT (quote_id, company_id) DO NOTHING
    RETURNING *`);
  return result.rows[0];
}

export async function findLeadReport(db: DbOrTx, quoteId: number, companyId: number): Promise<LeadReportRow | undefined> {
  const result = await db.execute<LeadReportRow>(
    sql`SELECT * FROM lead_reports WHERE quote_id = ${quoteId} AND company_id = ${companyId}`,
  );
  return result.rows[0];
}

export async function lockLeadReport(tx: DbOrTx, id: number): Promise<LeadReportRow | undefined> {
  const result = await tx.execute<LeadReportRow>(sql`SELECT * FROM lead_reports WHERE id = ${id} FOR UPDATE`);
  return result.rows[0];
}

export async function decideLeadReport(
  tx: DbOrTx,
  id: number,
  decision: { status: Exclude<LeadReportRow['status'], 'pending'>; decidedByUserId: number | null; reason: string },
): Promise<LeadReportRow> {
  const result = await tx.execute<LeadReportRow>(sql`
    UPDATE lead_reports SET status = ${decision.status}, decided_by_user_id = ${decision.decidedByUserId},
           decision_reason = ${decision.reason}, decided_at = now()
     WHERE id = ${id}
    RETURNING *`);
  return result.rows[0];
}

/** Several reporters' reports by outcome, in one statement (the admin queue's page). */
export async function countReportsOfEach(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { pending: number; credited: number; refused: number }>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute<{ user_id: number; pending: number; credited: number; refused: number }>(sql`
    SELECT reporter_user_id AS user_id,
           count(*) FILTER (WHERE status = 'pending')::int AS pending,
           count(*) FILTER (WHERE status = 'credited')::int AS credited,
           count(*) FILTER (WHERE status = 'refused')::int AS refused
      FROM lead_reports WHERE reporter_user_id IN (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})
     GROUP BY reporter_user_id`);
  return new Map(result.rows.map(({ user_id, ...counts }) => [user_id, counts]));
}

/** A reporter's reports by outcome. */
export async function countReportsOf(
  db: DbOrTx,
  userId: number,
): Promise<{ pending: number; credited: number; refused: number }> {
  const result = await db.execute<{ pending: number; credited: number; refused: number }>(sql`
    SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
           count(*) FILTER (WHERE status = 'credited')::int AS credited,
           count(*) FILTER (WHERE status = 'refused')::int AS refused
      FROM lead_reports WHERE reporter_user_id = ${userId}`);
  return result.rows[0];
}

export type QueueRow = LeadReportRow & {
  quote_name: string;
  quote_description: string;
  company_name: string;
  customer_name: string;
  reporter_name: string | null;
  reporter_email: string | null;
  message_count: number;
  messages: { sender_type: 'user' | 'company'; message: string | null; has_image: boolean; created_at: string }[];
  job_zip: string | null;
  service_name: string | null;
  outside_service_area: boolean | null;
  outside_services: boolean | null;
  total: number;
};

/** The admin queue: reports of one status, oldest pending first (newest decided first), with context. */
export async function listLeadReports(
  db: DbOrTx,
  status: LeadReportRow['status'],
  limit: number,
  offset: number,
): Promise<QueueRow[]> {
  const order = status === 'pending' ? sql`r.created_at ASC, r.id ASC` : sql`r.decided_at DESC, r.id DESC`;
  const result = await db.execute<QueueRow>(sql`
    SELECT r.*, q.quote_name, q.description AS quote_description, c.name AS company_name,
           trim(cu.first_name || ' ' || cu.last_name) AS customer_name,
           trim(rep.first_name || ' ' || rep.last_name) AS reporter_name, rep.email AS reporter_email,
           (SELECT count(*)::int FROM messages m WHERE m.quote_id = r.quote_id AND m.company_id = r.company_id) AS message_count,
           (SELECT coalesce(json_agg(x ORDER BY x.created_at, x.id), '[]'::json) FROM (
              SELECT m.id, m.sender_type, m.message, m.image_object_id IS NOT NULL AS has_image, m.created_at
                FROM messages m WHERE m.quote_id = r.quote_id AND m.company_id = r.company_id
               ORDER BY m.created_at, m.id LIMIT 50) x) AS messages,
           q.zip AS job_zip, s.name AS service_name, qc.outside_service_area, qc.outside_services,
           count(*) OVER ()::int AS total
      FROM lead_reports r
      JOIN quotes q ON q.id = r.quote_id
      LEFT JOIN subcategories s ON s.id = q.subcategory_id
      LEFT JOIN quote_companies qc ON qc.quote_id = r.quote_id AND qc.company_id = r.company_id
      JOIN companies c ON c.id = r.company_id
      JOIN users cu ON cu.id = q.user_id
      LEFT JOIN users rep ON rep.id = r.reporter_user_id
     WHERE r.status = ${status}
     ORDER BY ${order}
     LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}

/** The request's name and the company's name and owner, for a decision's ledger note and mail. */
export async function findReportParty(tx: DbOrTx, quoteId: number, companyId: number) {
  const result = await tx.execute<{ quote_name: string; company_name: string; owner_id: number | null }>(sql`
    SELECT q.quote_name, c.name AS company_name, c.owner_id
      FROM quotes q, companies c WHERE q.id = ${quoteId} AND c.id = ${companyId}`);
  const row = result.rows[0];
  return {
    quote: { id: quoteId, quoteName: row.quote_name },
    company: { id: companyId, name: row.company_name, ownerId: row.owner_id },
  };
}
