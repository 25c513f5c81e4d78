/**
 * How a request ends: the customer hires one company that replied (with the offer it accepted,
 * if any) or closes the request with a reason. Either completes the request; a hire counts on the
 * hired company's profile, and the customer's review of it is marked "Hired through LocalPros".
 */
import { z } from 'zod';
import { OfferSchema } from './offers';

export const CLOSE_REASONS = ['hired_elsewhere', 'no_longer_needed', 'too_expensive', 'other'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
export const CLOSE_REASON_LABELS: Record<CloseReason, string> = {
  hired_elsewhere: 'Hired someone elsewhere',
  no_longer_needed: 'No longer needed',
  too_expensive: 'Too expensive',
  other: 'Other',
};
export const CLOSE_NOTE_MAX = 500;

/** POST /api/quotes/{id}/hire. */
export const HireBodySchema = z.object({
  companyId: z.number({ error: 'Please choose the company you hire' }).int().positive().max(2_147_483_647),
  /** The company's current offer the customer accepts; none to hire without one. */
  offerId: z.number({ error: 'The offer must be a number' }).int().positive().max(2_147_483_647).nullish(),
  /** What the hired company is told: the customer's e-mail and phone number, when they choose. */
  shareEmail: z.boolean({ error: 'Say whether to share your e-mail address' }).default(true),
  sharePhone: z.boolean({ error: 'Say whether to share your phone number' }).default(false),
});
export type HireBody = z.infer<typeof HireBodySchema>;

/** POST /api/quotes/{id}/close. */
export const CloseBodySchema = z.object({
  reason: z.enum(CLOSE_REASONS, { error: 'Please choose why you are closing the request' }),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(CLOSE_NOTE_MAX, `The note can be at most ${CLOSE_NOTE_MAX} characters`)
    .nullish()
    .transform((value) => value || null),
});
export type CloseBody = z.infer<typeof CloseBodySchema>;

export const QUOTE_DECIDED_MESSAGE = 'This request is already completed';
export const HIRE_NOT_OPEN_MESSAGE = 'Only a request that was sent and is still open can be completed';
export const HIRE_NEEDS_REPLY_MESSAGE = 'You can hire a company once it has replied to your request';
export const HIRE_COMPANY_UNAVAILABLE_MESSAGE = 'This company can no longer be hired on this request';
export const OFFER_CHANGED_MESSAGE = 'This offer has changed: look at the current one before hiring';

/** How the request ended, on the customer's quote page (null while it is open or for other endings). */
export const QuoteOutcomeSchema = z.object({
  outcome: z.enum(['hired', 'closed']),
  decidedAt: z.string(),
  /** The company hired (null when closed, or when the company was deleted since). */
  hiredCompany: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The offer accepted with the hire, as it stood. */
  acceptedOffer: OfferSchema.nullable(),
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  closeNote: z.string().nullable(),
});
export type QuoteOutcome = z.infer<typeof QuoteOutcomeSchema>;

/** A company's side of the outcome, in its inbox and conversation: hired, or another company was. */
export const VENDOR_OUTCOMES = ['hired', 'not_chosen'] as const;
export type VendorOutcome = (typeof VENDOR_OUTCOMES)[number];

export const RESPONSE_STATUSES = ['replied', 'waiting', 'declined', 'closed'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
export const RESPONSE_STATUS_LABELS: Record<ResponseStatus, string> = {
  replied: 'Replied',
  waiting: 'No reply yet',
  declined: 'Not interested',
  closed: 'Conversation closed',
};

/** One company of the customer's comparison. */
export const ComparisonRowSchema = z.object({
  company: z.object({ id: z.number(), name: z.string(), logo: z.string().nullable(), logoObjectId: z.string().nullable() }),
  averageRating: z.number().nullable(),
  ratingsCount: z.number(),
  hireCount: z.number(),
  /** The company's usual time to a first reply (null: too few replies to say). */
  replyMedianMinutes: z.number().nullable(),
  /** How long this company took to first answer this request, in minutes (null: it has not). */
  firstReplyMinutes: z.number().nullable(),
  response: z.enum(RESPONSE_STATUSES),
  /** The company's standing offer on this request (withdrawn: null). */
  offer: OfferSchema.nullable(),
  /** How many versions the offer went through (revisions are shown). */
  offerVersions: z.number(),
  /** The customer may hire it now: it replied, its conversation is open, the request is open. */
  canHire: z.boolean(),
});
export type ComparisonRow = z.infer<typeof ComparisonRowSchema>;

/** GET /api/quotes/{id}/comparison (the customer's). */
export const ComparisonSchema = z.object({
  outcome: QuoteOutcomeSchema.nullable(),
  rows: z.array(ComparisonRowSchema),
  /** After a hire: the customer may review the hired company and has not yet. */
  reviewInvite: z.object({ companyId: z.number(), companyName: z.string() }).nullable(),
});
export type Comparison = z.infer<typeof ComparisonSchema>;

/** A review written by a customer who hired the company through the product. */
export const HiredReviewSchema = z.object({ categoryName: z.string().nullable(), hiredAt: z.string() });

/** What the hired company is told about the customer: only what they chose to share. */
export const HiredContactSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type HiredContact = z.infer<typeof HiredContactSchema>;
