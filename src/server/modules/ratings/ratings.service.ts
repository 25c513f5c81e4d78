/**
 * Reviews (000 §4–§6): only customers who sent a quote to the company may review it, once;
 * authors edit and delete their own; the company's owner answers each review once, publicly.
 * Every change recomputes the company's average and count in the same transaction.
 */
import type { Db } from '@/server/db/client';
import { AppError, forbidden, notFound } from '@/server/lib/app-error';
import type { AdminRating } from '@/shared/schemas/admin';
import type { Rating, RatingBody } from '@/shared/schemas/rating';
import type { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../users/users.service';
import {
  deleteRating,
  findCompanyOwner,
  findRatingById,
  findRatingOfUser,
  findRatingWithAuthor,
  hasRequestedQuoteFrom,
  insertRating,
  listRatingsForAdmin,
  listRatingsOfCompany,
  lockCompany,
  refreshCompanyRatingFigures,
  setOwnerReply,
  updateRating,
  type RatingRow,
} from './ratings.repository';

export const QUOTE_REQUIRED = 'You can only rate businesses you have requested quotes from';

type WithAuthor = { rating: RatingRow; user: { firstName: string; lastName: string } };

export function toRating({ rating, user }: WithAuthor): Rating {
  return {
    id: rating.id,
    userId: rating.userId,
    companyId: rating.companyId,
    rating: Number(rating.rating),
    comment: rating.comment,
    createdAt: rating.createdAt.toISOString(),
    updatedAt: rating.updatedAt.toISOString(),
    user,
    ownerReply: rating.ownerReply,
    ownerReplyAt: rating.ownerReplyAt?.toISOString() ?? null,
    editedByAdminAt: rating.editedByAdminAt?.toISOString() ?? null,
  };
}

const parseId = (raw: string | number): number | undefined => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

export class RatingsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  /** The admin screen's list (001 §7): search by company, comment, author or e-mail; admins edit through update/remove. */
  async listForAdmin(query: {
    page: number;
    limit: number;
    search?: string;
  }): Promise<{ ratings: AdminRating[]; total: number }> {
    const { rows, total } = await listRatingsForAdmin(this.db, query.limit, (query.page - 1) * query.limit, query.search);
    return {
      ratings: rows.map((row) => ({
        id: row.id,
        rating: Number(row.rating),
        comment: row.comment,
        createdAt: new Date(row.created_at).toISOString(),
        editedByAdminAt: row.edited_by_admin_at === null ? null : new Date(row.edited_by_admin_at).toISOString(),
        user: { firstName: row.first_name, lastName: row.last_name, email: row.email },
        company: { id: row.company_id, name: row.company_name, category: row.category },
      })),
      total,
    };
  }

  async listForCompany(rawCompanyId: string): Promise<Rating[]> {
    const companyId = parseId(rawCompanyId);
    if (!companyId) throw notFound('Company not found');
    return (await listRatingsOfCompany(this.db, companyId)).map(toRating);
  }

  async findOfUser(rawUserId: string, rawCompanyId: string): Promise<Rating | null> {
    const userId = parseId(rawUserId);
    const companyId = parseId(rawCompanyId);
    if (!userId || !companyId) return null;
    const row = await findRatingOfUser(this.db, userId, companyId);
    return row ? toRating(row) : null;
  }

  async canRate(user: SessionUser, rawCompanyId: string): Promise<boolean> {
    const companyId = parseId(rawCompanyId);
    if (!companyId) return false;
    return hasRequestedQuoteFrom(this.db, user.id, companyId);
  }

  /** Whether `user` may review the company at all; asked before the body is read. */
  async assertMayReview(user: SessionUser, rawCompanyId: string): Promise<number> {
    const companyId = parseId(rawCompanyId);
    const company = companyId ? await findCompanyOwner(this.db, companyId) : undefined;
    if (!company || !companyId) throw notFound('Company not found');
    if (company.ownerId === user.id) throw forbidden('You cannot review your own business');
    if (!(await hasRequestedQuoteFrom(this.db, user.id, companyId))) throw forbidden(QUOTE_REQUIRED, 'REVIEW_NEEDS_QUOTE');
    return companyId;
  }

  async create(user: SessionUser, rawCompanyId: string, body: RatingBody): Promise<Rating> {
    const companyId = await this.assertMayReview(user, rawCompanyId);
    const id = await this.db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const inserted = await insertRating(tx, { userId: user.id, companyId, rating: body.rating, comment: body.comment });
      if (inserted === undefined) throw new AppError('REVIEW_EXISTS', 'You have already reviewed this business');
      await refreshCompanyRatingFigures(tx, companyId);
      return inserted;
    });
    return toRating(await findRatingWithAuthor(this.db, id));
  }

  /** The author, or an admin, may change a review; asked before the body is read. */
  async assertCanEdit(user: SessionUser, rawRatingId: string): Promise<RatingRow> {
    const ratingId = parseId(rawRatingId);
    const rating = ratingId ? await findRatingById(this.db, ratingId) : undefined;
    if (!rating) throw notFound('Rating not found');
    if (rating.userId !== user.id && !user.isAdmin) throw forbidden('You can only change your own review');
    return rating;
  }

  async update(user: SessionUser, rawRatingId: string, body: RatingBody): Promise<Rating> {
    const rating = await this.assertCanEdit(user, rawRatingId);
    const byAdmin = rating.userId !== user.id;
    await this.db.transaction(async (tx) => {
      await lockCompany(tx, rating.companyId);
      await updateRating(tx, rating.id, { rating: body.rating, comment: body.comment }, byAdmin);
      await refreshCompanyRatingFigures(tx, rating.companyId);
      if (byAdmin) {
        await this.audit.record(tx, {
          actorUserId: user.id,
          action: 'rating.update',
          entityType: 'rating',
          entityId: rating.id,
          before: { rating: Number(rating.rating), comment: rating.comment },
          after: { rating: body.rating, comment: body.comment },
        });
      }
    });
    return toRating(await findRatingWithAuthor(this.db, rating.id));
  }

  async remove(user: SessionUser, rawRatingId: string): Promise<void> {
    const rating = await this.assertCanEdit(user, rawRatingId);
    await this.db.transaction(async (tx) => {
      await lockCompany(tx, rating.companyId);
      await deleteRating(tx, rating.id);
      await refreshCompanyRatingFigures(tx, rating.companyId);
      if (rating.userId !== user.id) {
        await this.audit.record(tx, {
          actorUserId: user.id,
          action: 'rating.delete',
          entityType: 'rating',
          entityId: rating.id,
          before: { userId: rating.userId, companyId: rating.companyId, rating: Number(rating.rating), comment: rating.comment },
        });
      }
    });
  }

  /** Only the owner of the reviewed company answers; asked before the body is read. */
  async assertCanReply(user: SessionUser, rawRatingId: string): Promise<RatingRow> {
    const ratingId = parseId(rawRatingId);
    const rating = ratingId ? await findRatingById(this.db, ratingId) : undefined;
    if (!rating) throw notFound('Rating not found');
    const company = await findCompanyOwner(this.db, rating.companyId);
    if (!company || company.ownerId !== user.id) throw forbidden('Only the owner of this business can reply to its reviews');
    return rating;
  }

  async saveReply(user: SessionUser, rawRatingId: string, reply: string | null): Promise<Rating> {
    const rating = await this.assertCanReply(user, rawRatingId);
    await setOwnerReply(this.db, rating.id, reply);
    return toRating(await findRatingWithAuthor(this.db, rating.id));
  }
}
