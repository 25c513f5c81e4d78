/**
 * The operator's analytics: every figure against the rows it counts over a known history, the
 * same answers whether a day is computed live or read from the daily roll-ups, by interval and by
 * category, the CSV files, and administrators only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { LIVE_FIGURES_TTL_MS, OperatorAnalyticsService } from './operator-analytics.service';

let t: TestApp;
let adminCookie: string;
let categoryA: { id: number; name: string; slug: string };
let categoryB: { id: number; name: string; slug: string };
let unansweredQuote: number;
let responder: number;

/** Noon (UTC) `days` days ago, plus `minutes`: clear of midnight, whatever the hour the test runs. */
const noon = (days: number, minutes = 0) =>
  sql.raw(
    `(((now() AT TIME ZONE 'UTC')::date - ${days})::timestamp AT TIME ZONE 'UTC' + interval '12 hours' + interval '${minutes} minutes')`,
  );
const dayAgo = (days: number) => sql.raw(`((now() AT TIME ZONE 'UTC')::date - ${days})`);
const day = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * A known history (d = days ago). Sign-ups: two on d1, one on d0, one on d10 (the rest long ago).
 * Companies: X in category A created d2 (its first paid reply d40), Y in B created d10 (its first
 * paid reply today). Requests: q1 to X in A sent d2, answered in 10 minutes for 5 coins, hired d1;
 * q2 to X sent d3, answered in 90 minutes for 5 coins given back d1 (unread); q3 to Y sent d1,
 * unanswered; q4 to Y sent today, answered in 45 minutes for 3 coins credited back as a bad lead;
 * q5 a draft in A today; q6 to X sent d40, answered in 60 minutes for 4 coins. Payments: 100 coins
 * for 19.99 USD on d1, 50 for 9.99 USD and 20 for 5.00 EUR today. Searches, appearances and page
 * views on d1 and today.
 */
