/**
 * The admin screen's categories: each category's coin cost of a reply, and the images of
 * categories and subcategories. Every change writes its audit entry in its own transaction.
 */
import type { Db } from '@/server/db/client';
import { notFound } from '@/server/lib/app-error';
import type { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../users/users.service';
import {
  findCategoryById,
  listCoinCosts,
  lockCoinCost,
  lockImageUrl,
  setImageUrl,
  upsertCoinCost,
  type ImageOwner,
} from './categories.repository';

export class CategoriesAdminService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  /** Every category answers, with 0 where no cost was ever set. */
  async listCoinCosts(): Promise<{ categoryId: number; cost: number }[]> {
    return listCoinCosts(this.db);
  }

  async setCoinCost(actor: SessionUser, categoryId: number, cost: number): Promise<{ categoryId: number; cost: number }> {
    await this.db.transaction(async (tx) => {
      if (!(await findCategoryById(tx, categoryId))) throw notFound('Category not found');
      const before = await lockCoinCost(tx, categoryId);
      await upsertCoinCost(tx, categoryId, cost);
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'category.coin_cost',
        entityType: 'category',
        entityId: categoryId,
        before: { cost: before?.cost ?? null },
        after: { cost },
      });
    });
    return { categoryId, cost };
  }

  async setCategoryImage(actor: SessionUser, id: number, imageUrl: string | null) {
    return this.setImage(actor, 'category', id, imageUrl);
  }

  async setSubcategoryImage(actor: SessionUser, id: number, imageUrl: string | null) {
    return this.setImage(actor, 'subcategory', id, imageUrl);
  }

  private async setImage(actor: SessionUser, kind: ImageOwner, id: number, imageUrl: string | null) {
    await this.db.transaction(async (tx) => {
      const before = await lockImageUrl(tx, kind, id);
      if (!before) throw notFound(kind === 'category' ? 'Category not found' : 'Subcategory not found');
      await setImageUrl(tx, kind, id, imageUrl);
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: `${kind}.image`,
        entityType: kind,
        entityId: id,
        before: { imageUrl: before.imageUrl },
        after: { imageUrl },
      });
    });
    return { success: true as const, imageUrl };
  }
}
