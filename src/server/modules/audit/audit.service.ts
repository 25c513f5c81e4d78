/**
 * The audit log's one writer and reader. Every administrator's change calls `record` inside the
 * transaction of the change itself, so the change and its entry land (or roll back) together.
 */
import type { Db, DbOrTx } from '@/server/db/client';
import { ADMIN_PAGE_SIZES } from '@/shared/schemas/admin';
import { listAudit, recordAudit, type AuditEntryInput } from './audit.repository';

export type { AuditEntryInput } from './audit.repository';

export class AuditService {
  constructor(private readonly db: Db) {}

  async record(tx: DbOrTx, entry: AuditEntryInput): Promise<void> {
    await recordAudit(tx, entry);
  }

  /** One page of the log, newest first, with who did each change. */
  async list(query: { page: number; entityType?: string }) {
    const limit = ADMIN_PAGE_SIZES.audit;
    const rows = await listAudit(this.db, limit, (query.page - 1) * limit, query.entityType);
    return {
      entries: rows.map((row) => ({
        id: row.id,
        action: row.action,
        entityType: row.entity_type,
        entityId: row.entity_id,
        before: row.before,
        after: row.after,
        createdAt: new Date(row.created_at).toISOString(),
        actor:
          row.actor_id === null
            ? null
            : { id: row.actor_id, firstName: row.first_name ?? '', lastName: row.last_name ?? '', email: row.email ?? '' },
      })),
      total: rows[0]?.total ?? 0,
    };
  }
}
