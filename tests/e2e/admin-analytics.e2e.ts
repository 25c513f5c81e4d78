/**
 * The operator's analytics screen: an admin opens it from the dashboard, reads figures that match
 * a known day of activity, switches the period and the interval (kept in the address), reads the
 * funnel, the category table and the searches that found nothing, and downloads a table as CSV —
 * at 1280 and 375 px, with axe and a quiet console.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

describe('the Analytics screen', () => {
  it('shows an admin the figures, the funnel, the categories and unmet searches, and downloads CSV', async () => {
    const db = journey.server.db;
    const admin = await createUser(db, { firstName: 'Ada', isAdmin: true, isVerified: true });
    const owner = await createUser(db, { isVerified: true });
    const customer = await createUser(db, { isVerified: true });
    const company = await createCompany(db, { name: 'Funnel Plumbing', ownerId: owner.id });
    // Today: two requests sent, one answered after 30 minutes for 5 coins; a purchase of 100 coins.
    // Sent a minute into the day (UTC), so that they fall on today, and in this week, at any hour.
    const startOfToday = sql.raw(`(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`);
    for (const answered of [true, false]) {
      const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
      await db.execute(sql`UPDATE quotes SET submitted_at = ${startOfToday} + interval '1 minute' WHERE id = ${quote.id}`);
      if (answered) {
        await db.execute(sql`INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
          VALUES (${quote.id}, ${company.id}, ${owner.id}, 'company', 'We can come', ${startOfToday} + interval '31 minutes')`);
        await db.execute(sql`INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id)
          VALUES (${owner.id}, -5, 'reply_charge', ${`reply:${quote.id}:${company.id}`}, ${quote.id}, ${company.id})`);
      }
    }
    await db.execute(sql`INSERT INTO payments (user_id, provider, provider_intent_id, package_type, coins, amount_cents, currency, status, credited_at)
      VALUES (${owner.id}, 'test', 'pi_analytics_journey', 'small', 100, 1999, 'usd', 'succeeded', now())`);
    await db.execute(sql`INSERT INTO search_log (day, words, place, searches, empty_searches)
      VALUES ((now() AT TIME ZONE 'UTC')::date, 'chimney sweep', '59001', 4, 4)`);

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin');
    await page.getByRole('link', { name: /Analytics.*Sign-ups/ }).click();
    await page.waitForURL(/\/admin\/analytics/);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();

    await expect.poll(() => page.getByTestId('analytics-Requests sent').textContent()).toBe('2');
    expect(await page.getByTestId('analytics-Replied to').textContent()).toBe('50%');
    expect(await page.getByTestId('analytics-Median first reply').textContent()).toBe('30 min');
    expect(await page.getByTestId('analytics-Revenue').textContent()).toBe('$19.99');
    expect(await page.getByTestId('analytics-Coins spent').textContent()).toBe('5');

    const funnel = page.getByRole('region', { name: 'From a search to a hire' });
    await funnel.getByText(/^4$/).first().waitFor();
    await funnel.getByText(/^2 · /).waitFor();

    const categories = page.getByRole('table', { name: /by category/ });
    const row = categories
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') })
      .first();
    // The busiest category comes first: the company's, with its two requests, one answered.
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('2');
    expect(await row.getByRole('cell').nth(5).textContent()).toBe('50%');

    const unmet = page.getByRole('table', { name: /did not find/ });
    await unmet.getByRole('cell', { name: 'chimney sweep' }).waitFor();
    await unmet.getByRole('cell', { name: '59001' }).waitFor();

    // The period and the interval are kept in the address, both of them when the second is
    // changed before the address has caught up with the first (here: in the same task).
    await page.evaluate(() => {
      const choose = (label: string, value: string) => {
        const id = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)?.htmlFor;
        const select = document.getElementById(id ?? '') as HTMLSelectElement;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      };
      choose('Period', '90');
      choose('Interval', 'week');
    });
    await page.waitForURL(/days=90&interval=week/);
    const series = page.getByRole('table', { name: /by week/ });
    await series.getByRole('columnheader', { name: 'Week from' }).waitFor();
    expect(await series.getByRole('row').count()).toBeGreaterThanOrEqual(13);
    await expectAccessible(page, 'admin analytics');
    await screenshot(page, 'admin-analytics-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: /Figures by week/ })
        .getByRole('link', { name: 'Download CSV' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-series-\d{4}-\d{2}-\d{2}-90d-week\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^"week from","Sign-ups"/);
    const header = csv[0].replaceAll('"', '').split(',');
    const last = csv[csv.length - 1].replaceAll('"', '').split(',');
    expect(last[header.indexOf('Requests sent')]).toBe('2');
    expect(last[header.indexOf('Revenue (USD)')]).toBe('19.99');

    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectAccessible(page, 'admin analytics at 375 px');
    await screenshot(page, 'admin-analytics-375');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
