/** A company's insight: each figure against the rows it counts, over 7, 30 and 90 days; only its owner or an admin reads it. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let companyId: number;
let otherCompanyId: number;

/** `days` days ago (and `minutes` minutes after), as SQL for a timestamp. */
const ago = (days: number, minutes = 0) => sql.raw(`(now() - interval '${days} days' + interval '${minutes} minutes')`);
const dayAgo = (days: number) => sql.raw(`((now() AT TIME ZONE 'UTC')::date - ${days})`);

/**
 * A known history. Requests to the company: sent 2 days ago from a search (replied after 10
 * minutes, hired yesterday), 3 days ago from favourites (replied after 30 minutes, its 5 coins given
 * back yesterday), yesterday from the category page (declined), 40 days ago without saying where
 * (replied after 60 minutes, hired 39 days ago) and a draft (not sent);
 * one to another company. Page views and card appearances on days 0, 6, 10, 50 and 60 ago.
 */
async function seedHistory(): Promise<void> {
  const customer = await createUser(t.db);
  const reply = async (quoteId: number, forCompany: number, daysAgo: number, minutes: number, coins: number) => {
    await t.db.execute(sql`INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
      VALUES (${quoteId}, ${forCompany}, ${owner.id}, 'company', 'We can help', ${ago(daysAgo, minutes)})`);
    await t.db.execute(sql`INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
      VALUES (${quoteId}, ${forCompany}, ${owner.id}, 'company', 'And a second message', ${ago(daysAgo, minutes + 5)})`);
    await t.db.execute(sql`INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
      VALUES (${owner.id}, ${-coins}, 'reply_charge', ${`reply:${quoteId}:${forCompany}`}, ${quoteId}, ${forCompany}, ${ago(daysAgo, minutes)})`);
  };
  const sent = async (forCompany: number, daysAgo: number, source: string | null = null) => {
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [forCompany] });
    await t.db.execute(sql`UPDATE quotes SET submitted_at = ${ago(daysAgo)} WHERE id = ${quote.id}`);
    await t.db.execute(sql`UPDATE quote_companies SET source = ${source} WHERE quote_id = ${quote.id}`);
    return quote.id;
  };
  const hired = (quoteId: number, daysAgo: number) =>
    t.db.execute(sql`UPDATE quotes SET status = 'completed', outcome = 'hired', hired_company_id = ${companyId},
      decided_at = ${ago(daysAgo)} WHERE id = ${quoteId}`);

  const first = await sent(companyId, 2, 'search');
  await reply(first, companyId, 2, 10, 5);
  await hired(first, 1);
  const second = await sent(companyId, 3, 'favorites');
  await reply(second, companyId, 3, 30, 5);
  await t.db.execute(sql`INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
    VALUES (${owner.id}, 5, 'refund', ${`refund:${second}:${companyId}`}, ${second}, ${companyId}, ${ago(1)})`);
  const third = await sent(companyId, 1, 'category');
  await t.db.execute(sql`UPDATE quote_companies SET declined_at = ${ago(1, 5)} WHERE quote_id = ${third}`);
  const old = await sent(companyId, 40);
  await reply(old, companyId, 40, 60, 4);
  await hired(old, 39);
  await createQuote(t.db, { userId: customer.id, companyIds: [companyId], status: 'draft' });
  const elsewhere = await sent(otherCompanyId, 2);
  await reply(elsewhere, otherCompanyId, 2, 1, 7);

  for (const [daysAgo, views] of [
    [0, 3],
    [10, 4],
    [50, 7],
  ]) {
    await t.db.execute(sql`INSERT INTO company_page_views (company_id, day, views)
      VALUES (${companyId}, to_char(${dayAgo(daysAgo)}, 'YYYY-MM-DD'), ${views})`);
  }
  for (const [daysAgo, source, appearances] of [
    [0, 'search', 5],
    [6, 'category', 2],
    [60, 'search', 9],
  ] as const) {
    await t.db.execute(sql`INSERT INTO company_appearances (company_id, day, source, appearances)
      VALUES (${companyId}, ${dayAgo(daysAgo)}, ${source}, ${appearances})`);
  }
  await t.db.execute(sql`INSERT INTO company_page_views (company_id, day, views)
    VALUES (${otherCompanyId}, to_char(${dayAgo(0)}, 'YYYY-MM-DD'), 100)`);
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t.db);
  companyId = (await createCompany(t.db, { ownerId: owner.id })).id;
  otherCompanyId = (await createCompany(t.db, { ownerId: owner.id })).id;
  await seedHistory();
});
afterAll(() => t.close());