async function seedHistory(): Promise<void> {
  // What the template database holds happened long ago.
  for (const table of ['users', 'companies', 'quotes']) {
    await t.db.execute(sql.raw(`UPDATE ${table} SET created_at = now() - interval '400 days'`));
  }
  const born = async (days: number) => {
    const user = await createUser(t.db);
    await t.db.execute(sql`UPDATE users SET created_at = ${noon(days)} WHERE id = ${user.id}`);
    return user;
  };
  const owner = await born(100);
  const customer = await born(100);
  await born(1);
  await born(1);
  await born(0);
  await born(10);
  responder = owner.id;

  const company = async (categorySlug: string, days: number) => {
    const created = await createCompany(t.db, { ownerId: owner.id, categorySlug });
    await t.db.execute(sql`UPDATE companies SET created_at = ${noon(days)} WHERE id = ${created.id}`);
    return created.id;
  };
  const x = await company(categoryA.slug, 2);
  const y = await company(categoryB.slug, 10);

  const sent = async (companyId: number, days: number) => {
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [companyId] });
    await t.db.execute(sql`UPDATE quotes SET submitted_at = ${noon(days)}, created_at = ${noon(days)} WHERE id = ${quote.id}`);
    return quote.id;
  };
  const reply = async (quoteId: number, companyId: number, days: number, minutes: number, coins: number) => {
    await t.db.execute(sql`INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
      VALUES (${quoteId}, ${companyId}, ${owner.id}, 'company', 'We can help', ${noon(days, minutes)})`);
    await t.db.execute(sql`INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
      VALUES (${owner.id}, ${-coins}, 'reply_charge', ${`reply:${quoteId}:${companyId}`}, ${quoteId}, ${companyId}, ${noon(days, minutes)})`);
  };
  const refund = (quoteId: number, companyId: number, days: number, coins: number) =>
    t.db.execute(sql`INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
      VALUES (${owner.id}, ${coins}, 'refund', ${`refund:${quoteId}:${companyId}`}, ${quoteId}, ${companyId}, ${noon(days, 120)})`);

  const q1 = await sent(x, 2);
  await reply(q1, x, 2, 10, 5);
  await t.db.execute(sql`UPDATE quotes SET status = 'completed', outcome = 'hired', hired_company_id = ${x},
    decided_at = ${noon(1)} WHERE id = ${q1}`);
  const q2 = await sent(x, 3);
  await reply(q2, x, 3, 90, 5);
  await refund(q2, x, 1, 5);
  unansweredQuote = await sent(y, 1);
  const q4 = await sent(y, 0);
  await reply(q4, y, 0, 45, 3);
  await t.db.execute(sql`INSERT INTO lead_reports (quote_id, company_id, reporter_user_id, reason, status, coins, decided_at)
    VALUES (${q4}, ${y}, ${owner.id}, 'spam', 'credited', 3, now())`);
  await refund(q4, y, 0, 3);
  const draft = await createQuote(t.db, { userId: customer.id, companyIds: [x], status: 'draft' });
  await t.db.execute(sql`UPDATE quotes SET created_at = ${noon(0)} WHERE id = ${draft.id}`);
  const q6 = await sent(x, 40);
  await reply(q6, x, 40, 60, 4);

  let intent = 0;
  for (const [days, coins, cents, currency] of [
    [1, 100, 1999, 'usd'],
    [0, 50, 999, 'usd'],
    [0, 20, 500, 'eur'],
  ] as const) {
    await t.db
      .execute(sql`INSERT INTO payments (user_id, provider, provider_intent_id, package_type, coins, amount_cents, currency, status, credited_at)
      VALUES (${owner.id}, 'test', ${`pi_analytics_${(intent += 1)}`}, 'small', ${coins}, ${cents}, ${currency}, 'succeeded', ${noon(days)})`);
  }
  await t.db.execute(sql`INSERT INTO search_log (day, words, place, searches, empty_searches) VALUES
    (${dayAgo(1)}, 'plumber', '10001', 5, 2), (${dayAgo(0)}, 'roofer', '99999', 3, 3)`);
  await t.db.execute(sql`INSERT INTO company_appearances (company_id, day, source, appearances) VALUES
    (${x}, ${dayAgo(1)}, 'search', 10), (${y}, ${dayAgo(0)}, 'category', 4)`);
  await t.db.execute(sql`INSERT INTO company_page_views (company_id, day, views) VALUES
    (${x}, to_char(${dayAgo(1)}, 'YYYY-MM-DD'), 6), (${y}, to_char(${dayAgo(0)}, 'YYYY-MM-DD'), 2)`);
  // Per category as the listings' and the company page's own writes keep them (activity.test.ts).
  await t.db.execute(sql`INSERT INTO category_activity (day, category_id, figure, value)
    SELECT v.day::date, c.category_id, 'pageViews', sum(v.views)
      FROM company_page_views v JOIN companies c ON c.id = v.company_id WHERE c.id IN (${x}, ${y}) GROUP BY 1, 2`);
  await t.db.execute(sql`INSERT INTO category_activity (day, category_id, figure, value)
    SELECT a.day, c.category_id, a.source || 'Appearances', sum(a.appearances)
      FROM company_appearances a JOIN companies c ON c.id = a.company_id WHERE c.id IN (${x}, ${y}) GROUP BY 1, 2, 3`);
}

beforeAll(async () => {
  t = await startTestApp();
  // The job runs when the app starts: its first pass is over before the history is written, and
  // what it stored is dropped, so that each test says when the roll-ups are made.
  await t.app.services.jobs.idle();
  const rows = await t.db.execute<{ id: number; name: string; slug: string }>(
    sql`SELECT id, name, slug FROM categories ORDER BY id LIMIT 2`,
  );
  [categoryA, categoryB] = rows.rows;
  // Made before the history, so that it counts as one of the template's old accounts.
  const admin = await createUser(t.db, { isAdmin: true });
  await seedHistory();
  await t.db.execute(sql`DELETE FROM daily_figures`);
  await t.db.execute(sql`DELETE FROM daily_reply_times`);
  await t.db.execute(sql`DELETE FROM rolled_up_days`);
  adminCookie = await loginAs(t.app, admin);
});
afterAll(() => t.close());

