/** GET /api/rules: the figures behind the public page "How coins and ranking work". */
import { z } from 'zod';

export const RulesSchema = z.object({
  /** Coins a company's first reply to a request costs, per category (later replies are free). */
  replyCosts: z.array(z.object({ categoryId: z.number(), categoryName: z.string(), cost: z.number() })),
  /** Days after which a paid first reply the customer has not opened is refunded automatically. */
  unreadReplyRefundDays: z.number(),
  /** Companies one quote request may go to; 0 is no cap. */
  maxCompaniesPerQuote: z.number(),
  /** The largest weekly coin cap a company can set, and the longest pause with a return date. */
  maxWeeklyCoinCap: z.number(),
  maxPauseDays: z.number(),
  /** A service area's largest radius (miles from the company's ZIP code) and longest list of ZIP codes. */
  maxServiceRadiusMiles: z.number(),
  maxServiceZips: z.number(),
  /** Bad-lead reports: the window after paying, the duplicate rule's days, and the reasons. */
  leadReportWindowDays: z.number(),
  duplicateLeadDays: z.number(),
  leadReportReasons: z.array(z.string()),
  /**
   * When a reported lead's coins come back, in the words the page shows: built from the same
   * constants the reports are decided with.
   */
  leadCreditRules: z.array(z.string()),
  /** Days without a new message after which a sent request completes by itself (0: never). */
  quoteInactivityDays: z.number(),
  /** What an offer is and commits to, and how long it may be valid. */
  offerRules: z.array(z.string()),
  maxOfferValidDays: z.number(),
  /** What a hire is, what counts on a profile, and how hired reviews are marked. */
  hireRules: z.array(z.string()),
  /** What the product counts for businesses' and the operator's figures, and how long it keeps it. */
  countingRules: z.array(z.string()),
  /** How long each kind of personal data is kept, and which job deletes it (the privacy page shows them). */
  retentionRules: z.array(z.string()),
});
export type Rules = z.infer<typeof RulesSchema>;
