/**
 * An owner reads what a company's listing brought, in the browser: the Insight tab of the profile
 * shows the figures of a known history (page views, listing appearances, requests, replies, hires,
 * coins, what a hire and a reply cost, the median first reply), where the requests came from, a
 * chart and a table of the days; switching the period changes them; the CSV downloads with the
 * same days; a company with no activity gets its empty state, and a failed load its retry. At 375
 * and 1280 px, with axe finding nothing serious.
 */
import { readFile } from 'node:fs/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

/** `days` days ago (and `minutes` minutes after), as SQL for a timestamp, and the UTC day it falls on. */
const ago = (days: number, minutes = 0) => sql.raw(`(now() - interval '${days} days' + interval '${minutes} minutes')`);
const dayAt = (days: number, minutes = 0) =>
  new Date(Date.now() - days * 86_400_000 + minutes * 60_000).toISOString().slice(0, 10);
const dayAgo = (days: number) => sql.raw(`((now() AT TIME ZONE 'UTC')::date - ${days})`);

/**
 * Requests: 2 days ago from a search (replied after 10 minutes for 5 coins, hired yesterday),
 * 3 days ago from favourites (replied after 30 minutes for 5 coins, given back yesterday),
 * yesterday from the category page (declined), 40 days ago without saying where (replied after
 * 60 minutes for 4 coins, hired 39 days ago). Page views: 3 today, 4 ten days ago. Appearances: 5
 * in search today, 2 on the category page 6 days ago.
 */
async function seedHistory(ownerId: number, companyId: number): Promise<void> {
  const db = journey.server.db;
  const customer = await createUser(db);
  const run = (query: SQL) => db.execute(query);
  const sent = async (daysAgo: number, source: string | null) => {
    const quote = await createQuote(db, { userId: customer.id, companyIds: [companyId] });
    await run(sql`UPDATE quotes SET submitted_at = ${ago(daysAgo)} WHERE id = ${quote.id}`);
    await run(sql`UPDATE quote_companies SET source = ${source} WHERE quote_id = ${quote.id}`);
    return quote.id;
  };
  const reply = async (quoteId: number, daysAgo: number, minutes: number, coins: number) => {
    await run(sql`INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
      VALUES (${quoteId}, ${companyId}, ${ownerId}, 'company', 'We can help', ${ago(daysAgo, minutes)})`);
    await run(sql`INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
      VALUES (${ownerId}, ${-coins}, 'reply_charge', ${`reply:${quoteId}:${companyId}`}, ${quoteId}, ${companyId}, ${ago(daysAgo, minutes)})`);
  };
  const hired = (quoteId: number, daysAgo: number) =>
    run(sql`UPDATE quotes SET status = 'completed', outcome = 'hired', hired_company_id = ${companyId},
      decided_at = ${ago(daysAgo)} WHERE id = ${quoteId}`);

  const first = await sent(2, 'search');
  await reply(first, 2, 10, 5);
  await hired(first, 1);
  const second = await sent(3, 'favorites');
  await reply(second, 3, 30, 5);
  await run(sql`INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
    VALUES (${ownerId}, 5, 'refund', ${`refund:${second}:${companyId}`}, ${second}, ${companyId}, ${ago(1)})`);
  const third = await sent(1, 'category');
  await run(sql`UPDATE quote_companies SET declined_at = ${ago(1, 5)} WHERE quote_id = ${third}`);
  const old = await sent(40, null);
  await reply(old, 40, 60, 4);
  await hired(old, 39);
  for (const [daysAgo, views] of [
    [0, 3],
    [10, 4],
  ]) {
    await run(sql`INSERT INTO company_page_views (company_id, day, views)
      VALUES (${companyId}, to_char(${dayAgo(daysAgo)}, 'YYYY-MM-DD'), ${views})`);
  }
  await run(sql`INSERT INTO company_appearances (company_id, day, source, appearances)
    VALUES (${companyId}, ${dayAgo(0)}, 'search', 5), (${companyId}, ${dayAgo(6)}, 'category', 2)`);
}

const COLUMNS = ['pageViews', 'appearances', 'requests', 'replied', 'hires', 'coinsSpent'] as const;
type Day = Record<(typeof COLUMNS)[number], number>;