async function insight(query: string, cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/companies/${companyId}/insight${query}`, headers: { cookie } });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /api/companies/{id}/insight', () => {
  it('counts what the last 7 days brought, each figure from the rows it counts', async () => {
    const cookie = await loginAs(t.app, owner);
    const { status, body } = await insight('?days=7', cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      companyId,
      days: 7,
      pageViews: 3,
      appearances: { search: 5, category: 2 },
      requests: 3,
      declined: 1,
      replied: 2,
      sources: { search: 1, category: 1, favorites: 1, other: 0 },
      hires: 1,
      coinsSpent: 10,
      coinsCredited: 5,
      costPerHire: 5,
      costPerReply: 2.5,
      medianFirstReplyMinutes: 20,
    });
    const since = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(body.since).toBe(since);
  });

  it('covers 30 days by default and 90 on request', async () => {
    const cookie = await loginAs(t.app, owner);
    expect((await insight('', cookie)).body).toMatchObject({ days: 30, pageViews: 7, requests: 3, hires: 1, coinsSpent: 10 });
    expect((await insight('?days=90', cookie)).body).toMatchObject({
      days: 90,
      pageViews: 14,
      appearances: { search: 14, category: 2 },
      requests: 4,
      declined: 1,
      replied: 3,
      sources: { search: 1, category: 1, favorites: 1, other: 1 },
      hires: 2,
      coinsSpent: 14,
      coinsCredited: 5,
      costPerHire: 4.5,
      costPerReply: 3,
      medianFirstReplyMinutes: 30,
    });
  });

  it('answers nulls, not a division by zero, for a company nothing happened to', async () => {
    const quiet = await createUser(t.db);
    const company = await createCompany(t.db, { ownerId: quiet.id });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/insight?days=90`,
      headers: { cookie: await loginAs(t.app, quiet) },
    });
    expect(response.json()).toMatchObject({
      requests: 0,
      hires: 0,
      costPerHire: null,
      costPerReply: null,
      medianFirstReplyMinutes: null,
    });
  });

  it('refuses a period it does not keep, with the message', async () => {
    const cookie = await loginAs(t.app, owner);
    for (const days of ['14', '0', 'x', '30.0']) {
      const { status, body } = await insight(`?days=${days}`, cookie);
      expect(status, days).toBe(400);
      expect(body.error, days).toBe('The period must be 7, 30 or 90 days');
    }
  });

  it("is its owner's and the admins' to read", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/companies/${companyId}/insight` })).statusCode).toBe(401);
    const stranger = await createUser(t.db);
    expect((await insight('', await loginAs(t.app, stranger))).status).toBe(403);
    const admin = await createUser(t.db, { isAdmin: true });
    expect((await insight('', await loginAs(t.app, admin))).body).toMatchObject({ companyId, requests: 3 });
  });
});

/** The UTC day `days` days ago plus `minutes` minutes, as the server files a row stamped then. */
const dayAt = (days: number, minutes = 0) =>
  new Date(Date.now() - days * 86_400_000 + minutes * 60_000).toISOString().slice(0, 10);
const ZERO_DAY = { pageViews: 0, appearances: 0, requests: 0, replied: 0, hires: 0, coinsSpent: 0 };
type Day = typeof ZERO_DAY;

/** The series `seedHistory` should give for the company over the last `days` days, built from its rows. */
function expectedSeries(days: number): (Day & { day: string })[] {
  const events: [string, keyof Day, number][] = [
    [dayAt(0), 'pageViews', 3],
    [dayAt(10), 'pageViews', 4],
    [dayAt(50), 'pageViews', 7],
    [dayAt(0), 'appearances', 5],
    [dayAt(6), 'appearances', 2],
    [dayAt(60), 'appearances', 9],
    // Requests and the replies to them count on the day the request was sent.
    [dayAt(2), 'requests', 1],
    [dayAt(2), 'replied', 1],
    [dayAt(3), 'requests', 1],
    [dayAt(3), 'replied', 1],
    [dayAt(1), 'requests', 1],
    [dayAt(40), 'requests', 1],
    [dayAt(40), 'replied', 1],
    [dayAt(1), 'hires', 1],
    [dayAt(39), 'hires', 1],
    // Coins on the day they were charged.
    [dayAt(2, 10), 'coinsSpent', 5],
    [dayAt(3, 30), 'coinsSpent', 5],
    [dayAt(40, 60), 'coinsSpent', 4],
  ];
  return Array.from({ length: days }, (_, index) => {
    const day = dayAt(days - 1 - index);
    const figures = { ...ZERO_DAY };
    for (const [on, key, amount] of events) if (on === day) figures[key] += amount;
    return { day, ...figures };
  });
}

describe('the daily series', () => {
  it('holds every day of the period, oldest first, each figure on the day its rows fall on', async () => {
    const cookie = await loginAs(t.app, owner);
    for (const days of [7, 30, 90]) {
      const { status, body } = await insight(`?days=${days}`, cookie);
      expect(status).toBe(200);
      expect(body.series, `${days} days`).toEqual(expectedSeries(days));
      expect(body.series[0].day).toBe(body.since);
      // The days add up to the totals.
      const sum = (key: keyof Day) => body.series.reduce((total: number, day: Day) => total + day[key], 0);
      expect(sum('pageViews')).toBe(body.pageViews);
      expect(sum('appearances')).toBe(body.appearances.search + body.appearances.category);
      expect(sum('requests')).toBe(body.requests);
      expect(sum('replied')).toBe(body.replied);
      expect(sum('hires')).toBe(body.hires);
      expect(sum('coinsSpent')).toBe(body.coinsSpent);
    }
  });

  it('is all zeros, day by day, for a company nothing happened to', async () => {
    const quiet = await createUser(t.db);
    const company = await createCompany(t.db, { ownerId: quiet.id });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/insight?days=7`,
      headers: { cookie: await loginAs(t.app, quiet) },
    });
    const series = response.json().series;
    expect(series).toHaveLength(7);
    expect(series.map((day: { day: string }) => day.day)).toEqual(expectedSeries(7).map((day) => day.day));
    for (const day of series) expect(day).toMatchObject(ZERO_DAY);
  });
});

