/**
 * Reviews: only customers who sent a quote to the company may review it, once;
 * authors edit and delete their own; the company's owner answers each review once, publicly.
 * Every change recomputes the company's average and count in the same transaction. A review by a
 * customer who hired the company through a request is marked so, with the job's category and month.
 * Who may review, change or answer is decided by the review policy (src/server/access/review.policy.ts),
 * which reads the company or the review through this service and hands it to the calls below.
 */
import type { Db, DbOrTx } from '@/server/db/client';
import { reopenEditedItem } from '@/server/db/moderated-items';
import { AppError, notFound } from '@/server/lib/app-error';
import type { AdminRating } from '@/shared/schemas/admin';
import type { Rating, RatingBody } from '@/shared/schemas/rating';
import type { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../users/users.service';
import {
  deleteRating,
  eraseRemovedRating,
  findCompanyOwner,
  findRatingById,
  findRatingOfUser,
  findRatingWithAuthor,
  hasRequestedQuoteFrom,
  insertRating,
  isRatingRemoved,
  listRatingsForAdmin,
  listRatingsOfCompany,
  lockCompany,
  markReviewOfHire,
  refreshCompanyRatingFigures,
  setOwnerReply,
  setRatingModeration,
  updateRating,
  type RatingRow,
} from './ratings.repository';

/** A review a moderator removed (or its author deleted while hidden) is never written again. */
const reviewRemoved = () => new AppError('REVIEW_REMOVED', 'A moderator removed your review of this business');

export const QUOTE_REQUIRED = 'You can only rate businesses you have requested quotes from';

/** A company as the review policy reads it: who owns it. */
export interface ReviewedCompany {
  id: number;
  ownerId: number | null;
}

export type { RatingRow } from './ratings.repository';

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
    hired: rating.hiredAt ? { categoryName: rating.hiredCategoryName, hiredAt: rating.hiredAt.toISOString() } : null,
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

  /** The admin screen's list: search by company, comment, author or e-mail; admins edit through update/remove. */
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
        moderationState: row.moderation_state,
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

  // What the review policy reads (src/server/access/review.policy.ts), once per request.

  /** The company to be reviewed, with its owner. */
  findReviewedCompany(companyId: number): Promise<ReviewedCompany | undefined> {
    return findCompanyOwner(this.db, companyId);
  }

  /** Whether the user has sent (not merely drafted) a quote that includes the company. */
  hasSentQuoteTo(userId: number, companyId: number): Promise<boolean> {
    return hasRequestedQuoteFrom(this.db, userId, companyId);
  }

  findRating(id: number): Promise<RatingRow | undefined> {
    return findRatingById(this.db, id);
  }

  /** A review with the owner of the company it is about (undefined when there is no such review). */
  async findRatingWithCompany(id: number): Promise<{ rating: RatingRow; company: ReviewedCompany | undefined } | undefined> {
    const rating = await findRatingById(this.db, id);
    return rating ? { rating, company: await findCompanyOwner(this.db, rating.companyId) } : undefined;
  }

  /** `user`'s review of `company`, which the review policy let them write. */
  async create(user: SessionUser, company: ReviewedCompany, body: RatingBody): Promise<Rating> {
    const companyId = company.id;
    const id = await this.db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const inserted = await insertRating(tx, { userId: user.id, companyId, rating: body.rating, comment: body.comment });
      if (inserted === undefined) {
        if (await isRatingRemoved(tx, user.id, companyId)) throw reviewRemoved();
        throw new AppError('REVIEW_EXISTS', 'You have already reviewed this business');
      }
      await markReviewOfHire(tx, inserted);
      await refreshCompanyRatingFigures(tx, companyId);
      return inserted;
    });
    return toRating(await findRatingWithAuthor(this.db, id));
  }

  /** A new rating and comment from the author, or from an administrator (marked and audited). */
  async update(user: SessionUser, rating: RatingRow, body: RatingBody): Promise<Rating> {
    if (rating.moderationState === 'removed') throw reviewRemoved();
    const byAdmin = rating.userId !== user.id;
    await this.db.transaction(async (tx) => {
      await lockCompany(tx, rating.companyId);
      await updateRating(tx, rating.id, { rating: body.rating, comment: body.comment }, byAdmin);
      // The author's new words for a review a moderator hid go back to the moderators.
      if (!byAdmin && rating.moderationState === 'hidden') await reopenEditedItem(tx, 'review', rating.id, user.id);
      // An author who hired the company since writing reads as a hired customer from now on.
      if (!byAdmin) await markReviewOfHire(tx, rating.id);
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

  async remove(user: SessionUser, rating: RatingRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockCompany(tx, rating.companyId);
      // A review a moderator hid loses its words but keeps its row: deleting it and posting the
      // same words again would slip past the moderators' decision.
      if (rating.moderationState) await eraseRemovedRating(tx, rating.id);
      else await deleteRating(tx, rating.id);
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

  /**
   * A moderator hides (or shows again) a review, in the decision's transaction: the company's
   * average and count leave it out while hidden, exactly as if it were deleted.
   */
  async setHiddenByModerator(tx: DbOrTx, ratingId: number, companyId: number, hidden: boolean): Promise<void> {
    await lockCompany(tx, companyId);
    await setRatingModeration(tx, ratingId, hidden ? 'hidden' : null);
    await refreshCompanyRatingFigures(tx, companyId);
  }

  /** A moderator removes a review for good, in the decision's transaction (the decision is audited there). */
  async removeByModerator(tx: DbOrTx, ratingId: number, companyId: number): Promise<void> {
    await lockCompany(tx, companyId);
    await eraseRemovedRating(tx, ratingId);
    await refreshCompanyRatingFigures(tx, companyId);
  }

  /** The company owner's public answer to the review, or none (null). */
  async saveReply(rating: RatingRow, reply: string | null): Promise<Rating> {
    if (rating.moderationState === 'removed') throw notFound('Rating not found');
    await setOwnerReply(this.db, rating.id, reply);
    return toRating(await findRatingWithAuthor(this.db, rating.id));
  }
}
