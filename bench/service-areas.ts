/**
 * What service areas cost a listing about a place or a subcategory: each row the
 * listing reads is tested against its company's preferences (`takesInSql`), at the cost of one
 * boolean for a company that set none. This times, in process and one after another, searches
 * that name a place and subcategory pages, with no company having set an area (the baseline,
 * measured in the same run) and then with 1%, 10% and 100% of the catalogue having set one (half
 * a radius, half three ZIP codes; a tenth of them also narrowing their services), and prints each
 * as a ratio to the baseline.
 *
 *   node --import tsx bench/service-areas.ts [--companies 100000] [--rounds 5] [--admin-url URL]
 *
 * Writes nothing but its throwaway database (dropped at the end) and prints a Markdown table.
 */
import { parseArgs } from 'node:util';
import { migrateDatabase, openPostgres } from '@/server/db/client';
import { seedDatabase } from '@/server/db/seed/seed';
import { CompaniesService } from '@/server/modules/companies/companies.service';
import { SearchService } from '@/server/modules/search/search.service';
import { SearchQuerySchema } from '@/shared/schemas/company';
import { createBenchDatabase } from './postgres-database';
import { insertSyntheticCompanies } from './synthetic-companies';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const companies = Number(values.companies);
const rounds = Number(values.rounds);

/** The mix's requests that a service area touches: a place, or one subcategory. */
const SEARCHES = [
  { q: 'plumbing', location: '78701' },
  { location: '10001', radius: 50, sort: 'distance' },
  { q: 'roof repair', location: 'Austin, TX' },
  { location: '60601', radius: 100 },
  { q: 'electric', location: '94103', sort: 'distance', page: 3 },
];
const SUBCATEGORY_PAGES = ['plumber', 'house-cleaning', 'roof-repair'];

async function main() {
  const database = await createBenchDatabase(values['admin-url']);
  const handle = openPostgres(database.url, 4);
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle, { demo: false });
    await insertSyntheticCompanies(handle.pool, companies, () => {}, { bulk: true });
    await handle.pool.query('VACUUM ANALYZE');
    const listings = new CompaniesService(handle.db);
    const search = new SearchService(handle.db, listings);
    const { rows: subcategoryRows } = await handle.pool.query<{ id: number; category_id: number; slug: string }>(
      'SELECT id, category_id, slug FROM subcategories WHERE slug = ANY($1)',
      [SUBCATEGORY_PAGES],
    );

    /** Milliseconds of one pass over every request, the median of `rounds` passes after a warm-up. */
    const timePass = async () => {
      const pass = async () => {
        const started = performance.now();
        for (const query of SEARCHES) await search.search(SearchQuerySchema.parse(query));
        for (const sub of subcategoryRows) {
          await listings.list({ categoryId: sub.category_id, subcategoryId: sub.id, sort: 'topRated' }, 1, 9);
        }
        return performance.now() - started;
      };
      await pass();
      const times: number[] = [];
      for (let i = 0; i < rounds; i += 1) times.push(await pass());
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
    };
    const rows: string[] = [];
    const baseline = await timePass();
    const baselineTotal = (await search.search(SearchQuerySchema.parse(SEARCHES[0]))).pagination.total;
    rows.push(`| none | ${baseline.toFixed(1)} | 1.00 | ${baselineTotal} |`);
    for (const share of [0.01, 0.1, 1]) {
      await handle.pool.query(`UPDATE companies SET has_lead_scope = (id % $1 = 0) WHERE has_lead_scope <> (id % $1 = 0)`, [
        Math.round(1 / share),
      ]);
      // The update's dead rows would make the listings read more pages than the baseline did.
      await handle.pool.query('VACUUM ANALYZE companies');
      // Every 1/share-th company sets an area: even ones a radius of 10–60 miles, odd ones three
      // ZIP codes near its own; every tenth of them takes its first service only.
      const step = Math.round(1 / share);
      await handle.pool.query(`TRUNCATE company_lead_preferences, company_service_zips, company_lead_subcategories`);
      await handle.pool.query(
        `INSERT INTO company_lead_preferences (company_id, service_radius_miles)
         SELECT id, CASE WHEN (id / $1) % 2 = 0 THEN 10 + id % 51 END FROM companies WHERE id % $1 = 0`,
        [step],
      );
      await handle.pool.query(
        `INSERT INTO company_service_zips (company_id, zip)
         SELECT c.id, z.zip FROM companies c
           CROSS JOIN LATERAL (SELECT zip FROM zip_codes WHERE zip >= left(c.zip, 5) ORDER BY zip LIMIT 3) z
          WHERE c.id % $1 = 0 AND (c.id / $1) % 2 = 1`,
        [step],
      );
      await handle.pool.query(
        `INSERT INTO company_lead_subcategories (company_id, subcategory_id)
         SELECT DISTINCT ON (cs.company_id) cs.company_id, cs.subcategory_id FROM company_subcategories cs
          WHERE cs.company_id % ($1 * 10) = 0 ORDER BY cs.company_id, cs.subcategory_id`,
        [step],
      );
      await handle.pool.query('ANALYZE company_lead_preferences, company_service_zips, company_lead_subcategories');
      const { rows: counted } = await handle.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM company_lead_preferences');
      const time = await timePass();
      const answers = await search.search(SearchQuerySchema.parse(SEARCHES[0]));
      rows.push(
        `| ${(share * 100).toFixed(0)}% (${counted[0].n.toLocaleString('en-US')}) | ${time.toFixed(1)} | ${(time / baseline).toFixed(2)} | ${answers.pagination.total} |`,
      );
    }
    // The baseline again, last: the machine's noise between the first and the last row.
    await handle.pool.query(`TRUNCATE company_lead_preferences, company_service_zips, company_lead_subcategories`);
    await handle.pool.query(`UPDATE companies SET has_lead_scope = false WHERE has_lead_scope`);
    await handle.pool.query('VACUUM ANALYZE companies');
    const again = await timePass();
    rows.push(`| none, again | ${again.toFixed(1)} | ${(again / baseline).toFixed(2)} | ${baselineTotal} |`);
    console.log(
      `\nService areas at ${companies.toLocaleString('en-US')} companies (${rounds} passes, median; ${new Date().toISOString()})\n`,
    );
    console.log('| companies with an area | one pass of 8 listings, ms | ratio to none | "plumbing" near 78701: total |');
    console.log('| --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
  } finally {
    await handle.close();
    await database.drop();
  }
}

await main();
