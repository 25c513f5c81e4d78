/** Company credentials: the owner's list, the admin queue, decisions and the expiry job's reads. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { CredentialKind, CredentialStatus } from '@/shared/schemas/credentials';

export type CredentialRow = {
  id: number;
  company_id: number;
  kind: CredentialKind;
  number: string;
  issuer: string;
  expires_on: string;
  document_object_id: string;
  document_thumbnail_id: string | null;
  status: CredentialStatus;
  decision_reason: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = sql`cc.id, cc.company_id, cc.kind, cc.number, cc.issuer, to_char(cc.expires_on, 'YYYY-MM-DD') AS expires_on,
  cc.document_object_id, (SELECT so.thumbnail_id FROM stored_objects so WHERE so.id = cc.document_object_id) AS document_thumbnail_id,
  cc.status, cc.decision_reason, cc.decided_at, cc.created_at, cc.updated_at`;

/**
 * A new updated_at that is always later than the old one to the millisecond, the precision an
 * admin's decision carries it back in: a change within the same millisecond still moves it.
 */
const LATER = sql`greatest(now(), updated_at + interval '1 millisecond')`;

export async function listCompanyCredentials(db: DbOrTx, companyId: number): Promise<CredentialRow[]> {
  const result = await db.execute<CredentialRow>(sql`
    SELECT ${COLUMNS} FROM company_credentials cc WHERE cc.company_id = ${companyId} ORDER BY cc.created_at, cc.id`);
  return result.rows;
}

export async function findCredential(db: DbOrTx, companyId: number, id: number): Promise<CredentialRow | undefined> {
  const result = await db.execute<CredentialRow>(sql`
    SELECT ${COLUMNS} FROM company_credentials cc WHERE cc.company_id = ${companyId} AND cc.id = ${id}`);
  return result.rows[0];
}

export async function countCompanyCredentials(db: DbOrTx, companyId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM company_credentials WHERE company_id = ${companyId}`,
  );
  return result.rows[0]?.n ?? 0;
}

/** Locks the company row: submissions of one company queue behind each other (the limit holds). */
export async function lockCompanyRow(
  tx: DbOrTx,
  companyId: number,
): Promise<{ name: string; owner_id: number | null } | undefined> {
  const result = await tx.execute<{ name: string; owner_id: number | null }>(
    sql`SELECT name, owner_id FROM companies WHERE id = ${companyId} FOR UPDATE`,
  );
  return result.rows[0];
}

export interface CredentialValues {
  kind: CredentialKind;
  number: string;
  issuer: string;
  expiresOn: string;
}

export async function insertCredential(
  tx: DbOrTx,
  companyId: number,
  values: CredentialValues,
  documentObjectId: string,
  userId: number,
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    INSERT INTO company_credentials (company_id, kind, number, issuer, expires_on, document_object_id, submitted_by_user_id)
    VALUES (${companyId}, ${values.kind}, ${values.number}, ${values.issuer}, ${values.expiresOn}::date, ${documentObjectId}, ${userId})
    RETURNING id`);
  return result.rows[0].id;
}

/** A replacement: new details (and document, when given), waiting for a decision again. */
export async function replaceCredential(
  tx: DbOrTx,
  companyId: number,
  id: number,
  values: CredentialValues,
  documentObjectId: string,
  userId: number,
): Promise<void> {
  await tx.execute(sql`
    UPDATE company_credentials
       SET kind = ${values.kind}, number = ${values.number}, issuer = ${values.issuer}, expires_on = ${values.expiresOn}::date,
           document_object_id = ${documentObjectId}, status = 'pending', decision_reason = NULL, decided_at = NULL,
           decided_by_user_id = NULL, submitted_by_user_id = ${userId}, recheck_notice_due = false, updated_at = ${LATER}
     WHERE company_id = ${companyId} AND id = ${id}`);
}

/** Deletes the credential; answers its document's object id, or undefined when there was none. */
export async function deleteCredential(tx: DbOrTx, companyId: number, id: number): Promise<string | undefined> {
  const result = await tx.execute<{ document_object_id: string }>(sql`
    DELETE FROM company_credentials WHERE company_id = ${companyId} AND id = ${id} RETURNING document_object_id`);
  return result.rows[0]?.document_object_id;
}

