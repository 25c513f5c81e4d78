/** Listing appearances and searches: counted in memory, written in batches, searches kept without who. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, loginAs, newTag } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { ActivityCounter, MAX_PENDING } from './activity-counter';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ANALYTICS_RETENTION_DAYS: '30' });
});
afterAll(() => t.close());

const get = async (url: string, cookie?: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ pagination: { total: number } }>();
};

async function appearancesOf(companyId: number) {
  const result = await t.db.execute<{ source: string; appearances: number }>(sql`
    SELECT source, appearances FROM company_appearances
     WHERE company_id = ${companyId} AND day = (now() AT TIME ZONE 'UTC')::date ORDER BY source`);
  return Object.fromEntries(result.rows.map((row) => [row.source, row.appearances]));
}

async function searchLogOf(words: string) {
  const result = await t.db.execute<{ place: string; searches: number; empty_searches: number }>(sql`
    SELECT place, searches, empty_searches FROM search_log
     WHERE words = ${words} AND day = (now() AT TIME ZONE 'UTC')::date ORDER BY place`);
  return result.rows;
}

describe('listing appearances', () => {
  it('counts each card a search or category page showed, written once per batch', async () => {
    const tag = newTag();
    const first = await createCompany(t.db, { name: `${tag} Drains`, categorySlug: 'cleaning-services' });
    const second = await createCompany(t.db, { name: `${tag} Pipes`, categorySlug: 'cleaning-services' });
    await get(`/api/search?q=${tag}`);
    await get(`/api/search?q=${tag}&sort=newest`);
    await get(`/api/categories/cleaning-services/companies?sort=newest&limit=50`);
    // Before the batch is written nothing is in the table: no write per card.
    expect(await appearancesOf(first.id)).toEqual({});
    await t.app.services.activity.flush();
    expect(await appearancesOf(first.id)).toEqual({ category: 1, search: 2 });
    expect(await appearancesOf(second.id)).toEqual({ category: 1, search: 2 });
  });

  it('adds the cards to their category of the day in the same write, and a page view to its category', async () => {
    const tag = newTag();
    const company = await createCompany(t.db, { name: `${tag} Vents`, categorySlug: 'hvac-services' });
    const ofCategory = async () => {
      const result = await t.db.execute<{ figure: string; value: number }>(sql`
        SELECT figure, value::int AS value FROM category_activity
         WHERE category_id = ${company.categoryId} AND day = (now() AT TIME ZONE 'UTC')::date`);
      return Object.fromEntries(result.rows.map((row) => [row.figure, row.value]));
    };
    await t.app.services.activity.flush();
    const before = await ofCategory();
    await get(`/api/search?q=${tag}`);
    await get(`/api/search?q=${tag}&page=1&sort=newest`);
    await t.app.services.activity.flush();
    const views = await t.app.inject({ method: 'POST', url: `/api/companies/${company.id}/views` });
    expect(views.statusCode).toBe(204);
    const after = await ofCategory();
    expect((after.searchAppearances ?? 0) - (before.searchAppearances ?? 0)).toBe(2);
    expect((after.pageViews ?? 0) - (before.pageViews ?? 0)).toBe(1);
  });

  it('does not count a favourites list (the visitor chose those), nor a page that shows nothing', async () => {
    const tag = newTag();
    const company = await createCompany(t.db, { name: `${tag} Roofing` });
    await get(`/api/search?ids=${company.id}`);
    await get(`/api/categories/plumbing-services/companies?ids=${company.id}`);
    await t.app.services.activity.flush();
    expect(await appearancesOf(company.id)).toEqual({});
  });

  it('skips a company deleted before the batch was written', async () => {
    const tag = newTag();
    const company = await createCompany(t.db, { name: `${tag} Gutters` });
    await get(`/api/search?q=${tag}`);
    await t.db.execute(sql`DELETE FROM companies WHERE id = ${company.id}`);
    await t.app.services.activity.flush();
    const left = await t.db.execute(sql`SELECT 1 FROM company_appearances WHERE company_id = ${company.id}`);
    expect(left.rows).toEqual([]);
  });

  it('keeps the counts of a failed write for the next one', async () => {
    const tag = newTag();
    const company = await createCompany(t.db, { name: `${tag} Fencing` });
    await get(`/api/search?q=${tag}`);
    await t.db.execute(sql`ALTER TABLE company_appearances RENAME TO company_appearances_away`);
    try {
      await t.app.services.activity.flush();
    } finally {
      await t.db.execute(sql`ALTER TABLE company_appearances_away RENAME TO company_appearances`);
    }
    await get(`/api/search?q=${tag}`);
    await t.app.services.activity.flush();
    expect(await appearancesOf(company.id)).toEqual({ search: 2 });
  });

  it('holds a bounded number of counts between writes and says how many it dropped', () => {
    const counter = new ActivityCounter(t.db, t.app.log, { retentionDays: 90 });
    counter.countAppearances(
      'search',
      Array.from({ length: MAX_PENDING + 3 }, (_, i) => i + 1),
    );
    counter.countAppearances('search', [1, 2]);
    expect(counter.droppedCounts).toBe(3);
  });
});

describe('the search log', () => {
  it('keeps the words and place of a first page, how often, and how often nothing was found — not who', async () => {
    const tag = newTag();
    const words = `${tag} chimney sweep`;
    const customer = await createUser(t.db);
    const cookie = await loginAs(t.app, customer);
    await get(`/api/search?q=${encodeURIComponent(`  ${tag.toUpperCase()}   Chimney  SWEEP `)}`, cookie);
    await get(`/api/search?q=${encodeURIComponent(words)}`);
    await get(`/api/search?q=${encodeURIComponent(words)}&location=78701`);
    // A further page of the same search is not another search.
    await get(`/api/search?q=${encodeURIComponent(words)}&page=2`);
    await t.app.services.activity.flush();
    expect(await searchLogOf(words)).toEqual([
      { place: '', searches: 2, empty_searches: 2 },
      { place: '78701', searches: 1, empty_searches: 1 },
    ]);
    const columns = await t.db.execute<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'search_log' ORDER BY column_name`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(['day', 'empty_searches', 'place', 'searches', 'words']);
  });

  it('counts a search that found companies as found', async () => {
    const tag = newTag();
    await createCompany(t.db, { name: `${tag} Lawn Care` });
    await get(`/api/search?q=${tag}`);
    await t.app.services.activity.flush();
    expect(await searchLogOf(tag)).toEqual([{ place: '', searches: 1, empty_searches: 0 }]);
  });

  it('forgets searches older than the retention days (ANALYTICS_RETENTION_DAYS) in its named job', async () => {
    const tag = newTag();
    await t.db.execute(sql`
      INSERT INTO search_log (day, words, place, searches, empty_searches) VALUES
        ((now() AT TIME ZONE 'UTC')::date - 31, ${`${tag} old`}, '', 4, 4),
        ((now() AT TIME ZONE 'UTC')::date - 30, ${`${tag} kept`}, '', 2, 0)`);
    const jobs = await t.app.services.jobs.list();
    expect(jobs.map((job) => job.name)).toContain('insight.search-log-retention');
    await t.app.services.jobs.runNow('insight.search-log-retention');
    await t.app.services.jobs.idle();
    const left = await t.db.execute<{ words: string }>(sql`SELECT words FROM search_log WHERE words LIKE ${`${tag}%`}`);
    expect(left.rows.map((row) => row.words)).toEqual([`${tag} kept`]);
  });
});
