/**
 * The audit log: every change an administrator makes — who, what,
 * the record before and after, when — written in the transaction of the change itself.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';

export interface AuditEntryInput {
  actorUserId: number;
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Dates become ISO strings and undefined fields disappear, so the JSON reads the same everywhere. */
const snapshot = (value: unknown) => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

export async function recordAudit(db: DbOrTx, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}

export type AuditRow = {
  id: number;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
  actor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  total: number;
};

export async function listAudit(db: DbOrTx, limit: number, offset: number, entityType?: string): Promise<AuditRow[]> {
  const result = await db.execute<AuditRow>(sql`
    SELECT a.id::int AS id, a.action, a.entity_type, a.entity_id, a.before, a.after, a.created_at,
           u.id AS actor_id, u.first_name, u.last_name, u.email, count(*) OVER ()::int AS total
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id
     ${entityType ? sql`WHERE a.entity_type = ${entityType}` : sql``}
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}