async function figures(query: string, cookie = adminCookie) {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/analytics/figures${query}`, headers: { cookie } });
  return { status: response.statusCode, body: response.json() };
}

const WEEK_TOTALS = {
  signups: 3,
  companiesCreated: 1,
  companiesActivated: 1,
  searches: 8,
  emptySearches: 5,
  searchAppearances: 10,
  categoryAppearances: 4,
  pageViews: 8,
  drafts: 5,
  requests: 4,
  requestsReplied: 3,
  hires: 1,
  coinsSold: 170,
  revenueCents: 2998,
  coinsSpent: 13,
  coinsRefunded: 5,
  badLeadCredits: 3,
  replyShare: 0.75,
  medianFirstReplyMinutes: 45,
};

describe('GET /api/admin/analytics/figures', () => {
  it('counts the last 7 days, each figure from the rows it counts, all of it live before the job has run', async () => {
    const { status, body } = await figures('?days=7');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      days: 7,
      interval: 'day',
      since: day(6),
      through: day(0),
      currency: 'USD',
      rolledUpThrough: null,
    });
    expect(body.totals).toEqual(WEEK_TOTALS);
    expect(body.series).toHaveLength(7);
    expect(body.series.map((row: { start: string }) => row.start)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    expect(body.series[6]).toMatchObject({
      start: day(0),
      signups: 1,
      requests: 1,
      requestsReplied: 1,
      drafts: 2,
      badLeadCredits: 3,
    });
    expect(body.series[5]).toMatchObject({
      start: day(1),
      signups: 2,
      requests: 1,
      requestsReplied: 0,
      hires: 1,
      coinsRefunded: 5,
    });
    expect(body.series[4]).toMatchObject({ start: day(2), companiesCreated: 1, requests: 1, medianFirstReplyMinutes: 10 });
    expect(body.series[0]).toMatchObject({ requests: 0, replyShare: null, medianFirstReplyMinutes: null });
    expect(body.funnel).toEqual([
      { step: 'searches', count: 8 },
      { step: 'searchesWithResults', count: 3 },
      { step: 'pageViews', count: 8 },
      { step: 'drafts', count: 5 },
      { step: 'requests', count: 4 },
      { step: 'requestsReplied', count: 3 },
      { step: 'hires', count: 1 },
    ]);
  });

  it('splits the figures that have one by category', async () => {
    const { body } = await figures('?days=7');
    const of = (id: number) => body.categories.find((row: { categoryId: number }) => row.categoryId === id);
    expect(of(categoryA.id)).toMatchObject({
      name: categoryA.name,
      companiesCreated: 1,
      companiesActivated: 0,
      searchAppearances: 10,
      pageViews: 6,
      drafts: 3,
      requests: 2,
      requestsReplied: 2,
      hires: 1,
      coinsSpent: 10,
      coinsRefunded: 5,
      replyShare: 1,
      medianFirstReplyMinutes: 10,
    });
    expect(of(categoryB.id)).toMatchObject({
      companiesActivated: 1,
      categoryAppearances: 4,
      pageViews: 2,
      drafts: 2,
      requests: 2,
      requestsReplied: 1,
      coinsSpent: 3,
      badLeadCredits: 3,
      replyShare: 0.5,
      medianFirstReplyMinutes: 45,
    });
    // Every category is listed, quiet ones with zeros; none of these rows has no category.
    expect(body.categories.length).toBeGreaterThanOrEqual(2);
    expect(of(0)).toBeUndefined();
    expect(
      body.categories.find((row: { categoryId: number }) => ![categoryA.id, categoryB.id].includes(row.categoryId)),
    ).toMatchObject({
      requests: 0,
      replyShare: null,
    });
  });

  it('reaches back 90 days: the older sign-up, company, activation and request', async () => {
    const { body } = await figures('?days=90');
    expect(body.totals).toMatchObject({
      signups: 4,
      companiesCreated: 2,
      companiesActivated: 2,
      drafts: 6,
      requests: 5,
      requestsReplied: 4,
      coinsSpent: 17,
      replyShare: 0.8,
      medianFirstReplyMinutes: 45,
    });
  });

  it('adds up the same by week and by month, starting on the period’s first day', async () => {
    for (const interval of ['week', 'month']) {
      const { status, body } = await figures(`?days=90&interval=${interval}`);
      expect(status).toBe(200);
      expect(body.series[0].start).toBe(day(89));
      const sum = (figure: string) => body.series.reduce((total: number, row: Record<string, number>) => total + row[figure], 0);
      for (const figure of ['signups', 'requests', 'requestsReplied', 'coinsSpent', 'revenueCents', 'pageViews']) {
        expect(sum(figure), `${interval} ${figure}`).toBe(body.totals[figure]);
      }
      const starts: string[] = body.series.map((row: { start: string }) => row.start);
      expect([...starts].sort()).toEqual(starts);
      expect(new Set(starts).size).toBe(starts.length);
    }
  });

  it('answers the same from the roll-ups as live; the job refreshes recent days when a late reply comes', async () => {
    const live = (await figures('?days=90&interval=week')).body;
    const result = await t.app.services.operatorAnalytics.rollUpDays();
    expect(result).toMatch(/days rolled up/);
    const stored = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM daily_figures WHERE day = ${dayAgo(1)}`);
    expect(stored.rows[0].n).toBeGreaterThan(5);
    const today = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM rolled_up_days WHERE day >= ${dayAgo(0)}`);
    expect(today.rows[0].n).toBe(0);
    const rolled = (await figures('?days=90&interval=week')).body;
    expect(rolled.rolledUpThrough).toBe(day(1));
    expect({ ...rolled, rolledUpThrough: null }).toEqual(live);

    // q3 (sent yesterday) is answered now: the stored day still says unanswered until the job runs.
    await t.db.execute(sql`INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
      SELECT ${unansweredQuote}, company_id, ${responder}, 'company', 'Late, sorry', now() FROM quote_companies WHERE quote_id = ${unansweredQuote}`);
    expect((await figures('?days=7')).body.totals.requestsReplied).toBe(3);
    await t.app.services.operatorAnalytics.rollUpDays();
    const refreshed = (await figures('?days=7')).body.totals;
    expect(refreshed.requestsReplied).toBe(4);
    expect(refreshed.replyShare).toBe(1);
    await t.db.execute(sql`DELETE FROM messages WHERE quote_id = ${unansweredQuote}`);
    await t.app.services.operatorAnalytics.rollUpDays();
  });

  it('reuses the days it computed live for a minute, then computes them again', async () => {
    let clock = Date.now();
    const service = new OperatorAnalyticsService(t.db, 'USD', () => clock);
    const signups = async () => (await service.figures({ days: 7, interval: 'day' })).totals.signups;
    const before = await signups();
    const late = await createUser(t.db);
    expect(await signups()).toBe(before);
    clock += LIVE_FIGURES_TTL_MS;
    expect(await signups()).toBe(before + 1);
    await t.db.execute(sql`DELETE FROM users WHERE id = ${late.id}`);
  });

  it('refuses a bad period or interval, and anyone but an administrator', async () => {
    expect(await figures('?days=14')).toMatchObject({ status: 400, body: { error: 'The period must be 7, 30, 90 or 365 days' } });
    expect(await figures('?interval=hour')).toMatchObject({
      status: 400,
      body: { error: 'The interval must be day, week or month' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics/figures' })).statusCode).toBe(401);
    const user = await createUser(t.db);
    expect((await figures('', await loginAs(t.app, user))).status).toBe(403);
  });
});

describe('GET /api/admin/analytics/figures.csv', () => {
  async function csv(query: string, cookie = adminCookie) {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/analytics/figures.csv${query}`, headers: { cookie } });
    // Every cell is quoted; none of these holds a comma or a quote.
    const lines = response.body
      .trim()
      .split('\r\n')
      .map((line) => line.replaceAll('"', ''));
    return { status: response.statusCode, headers: response.headers, lines };
  }

  it('downloads each table: the series, the categories and the funnel', async () => {
    const series = await csv('?days=7');
    expect(series.status).toBe(200);
    expect(series.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(series.headers['content-disposition']).toBe(`attachment; filename="analytics-series-${day(6)}-7d-day.csv"`);
    expect(series.lines[0].split(',').slice(0, 3)).toEqual(['day', 'Sign-ups', 'Companies created']);
    expect(series.lines[0]).toContain('Revenue (USD)');
    expect(series.lines).toHaveLength(8);
    const header = series.lines[0].split(',');
    const today = series.lines[7].split(',');
    expect(today[0]).toBe(day(0));
    expect(today[header.indexOf('Revenue (USD)')]).toBe('9.99');
    expect(today[header.indexOf('Share replied to')]).toBe('1');

    const categories = await csv('?days=7&table=categories');
    expect(categories.headers['content-disposition']).toBe(`attachment; filename="analytics-categories-${day(6)}-7d.csv"`);
    expect(categories.lines.some((line) => line.startsWith(`${categoryA.name},1,0,10,0,6,3,2,2,1,10,5,0,1,10`))).toBe(true);

    const funnel = await csv('?days=7&table=funnel');
    expect(funnel.lines).toEqual([
      'step,count',
      'Searches,8',
      'Searches with a result,3',
      'Company page views,8',
      'Requests started,5',
      'Requests sent,4',
      'Requests replied to,3',
      'Hires,1',
    ]);
  });

  it('refuses a bad table and anyone but an administrator', async () => {
    expect((await csv('?table=users')).status).toBe(400);
    const user = await createUser(t.db);
    expect((await csv('', await loginAs(t.app, user))).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics/figures.csv' })).statusCode).toBe(401);
  });
});