export type LockedCredential = CredentialRow & {
  company_name: string;
  owner_id: number | null;
  /** Today in the company's time zone, YYYY-MM-DD. */
  company_today: string;
};

/** Today in the company's time zone, YYYY-MM-DD; undefined for no such company. */
export async function companyToday(db: DbOrTx, companyId: number): Promise<string | undefined> {
  const result = await db.execute<{ today: string }>(
    sql`SELECT to_char((now() AT TIME ZONE time_zone)::date, 'YYYY-MM-DD') AS today FROM companies WHERE id = ${companyId}`,
  );
  return result.rows[0]?.today;
}

/** The company a credential belongs to (it never moves), unlocked: to lock that company first. */
export async function credentialCompanyId(db: DbOrTx, id: number): Promise<number | undefined> {
  const result = await db.execute<{ company_id: number }>(sql`SELECT company_id FROM company_credentials WHERE id = ${id}`);
  return result.rows[0]?.company_id;
}

/**
 * Holds the company's name and owner still until the transaction ends: a decision vouches for
 * them, and a rename waits for it (then sends what was verified back to a re-check). Taken before
 * the credential's lock, in the order the owner's edits take them, so the two never deadlock.
 */
export async function shareCompanyRow(tx: DbOrTx, companyId: number): Promise<boolean> {
  const result = await tx.execute(sql`SELECT 1 FROM companies WHERE id = ${companyId} FOR SHARE`);
  return result.rows.length > 0;
}

export async function lockCredential(tx: DbOrTx, id: number): Promise<LockedCredential | undefined> {
  const result = await tx.execute<LockedCredential>(sql`
    SELECT ${COLUMNS}, c.name AS company_name, c.owner_id,
           to_char((now() AT TIME ZONE c.time_zone)::date, 'YYYY-MM-DD') AS company_today
      FROM company_credentials cc JOIN companies c ON c.id = cc.company_id
     WHERE cc.id = ${id} FOR UPDATE OF cc`);
  return result.rows[0];
}

export async function decideCredential(
  tx: DbOrTx,
  id: number,
  decision: { status: 'verified' | 'rejected'; reason: string | null; adminId: number },
): Promise<void> {
  await tx.execute(sql`
    UPDATE company_credentials
       SET status = ${decision.status}, decision_reason = ${decision.reason}, decided_by_user_id = ${decision.adminId},
           decided_at = now(), recheck_notice_due = false, updated_at = ${LATER}
     WHERE id = ${id}`);
}

export type QueueRow = CredentialRow & {
  company_name: string;
  owner_name: string | null;
  owner_email: string | null;
  total: number;
};

/**
 * The admin queue: waiting ones first (pending and needs re-check, oldest first), then the rest,
 * latest change first; or one status.
 */
