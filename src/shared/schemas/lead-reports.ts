/** Bad-lead reports: a pro reports a lead it paid for; the coins come back once at most. */
import { z } from 'zod';
import { wholeNumberText } from './common';

/** Within this many days of paying for the reply. */
export const LEAD_REPORT_WINDOW_DAYS = 14;
/** A request the same customer sent the same company this many days before counts as a duplicate. */
export const DUPLICATE_LEAD_DAYS = 30;

/**
 * What became of a report. `already_refunded`: an administrator accepted it, but the reply's coins
 * had already come back another way (a reply the customer never opened is refunded by itself), so
 * nothing more was credited; it counts as neither credited nor refused.
 */
export const LEAD_REPORT_STATUSES = ['pending', 'credited', 'refused', 'already_refunded'] as const;
export type LeadReportStatus = (typeof LEAD_REPORT_STATUSES)[number];

export const LEAD_REPORT_REASON_LABELS = {
  unreachable: 'Contact unreachable',
  outside_area: 'Outside my service area',
  wrong_service: 'Wrong service',
  duplicate: 'Duplicate of another request',
  spam: 'Spam',
} as const;
export type LeadReportReason = keyof typeof LEAD_REPORT_REASON_LABELS;
const REASONS = Object.keys(LEAD_REPORT_REASON_LABELS) as [LeadReportReason, ...LeadReportReason[]];

export const LeadReportBodySchema = z.object({
  reason: z.enum(REASONS, { error: 'Choose why this lead was bad' }),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(1000, 'The note must be at most 1000 characters')
    .optional()
    .transform((note) => (note ? note : null)),
});
export type LeadReportBody = z.infer<typeof LeadReportBodySchema>;

export const LeadReportSchema = z.object({
  id: z.number(),
  quoteId: z.number(),
  companyId: z.number(),
  reason: z.enum(REASONS),
  note: z.string().nullable(),
  status: z.enum(LEAD_REPORT_STATUSES),
  coins: z.number(),
  /** True when the product decided by itself (a duplicate it could tell). */
  automatic: z.boolean(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadReport = z.infer<typeof LeadReportSchema>;

/** A pro's reports so far: shown beside the form, so mostly refused reports are no surprise. */
export const LeadReportHistorySchema = z.object({ pending: z.number(), credited: z.number(), refused: z.number() });
export type LeadReportHistory = z.infer<typeof LeadReportHistorySchema>;

/** GET …/report: this lead's report (or null), whether it can be reported, and the pro's history. */
export const LeadReportStateSchema = z.object({
  report: LeadReportSchema.nullable(),
  /** Why it cannot be reported now (not paid, too late, coins already back), or null. */
  unavailable: z.string().nullable(),
  /** Reasons this lead cannot be reported for, with why (what the cost notice showed before paying). */
  reasonsUnavailable: z.partialRecord(z.enum(REASONS), z.string()),
  history: LeadReportHistorySchema,
});
export type LeadReportState = z.infer<typeof LeadReportStateSchema>;

/** POST /api/admin/lead-reports/{id}/decision */
export const LeadReportDecisionBodySchema = z.object({
  credit: z.boolean({ error: 'Say whether the coins come back' }),
  reason: z
    .string({ error: 'Give the reason for the decision' })
    .trim()
    .min(1, 'Give the reason for the decision')
    .max(1000, 'The reason must be at most 1000 characters'),
});
export type LeadReportDecisionBody = z.infer<typeof LeadReportDecisionBodySchema>;

export const NOT_PAID_MESSAGE = 'You can report a lead only after paying for your reply to it';
export const TOO_LATE_MESSAGE = `Leads can be reported within ${LEAD_REPORT_WINDOW_DAYS} days of paying for the reply`;
export const ALREADY_BACK_MESSAGE = 'The coins for this reply already came back';
export const outsideAreaKnownMessage = (zip: string | null) =>
  `You were told before replying that ${zip ? `ZIP code ${zip}` : 'this job'} was outside your service area, so the lead cannot be credited for that`;
export const wrongServiceKnownMessage = (service: string | null) =>
  `You were told before replying that you do not take requests for ${service ?? 'this service'}, so the lead cannot be credited for that`;
export const ALREADY_REPORTED_MESSAGE = 'You already reported this lead';
export const ALREADY_DECIDED_MESSAGE = 'This report was already decided';

/** GET /api/admin/lead-reports: one status, 20 a page. */
export const LeadReportQueueQuerySchema = z.object({
  status: z.enum(LEAD_REPORT_STATUSES).catch('pending').default('pending'),
  page: wholeNumberText(z.number().int().min(1).max(100_000)).catch(1).default(1),
});

export const LeadReportQueueSchema = z.object({
  total: z.number(),
  reports: z.array(
    LeadReportSchema.extend({
      reasonLabel: z.string(),
      quoteName: z.string(),
      quoteDescription: z.string(),
      companyName: z.string(),
      customerName: z.string(),
      reporter: z.object({ name: z.string(), email: z.string() }).nullable(),
      messageCount: z.number(),
      messages: z.array(
        z.object({
          senderType: z.enum(['user', 'company']),
          message: z.string().nullable(),
          hasImage: z.boolean(),
          createdAt: z.string(),
        }),
      ),
      reporterHistory: LeadReportHistorySchema.nullable(),
      /**
       * The job's ZIP code and service as sent, and whether the company's service area /
       * services of that moment left them out (null: the request did not say).
       */
      job: z.object({
        zip: z.string().nullable(),
        serviceName: z.string().nullable(),
        outsideServiceArea: z.boolean().nullable(),
        outsideServices: z.boolean().nullable(),
      }),
    }),
  ),
});
export type LeadReportQueue = z.infer<typeof LeadReportQueueSchema>;
