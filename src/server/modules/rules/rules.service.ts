/**
 * The published rules: every figure the page "How coins and ranking work" shows comes
 * from here, and here from the constants and settings the code itself decides with, so the page
 * cannot drift from what the product does.
 */
import { DUPLICATE_LEAD_DAYS, LEAD_REPORT_REASON_LABELS, LEAD_REPORT_WINDOW_DAYS } from '@/shared/schemas/lead-reports';
import { MAX_PAUSE_DAYS, MAX_SERVICE_RADIUS_MILES, MAX_SERVICE_ZIPS, MAX_WEEKLY_COIN_CAP } from '@/shared/schemas/leads';
import {
  BROWSER_SESSION_DAYS,
  REMEMBER_ME_SESSION_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  VERIFY_TOKEN_TTL_HOURS,
} from '@/shared/constants';
import { MAX_OFFER_VALID_DAYS, MIN_OFFER_VALID_DAYS } from '@/shared/schemas/offers';
import type { Rules } from '@/shared/schemas/rules';
import type { CategoriesService } from '../categories/categories.service';
import { REFUND_AFTER_DAYS } from '../coins/reply-refunds.service';
import { DEFAULT_BRAND } from '@/shared/brand';
import type { PlatformSettingsService } from '../settings/platform-settings.service';

export class RulesService {
  constructor(
    private readonly categories: CategoriesService,
    private readonly settings: PlatformSettingsService,
    /** ANALYTICS_RETENTION_DAYS: how long the search log is kept. */
    private readonly analyticsRetentionDays: number,
    /** How long the other personal data is kept (configured): the published retention schedule. */
    private readonly retention: RetentionFigures = DEFAULT_RETENTION,
    /** The operator's site name now (the brand), which the hire rules name. */
    private readonly siteName: () => string = () => DEFAULT_BRAND.name,
  ) {}

  async rules(): Promise<Rules> {
    const [replyCosts, maxCompaniesPerQuote, quoteInactivityDays] = await Promise.all([
      this.categories.replyCosts(),
      this.settings.maxCompaniesPerQuote(),
      this.settings.quoteInactivityDays(),
    ]);
    return {
      replyCosts,
      unreadReplyRefundDays: REFUND_AFTER_DAYS,
      maxCompaniesPerQuote,
      maxWeeklyCoinCap: MAX_WEEKLY_COIN_CAP,
      maxPauseDays: MAX_PAUSE_DAYS,
      maxServiceRadiusMiles: MAX_SERVICE_RADIUS_MILES,
      maxServiceZips: MAX_SERVICE_ZIPS,
      leadReportWindowDays: LEAD_REPORT_WINDOW_DAYS,
      duplicateLeadDays: DUPLICATE_LEAD_DAYS,
      leadReportReasons: Object.values(LEAD_REPORT_REASON_LABELS),
      leadCreditRules: LEAD_CREDIT_RULES,
      quoteInactivityDays,
      offerRules: OFFER_RULES,
      maxOfferValidDays: MAX_OFFER_VALID_DAYS,
      hireRules: hireRules(this.siteName()),
      countingRules: countingRules(this.analyticsRetentionDays),
      retentionRules: retentionRules({ ...this.retention, analyticsRetentionDays: this.analyticsRetentionDays }),
    };
  }
}

/** What modules/insight counts, and for how long. */
const countingRules = (retentionDays: number) => [
  "Each time a business appears on a page of search results or of a category, one appearance is counted for it that day; each visit to its page counts one view (its owner's own visits do not). These counts are per business and day and name no visitor.",
  'For each request, we keep which kind of page the customer chose the business from (search results, a category page or their favourites), so that a business can see where its requests come from.',
  `What customers search for is counted per day by the words and the place they typed, with how often nothing was found. It never records who searched. These words are deleted after ${retentionDays} days; the daily totals without the words are kept.`,
  "A business's owner sees its own figures (views, appearances, requests, replies, hires, coins) and may receive a weekly summary of them, which can be switched off in the notification preferences. Administrators see totals for the whole site and per category.",
];

export interface RetentionFigures {
  /** OUTBOX_RETENTION_DAYS */
  outboxRetentionDays: number;
  /** DATA_EXPORT_LINK_HOURS */
  dataExportLinkHours: number;
}
const DEFAULT_RETENTION: RetentionFigures = { outboxRetentionDays: 14, dataExportLinkHours: 48 };

/**
 * How long each kind of personal data is kept and which job deletes it, in the words the privacy
 * page shows; docs/privacy.md lists the same per column. The figures are the configured ones.
 */
