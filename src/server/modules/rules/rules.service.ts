/**
 * The published rules: every figure the page "How coins and ranking work" shows comes
 * from here, and here from the constants and settings the code itself decides with, so the page
 * cannot drift from what the product does.
 */
import { DUPLICATE_LEAD_DAYS, LEAD_REPORT_REASON_LABELS, LEAD_REPORT_WINDOW_DAYS } from '@/shared/schemas/lead-reports';
import { MAX_PAUSE_DAYS, MAX_SERVICE_RADIUS_MILES, MAX_SERVICE_ZIPS, MAX_WEEKLY_COIN_CAP } from '@/shared/schemas/leads';
import type { Rules } from '@/shared/schemas/rules';
import type { CategoriesService } from '../categories/categories.service';
import { REFUND_AFTER_DAYS } from '../coins/reply-refunds.service';
import type { PlatformSettingsService } from '../settings/platform-settings.service';

export class RulesService {
  constructor(
    private readonly categories: CategoriesService,
    private readonly settings: PlatformSettingsService,
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
    };
  }
}

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
