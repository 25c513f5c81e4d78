/**
 * Who may do what with reviews:
 * - a customer who has sent the company a quote request (a submitted quote, not a draft) may review
 *   it, unless it is their own business: 404 "Company not found", 403 "You cannot review your own
 *   business", 403 REVIEW_NEEDS_QUOTE "You can only rate businesses you have requested quotes from";
 * - the review's author, or an administrator, may edit or delete it (an administrator's change is
 *   marked and audited): 404 "Rating not found", 403 "You can only change your own review";
 * - only the owner of the reviewed company (not an administrator) may reply, or take the reply
 *   back: 404 "Rating not found", 403 "Only the owner of this business can reply to its reviews".
 * Each policy hands on what it read: the company to review, or the review itself.
 */
import { forbidden, notFound } from '@/server/lib/app-error';
import { QUOTE_REQUIRED, type RatingRow, type ReviewedCompany } from '@/server/modules/ratings/ratings.service';
import type { SessionUser } from '@/server/modules/users/users.service';
import { definePolicy } from './policy';

const COMPANY_NOT_FOUND = 'Company not found';
const RATING_NOT_FOUND = 'Rating not found';

/** The rules themselves, on what was read. */
export const mayChangeReview = (actor: SessionUser, rating: RatingRow) => rating.userId === actor.id || actor.isAdmin;
export const mayReplyToReview = (actor: SessionUser, company: ReviewedCompany | undefined) =>
  company !== undefined && company.ownerId === actor.id;

/** What the policies read of companies and reviews. RatingsService answers it. */
export interface ReviewAccessReader {
  findReviewedCompany(companyId: number): Promise<ReviewedCompany | undefined>;
  hasSentQuoteTo(userId: number, companyId: number): Promise<boolean>;
  findRating(id: number): Promise<RatingRow | undefined>;
  findRatingWithCompany(id: number): Promise<{ rating: RatingRow; company: ReviewedCompany | undefined } | undefined>;
}

export function reviewPolicies(ratings: ReviewAccessReader) {
  /** Someone who sent the company a quote request, and does not own it (writing a review). */
  const reviewer = definePolicy<{ id: number }, ReviewedCompany>({
    name: 'review.reviewer',
    notFoundMessage: COMPANY_NOT_FOUND,
    async resolve(actor, { id }) {
      const company = await ratings.findReviewedCompany(id);
      if (!company) throw notFound(COMPANY_NOT_FOUND);
      if (company.ownerId === actor.id) throw forbidden('You cannot review your own business');
      if (!(await ratings.hasSentQuoteTo(actor.id, company.id))) throw forbidden(QUOTE_REQUIRED, 'REVIEW_NEEDS_QUOTE');
      return company;
    },
  });

  /** The review's author or an administrator (editing, deleting). */
  const author = definePolicy<{ id: number }, RatingRow>({
    name: 'review.author',
    notFoundMessage: RATING_NOT_FOUND,
    async resolve(actor, { id }) {
      const rating = await ratings.findRating(id);
      if (!rating) throw notFound(RATING_NOT_FOUND);
      if (!mayChangeReview(actor, rating)) throw forbidden('You can only change your own review');
      return rating;
    },
  });

  /** The owner of the reviewed company (replying, taking the reply back). */
  const companyOwner = definePolicy<{ id: number }, RatingRow>({
    name: 'review.companyOwner',
    notFoundMessage: RATING_NOT_FOUND,
    async resolve(actor, { id }) {
      const found = await ratings.findRatingWithCompany(id);
      if (!found) throw notFound(RATING_NOT_FOUND);
      if (!mayReplyToReview(actor, found.company)) {
        throw forbidden('Only the owner of this business can reply to its reviews');
      }
      return found.rating;
    },
  });

  return { reviewer, author, companyOwner };
}

export type ReviewPolicies = ReturnType<typeof reviewPolicies>;
