/** The published rules: the page's figures are the ones the code decides with. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { DEFAULT_MAX_COMPANIES_PER_QUOTE } from '@/shared/constants';
import { DUPLICATE_LEAD_DAYS, LEAD_REPORT_REASON_LABELS, LEAD_REPORT_WINDOW_DAYS } from '@/shared/schemas/lead-reports';
import { MAX_PAUSE_DAYS, MAX_SERVICE_RADIUS_MILES, MAX_SERVICE_ZIPS, MAX_WEEKLY_COIN_CAP } from '@/shared/schemas/leads';
import { CLOSE_REASON_LABELS } from '@/shared/schemas/hires';
import { REFUND_AFTER_DAYS } from '../coins/reply-refunds.service';
import { CLOSE_REASONS_IN_A_SENTENCE } from './rules.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ANALYTICS_RETENTION_DAYS: '45', OUTBOX_RETENTION_DAYS: '9', DATA_EXPORT_LINK_HOURS: '36' });
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

describe('GET /api/rules', () => {
  it('answers anyone with every category’s reply cost and the refund, cap and pause figures the code uses', async () => {
    await t.db.execute(
      sql`UPDATE category_coin_costs SET cost = 13 WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
    );
    const answer = await call('GET', '/api/rules');
    expect(answer.statusCode).toBe(200);
    const rules = answer.json();
    expect(rules).toMatchObject({
      unreadReplyRefundDays: REFUND_AFTER_DAYS,
      maxCompaniesPerQuote: DEFAULT_MAX_COMPANIES_PER_QUOTE,
      maxWeeklyCoinCap: MAX_WEEKLY_COIN_CAP,
      maxPauseDays: MAX_PAUSE_DAYS,
      maxServiceRadiusMiles: MAX_SERVICE_RADIUS_MILES,
      maxServiceZips: MAX_SERVICE_ZIPS,
      leadReportWindowDays: LEAD_REPORT_WINDOW_DAYS,
      duplicateLeadDays: DUPLICATE_LEAD_DAYS,
      leadReportReasons: Object.values(LEAD_REPORT_REASON_LABELS),
      quoteInactivityDays: 30,
    });
    // The credit rules name the figures and reasons the code decides with.
    const creditRules = rules.leadCreditRules.join(' ');
    expect(creditRules).toContain(`in the ${DUPLICATE_LEAD_DAYS} days before`);
    expect(creditRules).toContain(`"${LEAD_REPORT_REASON_LABELS.outside_area}"`);
    expect(creditRules).toContain('closes for both sides');
    // What is counted names the search log's retention as configured, and that no searcher is kept.
    const counting = rules.countingRules.join(' ');
    expect(counting).toContain('deleted after 45 days');
    expect(counting).toContain('never records who searched');
    // The retention schedule names every job that deletes personal data, with the configured figures.
    const retention = rules.retentionRules.join(' ');
    for (const job of [
      'auth.prune-sessions-and-tokens',
      'notifications.outbox-retention',
      'insight.search-log-retention',
      'privacy.export-retention',
      'privacy.deleted-accounts-sweep',
      'images.sweep-orphan-uploads',
      'limits.prune-windows',
    ]) {
      expect(retention).toContain(`job ${job}`);
    }
    expect(retention).toContain('deleted 9 days later');
    expect(retention).toContain('kept 45 days');
    expect(retention).toContain('for 36 hours');
    const categories = await t.db.execute<{ name: string }>(sql`SELECT name FROM categories`);
    // Every category once (the order is the database's, by name).
    expect(rules.replyCosts.map((r: { categoryName: string }) => r.categoryName).sort()).toEqual(
      categories.rows.map((c) => c.name).sort(),
    );
    expect(rules.replyCosts).toContainEqual(expect.objectContaining({ categoryName: 'Plumbing Services', cost: 13 }));
    expect(answer.headers['cache-control']).toBe('no-cache');

    // The platform's cap as an admin sets it.
    await t.db.execute(sql`UPDATE platform_settings SET value = '3' WHERE key = 'quote_max_companies'`);
    expect((await call('GET', '/api/rules')).json().maxCompaniesPerQuote).toBe(3);
  });
});

describe('the close reasons the hire rules list', () => {
  it('are the labels a customer chooses from, in their order', () => {
    expect(CLOSE_REASONS_IN_A_SENTENCE).toBe(
      Object.values(CLOSE_REASON_LABELS)
        .map((label) => label.toLowerCase())
        .join(', '),
    );
  });
});
