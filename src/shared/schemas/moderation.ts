/**
 * Reports anyone signed in can make (a listing, a review, a message, a company photo) and the
 * moderation queue where admins decide them: keep, hide (the author may appeal once) or remove.
 */
import { z } from 'zod';
import { wholeNumberText } from './common';

export const MODERATION_ITEM_TYPES = ['company', 'review', 'message', 'photo'] as const;
export type ModerationItemType = (typeof MODERATION_ITEM_TYPES)[number];

export const MODERATION_REASON_LABELS = {
  fake_or_spam: 'Fake or spam',
  offensive: 'Offensive',
  wrong_information: 'Wrong information',
  scam_or_fraud: 'Scam or fraud',
  other: 'Other',
} as const;
export type ModerationReason = keyof typeof MODERATION_REASON_LABELS;
const REASONS = Object.keys(MODERATION_REASON_LABELS) as [ModerationReason, ...ModerationReason[]];

export const MODERATION_CASE_STATUSES = ['open', 'appealed', 'decided'] as const;
export type ModerationCaseStatus = (typeof MODERATION_CASE_STATUSES)[number];
export const MODERATION_DECISIONS = ['keep', 'hide', 'remove'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

export const MODERATION_DECISION_LABELS: Record<ModerationDecision, string> = {
  keep: 'Kept',
  hide: 'Hidden',
  remove: 'Removed',
};

export const REPORT_NOTE_MAX = 1000;
export const DECISION_REASON_MAX = 1000;
export const APPEAL_TEXT_MAX = 2000;

/** What the other party of a conversation reads in place of a hidden message. */
export const HIDDEN_MESSAGE_PLACEHOLDER = 'This message was hidden by a moderator.';
/** What a removed message's words become, for both parties. */
export const REMOVED_MESSAGE_PLACEHOLDER = 'This message was removed by a moderator.';
export const REPORT_THANKS = "Thanks — we'll review this and let you know";

export const ALREADY_REPORTED_MESSAGE = 'You already reported this';
export const CASE_DECIDED_MESSAGE = 'This case was already decided';
export const ALREADY_APPEALED_MESSAGE = 'You already appealed this decision';

const itemTypeField = z.enum(MODERATION_ITEM_TYPES, { error: 'Choose what you are reporting' });

/** POST /api/reports */
export const ReportBodySchema = z
  .object({
    itemType: itemTypeField,
    itemId: z
      .number({ error: 'Say which item you are reporting' })
      .int('Say which item you are reporting')
      .positive('Say which item you are reporting')
      .max(Number.MAX_SAFE_INTEGER, 'Say which item you are reporting'),
    reason: z.enum(REASONS, { error: 'Choose a reason' }),
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(REPORT_NOTE_MAX, `The note must be at most ${REPORT_NOTE_MAX} characters`)
      .nullish()
      .transform((note) => (note ? note : null)),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'other' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Tell us what is wrong' });
    }
  });
export type ReportBody = z.infer<typeof ReportBodySchema>;

