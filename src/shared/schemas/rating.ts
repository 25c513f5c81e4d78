/** Reviews with the owner's public reply. */
import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from '../constants';
import { HiredReviewSchema } from './hires';

export const RATING_REQUIRED = 'Please select a rating';

export const ratingValue = z
  .number({ error: RATING_REQUIRED })
  .min(RATING_MIN, 'You must select at least 0.5 stars.')
  .max(RATING_MAX, 'Rating must be between 0.5 and 5 stars.')
  .refine((v) => Number.isInteger(v * 2), 'Ratings go in half stars.');

export const RatingSchema = z.object({
  id: z.number(),
  userId: z.number(),
  companyId: z.number(),
  rating: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string() }),
  ownerReply: z.string().nullable(),
  ownerReplyAt: z.string().nullable(),
  /** Set when an administrator changed the review (shown publicly). */
  editedByAdminAt: z.string().nullable(),
  /** Written by a customer who hired the company through the product: the job's category and when. */
  hired: HiredReviewSchema.nullable(),
});
export type Rating = z.infer<typeof RatingSchema>;

/** The review form: rating above 0, optional comment. companyId/userId are accepted and ignored. */
export const RatingBodySchema = z.object({
  rating: z.number({ error: RATING_REQUIRED }).pipe(ratingValue),
  comment: z
    .string()
    .trim()
    .max(2000, 'Comment must be at most 2000 characters')
    .nullish()
    .transform((v) => v || null),
});
export type RatingBody = z.infer<typeof RatingBodySchema>;

export const OwnerReplyBodySchema = z.object({
  reply: z
    .string({ error: 'Reply is required' })
    .trim()
    .min(1, 'Reply is required')
    .max(2000, 'Reply must be at most 2000 characters'),
});
export type OwnerReplyBody = z.infer<typeof OwnerReplyBodySchema>;