export async function listCredentialQueue(
  db: DbOrTx,
  status: CredentialStatus | undefined,
  limit: number,
  offset: number,
): Promise<QueueRow[]> {
  const result = await db.execute<QueueRow>(sql`
    SELECT ${COLUMNS}, c.name AS company_name,
           CASE WHEN u.id IS NULL THEN NULL ELSE trim(u.first_name || ' ' || u.last_name) END AS owner_name, u.email AS owner_email,
           count(*) OVER ()::int AS total
      FROM company_credentials cc
      JOIN companies c ON c.id = cc.company_id
      LEFT JOIN users u ON u.id = c.owner_id
     ${status ? sql`WHERE cc.status = ${status}` : sql``}
     ORDER BY (cc.status IN ('pending', 'needs_recheck')) DESC,
              CASE WHEN cc.status IN ('pending', 'needs_recheck') THEN cc.updated_at END ASC,
              cc.updated_at DESC, cc.id
     LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}

export type NoticeRow = {
  id: number;
  kind: CredentialKind;
  number: string;
  expires_on: string;
  company_id: number;
  company_name: string;
  /**
   * Who is mailed, through the notifications service's contact lookup (which skips a deleted
   * account); null for an unclaimed listing.
   */
  owner_id: number | null;
};

/**
 * Credentials whose expiry date has passed become expired: verified ones, and those still waiting
 * for an admin (pending, needs_recheck), which could never be verified any more and would sit in
 * the queue for good. Answers them with the status they had, for the mails. The rows are locked
 * as they are read, so a second node's pass waits and then finds them expired.
 */
export async function expirePastDue(tx: DbOrTx): Promise<(NoticeRow & { was: CredentialStatus })[]> {
  const result = await tx.execute<NoticeRow & { was: CredentialStatus }>(sql`
    WITH due AS (
      SELECT cc.id, cc.status AS was FROM company_credentials cc JOIN companies c ON c.id = cc.company_id
       WHERE cc.status IN ('verified', 'pending', 'needs_recheck')
         -- No zone is more than a day ahead of UTC: this bound lets the expiry index narrow the rows.
         AND cc.expires_on <= (now() AT TIME ZONE 'UTC')::date
         AND cc.expires_on < (now() AT TIME ZONE c.time_zone)::date
         FOR UPDATE OF cc),
    expired AS (
      UPDATE company_credentials cc SET status = 'expired', updated_at = ${LATER}
        FROM due WHERE cc.id = due.id AND cc.status = due.was
      RETURNING cc.id, cc.kind, cc.number, cc.expires_on, cc.company_id, due.was)
    SELECT e.id, e.kind, e.number, to_char(e.expires_on, 'YYYY-MM-DD') AS expires_on, e.company_id, e.was,
           c.name AS company_name, c.owner_id
      FROM expired e JOIN companies c ON c.id = e.company_id`);
  return result.rows;
}

/**
 * Verified credentials expiring within `days` of the company's own today whose owner was not
 * reminded of this expiry date yet: marked reminded in the same statement, so each date is
 * reminded once.
 */
export async function takeDueReminders(tx: DbOrTx, days: number): Promise<NoticeRow[]> {
  const result = await tx.execute<NoticeRow>(sql`
    WITH due AS (
      UPDATE company_credentials cc SET reminded_for_expiry = cc.expires_on
        FROM companies c
       WHERE c.id = cc.company_id AND cc.status = 'verified'
         AND cc.expires_on >= (now() AT TIME ZONE c.time_zone)::date
         AND cc.expires_on <= (now() AT TIME ZONE c.time_zone)::date + ${days}::int
         AND cc.reminded_for_expiry IS DISTINCT FROM cc.expires_on
      RETURNING cc.id, cc.kind, cc.number, cc.expires_on, cc.company_id)
    SELECT d.id, d.kind, d.number, to_char(d.expires_on, 'YYYY-MM-DD') AS expires_on, d.company_id,
           c.name AS company_name, c.owner_id
      FROM due d JOIN companies c ON c.id = d.company_id`);
  return result.rows;
}

export type RecheckNoticeRow = {
  id: number;
  kind: CredentialKind;
  number: string;
  company_id: number;
  company_name: string;
  /** The company's current owner, who is told; null for a company without one now. */
  owner_id: number | null;
  updated_at: Date | string;
};

/**
 * The credentials the re-check trigger flagged, unflagged in the statement that reads them (a
 * second node's pass waits for the rows and then finds none); only those still in needs_recheck
 * are answered: one decided or replaced since has nothing to tell.
 */
export async function takeRecheckNotices(tx: DbOrTx): Promise<RecheckNoticeRow[]> {
  const result = await tx.execute<RecheckNoticeRow>(sql`
    WITH taken AS (
      UPDATE company_credentials SET recheck_notice_due = false
       WHERE recheck_notice_due
      RETURNING id, kind, number, company_id, status, updated_at)
    SELECT t.id, t.kind, t.number, t.company_id, c.name AS company_name, c.owner_id, t.updated_at
      FROM taken t JOIN companies c ON c.id = t.company_id
     WHERE t.status = 'needs_recheck'
     ORDER BY t.company_id, t.kind, t.id`);
  return result.rows;
}