describe('GET /api/companies/{id}/insight.csv', () => {
  const csvOf = (query: string, cookie?: string, id = companyId) =>
    t.app.inject({ method: 'GET', url: `/api/companies/${id}/insight.csv${query}`, headers: cookie ? { cookie } : {} });

  it('downloads one row per day and a row of totals, named after the company and the period', async () => {
    const response = await csvOf('?days=7', await loginAs(t.app, owner));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="insight-${companyId}-${dayAt(6)}-7d.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      '"day","page views","appearances","requests","replied","hires","coins spent"',
      ...expectedSeries(7).map((day) =>
        [day.day, day.pageViews, day.appearances, day.requests, day.replied, day.hires, day.coinsSpent]
          .map((cell) => `"${cell}"`)
          .join(','),
      ),
      '"total","3","7","3","2","1","10"',
    ]);
  });

  it('covers 30 days when left out', async () => {
    const response = await csvOf('', await loginAs(t.app, owner));
    expect(response.headers['content-disposition']).toBe(`attachment; filename="insight-${companyId}-${dayAt(29)}-30d.csv"`);
    // A header, 30 days, the totals and the final line end.
    expect(response.body.split('\r\n')).toHaveLength(33);
  });

  it('refuses as the figures do: signed out, someone else, a period it does not keep, no such company', async () => {
    expect((await csvOf('')).statusCode).toBe(401);
    expect((await csvOf('', await loginAs(t.app, await createUser(t.db)))).statusCode).toBe(403);
    const cookie = await loginAs(t.app, owner);
    const badPeriod = await csvOf('?days=14', cookie);
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().error).toBe('The period must be 7, 30 or 90 days');
    // As everywhere a company is managed: an id that names no company, even one that could not exist, is not found.
    for (const id of [999_999, 'abc']) expect((await csvOf('', cookie, id as number)).statusCode, String(id)).toBe(404);
    const admin = await loginAs(t.app, await createUser(t.db, { isAdmin: true }));
    expect((await csvOf('?days=90', admin)).statusCode).toBe(200);
  });
});

