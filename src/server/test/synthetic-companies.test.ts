/**
 * The bench's bulk load (bench/synthetic-companies.ts: indexes built after, vector triggers off
 * and one statement for the vectors) must leave exactly what a row-by-row load through the app's
 * triggers leaves, or the bench would measure another database than the app's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertSyntheticCompanies } from '../../../bench/synthetic-companies';
import { startTestApp, type TestApp } from './harness';

const COUNT = 1_500;
let rowByRow: TestApp;
let bulk: TestApp;

beforeAll(async () => {
  [rowByRow, bulk] = await Promise.all([startTestApp(), startTestApp()]);
  await insertSyntheticCompanies(rowByRow.database.pool, COUNT);
  await insertSyntheticCompanies(bulk.database.pool, COUNT, undefined, { bulk: true });
}, 120_000);
afterAll(() => Promise.all([rowByRow?.close(), bulk?.close()]));

async function contents(t: TestApp) {
  const companies = await t.db.execute<{ row: Record<string, unknown> }>(
    sql`SELECT to_jsonb(c) - 'created_at' - 'updated_at' AS row FROM companies c ORDER BY c.id`,
  );
  const links = await t.db.execute(sql`SELECT company_id, subcategory_id FROM company_subcategories ORDER BY 1, 2`);
  const terms = await t.db.execute(sql`SELECT term FROM search_terms ORDER BY term`);
  const lexemes = await t.db.execute(sql`SELECT lexeme, companies FROM search_lexeme_counts WHERE companies <> 0 ORDER BY 1`);
  const indexes = await t.db.execute(
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'companies' AND schemaname = current_schema() ORDER BY 1`,
  );
  const triggers = await t.db.execute(
    sql`SELECT tgname, tgenabled FROM pg_trigger WHERE NOT tgisinternal AND tgrelid IN ('companies'::regclass, 'company_subcategories'::regclass) ORDER BY 1`,
  );
  return {
    companies: companies.rows.map((r) => r.row),
    links: links.rows,
    terms: terms.rows,
    lexemes: lexemes.rows,
    indexes: indexes.rows,
    triggers: triggers.rows,
  };
}

it('leaves the same rows, search vectors, terms, lexeme counts, indexes and triggers as a row-by-row load', async () => {
  const [expected, actual] = await Promise.all([contents(rowByRow), contents(bulk)]);
  expect(actual.companies).toHaveLength(COUNT);
  expect(actual.companies.every((row) => typeof row.search_vector === 'string' && row.search_vector.length > 0)).toBe(true);
  expect(actual).toEqual(expected);
});