/** The figures `seedHistory` gives each of the last `days` days, oldest first. */
function expectedDays(days: number): (Day & { day: string })[] {
  const events: [string, keyof Day, number][] = [
    [dayAt(0), 'pageViews', 3],
    [dayAt(10), 'pageViews', 4],
    [dayAt(0), 'appearances', 5],
    [dayAt(6), 'appearances', 2],
    [dayAt(2), 'requests', 1],
    [dayAt(2), 'replied', 1],
    [dayAt(3), 'requests', 1],
    [dayAt(3), 'replied', 1],
    [dayAt(1), 'requests', 1],
    [dayAt(40), 'requests', 1],
    [dayAt(40), 'replied', 1],
    [dayAt(1), 'hires', 1],
    [dayAt(39), 'hires', 1],
    [dayAt(2, 10), 'coinsSpent', 5],
    [dayAt(3, 30), 'coinsSpent', 5],
    [dayAt(40, 60), 'coinsSpent', 4],
  ];
  return Array.from({ length: days }, (_, index) => {
    const day = dayAt(days - 1 - index);
    const figures: Day = { pageViews: 0, appearances: 0, requests: 0, replied: 0, hires: 0, coinsSpent: 0 };
    for (const [on, key, amount] of events) if (on === day) figures[key] += amount;
    return { day, ...figures };
  });
}

/** The value of each labelled tile, read once the tiles are on screen. */
async function readTiles(page: Page): Promise<Record<string, string>> {
  await page.getByRole('term').filter({ hasText: 'Median first reply' }).waitFor();
  return page
    .locator('dl > div')
    .evaluateAll((tiles) =>
      Object.fromEntries(
        tiles.map((tile) => [tile.querySelector('dt')?.textContent ?? '', tile.querySelector('dd')?.textContent ?? '']),
      ),
    );
}

/** The table's rows, newest first, as the figures of each day. */
async function readTable(page: Page, days: number): Promise<(Day & { day: string })[]> {
  const table = page.getByRole('table', { name: new RegExp(`last ${days} days`) });
  await table.waitFor();
  const headers = await table.locator('thead th').allTextContents();
  const keyOf: Record<string, keyof Day> = {
    'Page views': 'pageViews',
    Appearances: 'appearances',
    Requests: 'requests',
    Replied: 'replied',
    Hires: 'hires',
    'Coins spent': 'coinsSpent',
  };
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      day: tr.querySelector('time')?.getAttribute('datetime') ?? '',
      cells: [...tr.querySelectorAll('td')].map((cell) => Number(cell.textContent?.replaceAll(',', ''))),
    })),
  );
  // Columns by their headers (the first is the day).
  return rows.map(({ day, cells }) => {
    const figures = Object.fromEntries(headers.slice(1).map((header, index) => [keyOf[header], cells[index]])) as Day;
    return { day, ...figures };
  });
}

