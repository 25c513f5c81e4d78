/**
 * The admin screen's companies: the searchable list, and switching a listing on or off,
 * with its audit entry in the same transaction. Editing a company as an admin goes through
 * CompanyEditingService, as for its owner.
 */
import type { Db } from '@/server/db/client';
import { listingModerated, setListingActive } from '@/server/db/moderated-items';
import { notFound } from '@/server/lib/app-error';
import type { AdminCompanyRow } from '@/shared/schemas/admin';
import type { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../users/users.service';
import { listCompaniesForAdmin, lockCompanyActive } from './companies-admin.repository';

export class CompaniesAdminService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async list(query: { page: number; limit: number; search?: string }): Promise<{ companies: AdminCompanyRow[]; total: number }> {
    const { rows, total } = await listCompaniesForAdmin(this.db, query.limit, (query.page - 1) * query.limit, query.search);
    return {
      companies: rows.map((row) => ({
        id: row.id,
        name: row.name,
        category: row.category,
        city: row.city,
        state: row.state,
        phone: row.phone,
        website: row.website,
        email: row.email,
        address: row.address,
        zip: row.zip,
        isActive: row.is_active,
        avgRating: row.average_rating === null ? null : Number(row.average_rating),
        ratingCount: row.ratings_count,
        ownerId: row.owner_id,
      })),
      total,
    };
  }

  async toggleActive(actor: SessionUser, companyId: number): Promise<{ message: string; isActive: boolean }> {
    const isActive = await this.db.transaction(async (tx) => {
      const before = await lockCompanyActive(tx, companyId);
      if (!before) throw notFound('Company not found');
      // A moderator's hide or removal is undone only by a decision in the moderation queue.
      if ((await setListingActive(tx, companyId, !before.isActive)) === 'moderated') throw listingModerated();
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: before.isActive ? 'company.deactivate' : 'company.activate',
        entityType: 'company',
        entityId: companyId,
        before: { isActive: before.isActive },
        after: { isActive: !before.isActive },
      });
      return !before.isActive;
    });
    return { message: isActive ? 'Company activated successfully' : 'Company deactivated successfully', isActive };
  }
}