/** A report as its reporter sees it (POST answer and the "My reports" list). */
export const ReportSchema = z.object({
  id: z.number(),
  itemType: z.enum(MODERATION_ITEM_TYPES),
  itemId: z.number(),
  itemLabel: z.string(),
  reason: z.enum(REASONS),
  note: z.string().nullable(),
  /** open until an admin decides the case; then decided, with the outcome. */
  status: z.enum(['open', 'decided']),
  outcome: z.enum(MODERATION_DECISIONS).nullable(),
  outcomeReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

/** An item of the caller's that a moderator hid or removed (the author's view). */
export const ModeratedItemSchema = z.object({
  caseId: z.number(),
  itemType: z.enum(MODERATION_ITEM_TYPES),
  itemId: z.number(),
  itemLabel: z.string(),
  companyId: z.number().nullable(),
  decision: z.enum(['hide', 'remove']),
  reason: z.string(),
  decidedAt: z.string(),
  status: z.enum(MODERATION_CASE_STATUSES),
  /** The one appeal was used (its text), or null. */
  appealText: z.string().nullable(),
  canAppeal: z.boolean(),
});
export type ModeratedItem = z.infer<typeof ModeratedItemSchema>;

/** POST /api/moderation/cases/{id}/appeal */
export const AppealBodySchema = z.object({
  text: z
    .string({ error: 'Say why the decision should change' })
    .trim()
    .min(1, 'Say why the decision should change')
    .max(APPEAL_TEXT_MAX, `The appeal must be at most ${APPEAL_TEXT_MAX} characters`),
});
export type AppealBody = z.infer<typeof AppealBodySchema>;

/** POST /api/admin/moderation/{id}/decision */
export const ModerationDecisionBodySchema = z.object({
  decision: z.enum(MODERATION_DECISIONS, { error: 'Choose keep, hide or remove' }),
  reason: z
    .string({ error: 'Give the reason for the decision' })
    .trim()
    .min(1, 'Give the reason for the decision')
    .max(DECISION_REASON_MAX, `The reason must be at most ${DECISION_REASON_MAX} characters`),
});
export type ModerationDecisionBody = z.infer<typeof ModerationDecisionBodySchema>;

/** GET /api/admin/moderation: one status, 20 a page. */
export const ModerationQueueQuerySchema = z.object({
  status: z.enum(MODERATION_CASE_STATUSES).catch('open').default('open'),
  page: wholeNumberText(z.number().int().min(1).max(100_000)).catch(1).default(1),
});

const ContextMessageSchema = z.object({
  id: z.number(),
  senderType: z.enum(['user', 'company', 'system']),
  senderName: z.string().nullable(),
  message: z.string().nullable(),
  hasImage: z.boolean(),
  moderationState: z.enum(['hidden', 'removed']).nullable(),
  createdAt: z.string(),
  /** The reported message itself. */
  isReported: z.boolean(),
});

/** The item as the admin judges it, in its context; null fields when it is gone. */
export const ModerationItemContextSchema = z.object({
  exists: z.boolean(),
  moderationState: z.enum(['hidden', 'removed']).nullable(),
  company: z
    .object({
      id: z.number(),
      name: z.string(),
      description: z.string(),
      city: z.string(),
      state: z.string(),
      categoryName: z.string(),
      isActive: z.boolean(),
      averageRating: z.number().nullable(),
      ratingsCount: z.number(),
    })
    .nullable(),
  review: z
    .object({ rating: z.number(), comment: z.string().nullable(), authorName: z.string(), createdAt: z.string() })
    .nullable(),
  photo: z.object({ url: z.string(), caption: z.string().nullable() }).nullable(),
  /** The reported message with up to five messages before and after it in its conversation. */
  conversation: z.object({ quoteId: z.number(), quoteName: z.string(), messages: z.array(ContextMessageSchema) }).nullable(),
});

export const ModerationCaseSchema = z.object({
  id: z.number(),
  itemType: z.enum(MODERATION_ITEM_TYPES),
  itemId: z.number(),
  status: z.enum(MODERATION_CASE_STATUSES),
  decision: z.enum(MODERATION_DECISIONS).nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  appealText: z.string().nullable(),
  appealedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ModerationCase = z.infer<typeof ModerationCaseSchema>;

export const ModerationQueueSchema = z.object({
  total: z.number(),
  cases: z.array(
    ModerationCaseSchema.extend({
      item: ModerationItemContextSchema,
      reports: z.array(
        z.object({
          id: z.number(),
          reason: z.enum(REASONS),
          note: z.string().nullable(),
          createdAt: z.string(),
          reporter: z.object({
            id: z.number(),
            name: z.string(),
            email: z.string(),
            /** Reports this person made so far, and how many of them were upheld (hidden or removed). */
            reportsMade: z.number(),
            reportsUpheld: z.number(),
          }),
        }),
      ),
      author: z
        .object({
          id: z.number(),
          name: z.string(),
          email: z.string(),
          accountCreatedAt: z.string(),
          /** Other items of theirs a moderator hid or removed. */
          earlierHidden: z.number(),
          earlierRemoved: z.number(),
        })
        .nullable(),
      history: z.array(
        z.object({
          kind: z.enum(['report', 'decision', 'appeal', 'edit']),
          actorName: z.string().nullable(),
          detail: z.record(z.string(), z.unknown()),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;
export type ModerationQueueCase = ModerationQueue['cases'][number];