/** Clicks a period by its visible label (the radio itself is drawn as a button) and waits for its figures. */
async function choosePeriod(page: Page, days: number): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${days} days$`) })
    .click();
  expect(await page.getByRole('radio', { name: `${days} days` }).isChecked()).toBe(true);
  await page.getByRole('table', { name: new RegExp(`last ${days} days`) }).waitFor();
}

describe('the Insight view', () => {
  it('shows an owner what a company’s listing brought, day by day, and downloads it', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Ines', isVerified: true });
    const company = await createCompany(db, { name: 'Insight Plumbing', ownerId: owner.id });
    const quiet = await createCompany(db, { name: 'Quiet Roofing', ownerId: owner.id });
    await seedHistory(owner.id, company.id);

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.desktop);
    await signInThroughApi(page, owner, `/profile?tab=insight&company=${company.id}`);
    await page.getByRole('tab', { name: 'Insight', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Insight: Insight Plumbing' }).waitFor();

    // The last 30 days by default: the figures of the history above.
    await page.getByRole('table', { name: /last 30 days/ }).waitFor();
    expect(await readTiles(page)).toEqual({
      'Page views': '7',
      'Listing appearances': '7',
      Requests: '3',
      Replied: '2',
      Hires: '1',
      'Coins spent': '10',
      'Cost per hire': '5 coins',
      'Cost per reply': '2.5 coins',
      'Median first reply': '20 min',
    });
    await page.getByText('Search 5 · Category 2').waitFor();
    await page.getByText('1 declined').waitFor();
    await page.getByText('5 given back').waitFor();
    const sources = page.getByRole('region', { name: 'Where requests came from' }).getByRole('listitem');
    expect(await sources.allInnerTexts()).toEqual([
      expect.stringMatching(/Search results\s+1 request \(33%\)/),
      expect.stringMatching(/Category page\s+1 request \(33%\)/),
      expect.stringMatching(/Favourites\s+1 request \(33%\)/),
      expect.stringMatching(/Not recorded\s+0 requests \(0%\)/),
    ]);

    // The table holds every day, newest first; the chart names what it draws.
    expect(await readTable(page, 30)).toEqual(expectedDays(30).reverse());
    await page.getByRole('img', { name: /^Requests per day, .+: 3 requests in all\./ }).waitFor();
    await page.getByLabel('Chart shows').selectOption({ label: 'Page views' });
    await page.getByRole('img', { name: /^Page views per day, .+: 7 views in all\./ }).waitFor();
    await expectAccessible(page, 'insight at 1280 px');
    await page.screenshot({ path: '/tmp/insight-1280.png', fullPage: true });
    await screenshot(page, 'insight-1280');

    // The CSV: a row per day of the period and the totals.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV of the last 30 days' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`insight-${company.id}-${dayAt(29)}-30d.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const quoted = (cells: (string | number)[]) => cells.map((cell) => `"${cell}"`).join(',');
    expect(csv.split('\r\n')).toEqual([
      quoted(['day', 'page views', 'appearances', 'requests', 'replied', 'hires', 'coins spent']),
      ...expectedDays(30).map((day) => quoted([day.day, ...COLUMNS.map((column) => day[column])])),
      quoted(['total', 7, 7, 3, 2, 1, 10]),
      '',
    ]);

    // Another period: 90 days reach the request, reply and hire of 40 days ago.
    await choosePeriod(page, 90);
    expect(await readTiles(page)).toMatchObject({
      Requests: '4',
      Replied: '3',
      Hires: '2',
      'Coins spent': '14',
      'Cost per hire': '4.5 coins',
      'Cost per reply': '3 coins',
      'Median first reply': '30 min',
    });
    expect(await readTable(page, 90)).toEqual(expectedDays(90).reverse());
    await choosePeriod(page, 7);
    expect(await readTiles(page)).toMatchObject({ 'Page views': '3', Requests: '3', Hires: '1' });
    expect(await readTable(page, 7)).toEqual(expectedDays(7).reverse());
    await page
      .getByRole('link', { name: 'Download CSV of the last 7 days' })
      .and(page.locator(`[href="/api/companies/${company.id}/insight.csv?days=7"]`))
      .waitFor();

    // A company with nothing to show: first a failed load and its retry, then the empty state.
    let failing = true;
    await page.route(
      (url) => url.pathname === `/api/companies/${quiet.id}/insight`,
      (route) =>
        failing
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal"}' })
          : route.fallback(),
    );
    await page.getByLabel('Company', { exact: true }).selectOption({ label: 'Quiet Roofing' });
    await page.getByRole('heading', { name: 'Insight: Quiet Roofing' }).waitFor();
    const failure = page.getByRole('alert').filter({ hasText: 'Insight could not be loaded' });
    await failure.waitFor();
    failing = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'No activity yet' }).waitFor();
    await page.getByRole('link', { name: 'See where Quiet Roofing appears' }).waitFor();
    await expectAccessible(page, 'insight without activity');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Pia', isVerified: true });
    const company = await createCompany(db, { name: 'Pocket Plumbing', ownerId: owner.id });
    await seedHistory(owner.id, company.id);

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(page, owner, `/profile?tab=insight&company=${company.id}`);
    await page.getByRole('table', { name: /last 30 days/ }).waitFor();
    expect(await readTiles(page)).toMatchObject({ Requests: '3', 'Cost per hire': '5 coins', 'Median first reply': '20 min' });
    await page.getByRole('img', { name: /^Requests per day/ }).waitFor();
    // Nothing wider than the screen: the table scrolls inside its own frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await choosePeriod(page, 7);
    expect(await readTable(page, 7)).toEqual(expectedDays(7).reverse());
    await expectAccessible(page, 'insight at 375 px');
    await page.screenshot({ path: '/tmp/insight-375.png', fullPage: true });
    await screenshot(page, 'insight-375');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