describe('where a request started', () => {
  it('is kept for each of its companies when the draft says it, and refused when it names no listing', async () => {
    const customer = await createUser(t.db);
    const cookie = await loginAs(t.app, customer);
    const create = (source: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/quotes',
        headers: { cookie },
        payload: { quoteName: 'Leaky tap', companyIds: [companyId, otherCompanyId], source },
      });
    const created = await create('favorites');
    expect(created.statusCode, created.body).toBe(201);
    const rows = await t.db.execute<{ source: string | null }>(
      sql`SELECT source FROM quote_companies WHERE quote_id = ${created.json().id} ORDER BY company_id`,
    );
    expect(rows.rows.map((row) => row.source)).toEqual(['favorites', 'favorites']);

    const unsaid = await create(undefined);
    const unsaidRows = await t.db.execute<{ source: string | null }>(
      sql`SELECT DISTINCT source FROM quote_companies WHERE quote_id = ${unsaid.json().id}`,
    );
    expect(unsaidRows.rows).toEqual([{ source: null }]);

    const refused = await create('homepage');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Source must be search, category or favorites');
  });
});

describe('GET /api/admin/analytics/searches(.csv)', () => {
  const tag = `zq${Date.now().toString(36)}`;
  beforeAll(async () => {
    const rows: [number, string, string, number, number][] = [
      [0, `${tag} pool heater`, '10001', 3, 3],
      [5, `${tag} pool heater`, '10001', 2, 1],
      [2, `${tag} roofing`, '', 9, 0],
      [1, `=${tag} formula`, '', 1, 1],
      [40, `${tag} chimney`, 'austin, tx', 6, 6],
    ];
    for (const [daysAgo, words, place, searches, empty] of rows) {
      await t.db.execute(sql`INSERT INTO search_log (day, words, place, searches, empty_searches)
        VALUES (${dayAgo(daysAgo)}, ${words}, ${place}, ${searches}, ${empty})`);
    }
  });
  const mine = (rows: { words: string }[]) => rows.filter((row) => row.words.includes(tag));

  it('lists what found nothing, summed over the period, most often first; `any` lists every search', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db, { isAdmin: true }));
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/analytics/searches${query}`, headers: { cookie } });
    const week = (await get('?days=7')).json();
    expect(week.days).toBe(7);
    expect(mine(week.searches)).toEqual([
      { words: `${tag} pool heater`, place: '10001', searches: 5, emptySearches: 4 },
      { words: `=${tag} formula`, place: '', searches: 1, emptySearches: 1 },
    ]);
    expect(mine((await get('?days=90')).json().searches).map((row: { words: string }) => row.words)).toEqual([
      `${tag} chimney`,
      `${tag} pool heater`,
      `=${tag} formula`,
    ]);
    expect(mine((await get('?days=7&found=any')).json().searches).map((row: { words: string }) => row.words)).toEqual([
      `${tag} roofing`,
      `${tag} pool heater`,
      `=${tag} formula`,
    ]);
    const refused = await get('?found=some');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Found must be none or any');
  });

  it('downloads the same as CSV, with what visitors typed kept from running as a formula', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db, { isAdmin: true }));
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/analytics/searches.csv?days=7', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="searches-without-results-\d{4}-\d{2}-\d{2}-7d\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('"words","place","searches","searches without a result"');
    expect(lines).toContain(`"${tag} pool heater","10001","5","4"`);
    expect(lines).toContain(`"'=${tag} formula","","1","1"`);
  });

  it('is for admins only', async () => {
    for (const url of ['/api/admin/analytics/searches', '/api/admin/analytics/searches.csv']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      const cookie = await loginAs(t.app, owner);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode, url).toBe(403);
    }
  });
});
