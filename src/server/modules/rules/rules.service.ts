/**
 * The published rules (issue 19): every figure the page "How coins and ranking work" shows comes
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
    const [replyCosts, maxCompaniesPerQuote] = await Promise.all([
      this.categories.replyCosts(),
      this.settings.maxCompaniesPerQuote(),
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
    };
  }
}