export const retentionRules = (figures: RetentionFigures & { analyticsRetentionDays: number }) => [
  `Your account (name, e-mail address, phone, password, notification choices) is kept while you have an account. Deleting your account erases it at once; the account's number stays, named "Former customer" or "Former member", because payments, coin movements and other people's conversations refer to it.`,
  `Sign-in sessions (when, from which browser and address) last ${BROWSER_SESSION_DAYS} days, or ${REMEMBER_ME_SESSION_DAYS} days with "Remember me", from your last visit; ended sessions are deleted every hour (job auth.prune-sessions-and-tokens). Deleting your account ends all of them at once.`,
  `E-mail verification links work for ${VERIFY_TOKEN_TTL_HOURS} hours and password reset links for ${RESET_TOKEN_TTL_MINUTES} minutes; used or expired links are deleted a day later (job auth.prune-sessions-and-tokens).`,
  `E-mails and texts we send lose their links as soon as they are sent and are deleted ${figures.outboxRetentionDays} days later (job notifications.outbox-retention).`,
  `What is searched for is kept ${figures.analyticsRetentionDays} days as words and place only, never who searched (job insight.search-log-retention).`,
  `A copy of your data is kept until you download it or for ${figures.dataExportLinkHours} hours, whichever comes first, then deleted within ten minutes (job privacy.export-retention).`,
  `Images uploaded but never used are deleted after 24 hours (job images.sweep-orphan-uploads). When you delete your account, your unused uploads and your drafts go with it; images on requests you sent and in messages stay with the businesses that received them.`,
  'Requests you sent, messages and reviews are kept while your account exists. When you delete it, they stay where others see them (the businesses you wrote to, a business’s reviews) under "Former customer", without your name or contact details.',
  'Coin movements and payments are kept for our accounts; after you delete your account they no longer name you.',
  'Counts of failed sign-ins and other limits are kept until their window ends, at most a day (job limits.prune-windows).',
  'After an account is deleted, a check runs every hour for a week and erases anything of it that a simultaneous action may have written (job privacy.deleted-accounts-sweep).',
];

/** What offers are, as modules/offers does them. */
const OFFER_RULES = [
  `A business may add a price to its reply: a fixed price, an hourly rate, or a range, with what it includes and how long it is valid (${MIN_OFFER_VALID_DAYS} to ${MAX_OFFER_VALID_DAYS} days). An offer is an estimate: it binds neither side, and the final price is agreed between the customer and the business.`,
  'An offer is part of a reply. A business that sends its first reply as an offer pays the reply price once; revising or withdrawing an offer costs nothing.',
  'Until the customer hires or closes the request, the business can revise its offer (every earlier version stays visible to the customer) or withdraw it.',
];

/**
 * The close reasons as the hire rules list them, written out so that the list is translated by
 * its words like any other sentence (rules.test.ts holds it to CLOSE_REASON_LABELS).
 */
export const CLOSE_REASONS_IN_A_SENTENCE = 'hired someone elsewhere, no longer needed, too expensive, other';

/** What a hire is, as modules/hires and the reviews do it, on the operator's site. */
const hireRules = (site: string) => [
  `A hire is the customer choosing, on their request, one business that replied, with its offer if it made one. Hiring completes the request; the other businesses that replied are told, and the hired one receives the contact details the customer chose to share.`,
  `The number of hires on a business's page counts requests that ended with the customer hiring it here. Businesses cannot edit it; if an administrator reopens or removes such a request, it stops counting.`,
  `A customer may also close a request without hiring, with a reason (${CLOSE_REASONS_IN_A_SENTENCE}). A closed request counts as a hire for no one.`,
  `After a hire the customer is invited to review the business. A review by a customer who hired the business through ${site} is marked "Hired through ${site}", with the job's category and month. Other reviews keep the usual rule: only customers who sent the business a request may review it.`,
  'Search and category pages do not sort or filter by hires.',
];

/**
 * What the lead-report code does (lead-reports.service.ts and its repository, the submit's
 * left-out companies in quote-lifecycle.service.ts), said for businesses. A credit is for what a
 * business could not know before it paid.
 */
const LEAD_CREDIT_RULES = [
  `A request reaches only businesses that take it in: one whose service area does not cover the job's ZIP code, or that does not take the job's service, is left out when the customer sends it, and the customer is told before sending.`,
  `Before paying for a first reply, a business sees how many businesses got the request and how many replied, and whether the job was outside its service area or services as they stood when it was sent. A lead it replied to knowing that cannot be reported as "${LEAD_REPORT_REASON_LABELS.outside_area}" or "${LEAD_REPORT_REASON_LABELS.wrong_service}".`,
  `A duplicate is credited at once: the same customer's request for the same job (the same category, service and ZIP code) that the business already paid to answer, sent in the ${DUPLICATE_LEAD_DAYS} days before and still open or completed within them. Of two requests sent together, only the later is the duplicate; a request the business ignored, or one whose coins came back, makes nothing a duplicate.`,
  `Every other report is decided by an administrator, with the reason, and the business gets an e-mail. When the coins already came back another way (an unopened reply), the decision says so and adds nothing.`,
  `A lead is credited once at most, and a credited lead's conversation closes for both sides.`,
];
