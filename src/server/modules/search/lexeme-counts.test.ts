/**
 * search_lexeme_counts (migration 0017) is exact after every kind of write to companies, also
 * when writers race; a one-word search whose lexeme alone reaches the capped total is answered
 * without the count that would read every match, and prefixes are matched as the lexemes they
 * stand for, which match exactly the same companies.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { companies } from '@/server/db/schema';
import { SearchQuerySchema } from '@/shared/schemas/company';
import { createCompany } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { exactTextQuery, MAX_PREFIX_LEXEMES, TOTAL_CAP } from '../companies/companies.repository';
import { CompaniesService } from '../companies/companies.service';
import { SearchService } from './search.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The table, and what it must hold: every lexeme of every active company's vector, counted. */
async function countsAndTruth() {
  const kept = await t.db.execute<{ lexeme: string; companies: number }>(
    sql`SELECT lexeme, companies FROM search_lexeme_counts WHERE companies > 0 ORDER BY lexeme COLLATE "C"`,
  );
  const truth = await t.db.execute<{ lexeme: string; companies: number }>(sql`
    SELECT lexeme COLLATE "C" AS lexeme, count(*)::int AS companies
      FROM companies, unnest(tsvector_to_array(search_vector)) AS lexeme
     WHERE is_active GROUP BY 1 ORDER BY 1`);
  return { kept: kept.rows, truth: truth.rows };
}

async function held(lexeme: string): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`SELECT companies AS n FROM search_lexeme_counts WHERE lexeme = ${lexeme}`,
  );
  return rows[0]?.n ?? 0;
}

describe('search_lexeme_counts', () => {
  it('stays exact through inserts, renames, subcategory links, deactivation and deletion', async () => {
    const before = await held('zanzibarite');
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createCompany(t.db, { name: `Zanzibarite Builders ${i}` }));
    expect(await held('zanzibarit')).toBe(before + 4);
    await t.db.update(companies).set({ name: 'Quokka Roofing' }).where(eq(companies.id, made[0].id));
    await t.db.update(companies).set({ isActive: false }).where(eq(companies.id, made[1].id));
    // Figures that do not touch the vector move nothing.
    await t.db.update(companies).set({ ratingsCount: 7, averageRating: 4.5 }).where(eq(companies.id, made[2].id));
    await t.db.delete(companies).where(eq(companies.id, made[3].id));
    expect(await held('zanzibarit')).toBe(1);
    expect(await held('quokka')).toBeGreaterThanOrEqual(1);
    await t.db.update(companies).set({ isActive: true }).where(eq(companies.id, made[1].id));
    expect(await held('zanzibarit')).toBe(2);
    const { kept, truth } = await countsAndTruth();
    expect(kept).toEqual(truth);
  });

  it('stays exact when writers race, without deadlocks', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db.transaction(async (tx) => {
          const company = await createCompany(tx, {
            name: `Racing Wombat Movers ${i}`,
            description: 'Licensed and insured movers.',
          });
          if (i % 3 === 0) await tx.update(companies).set({ isActive: false }).where(eq(companies.id, company.id));
        }),
      ),
    );
    expect(await held('wombat')).toBe(8);
    const { kept, truth } = await countsAndTruth();
    expect(kept).toEqual(truth);
  });
});

describe('a one-word search', () => {
  const dialect = new PgDialect();

  /** The app's db, recording each statement's text. */
  function recording(db: Db): { db: Db; statements: string[] } {
    const statements: string[] = [];
    const spy = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return (query: SQL) => {
          statements.push(dialect.sqlToQuery(query).sql);
          return target.execute(query);
        };
      },
    });
    return { db: spy, statements };
  }

  beforeAll(async () => {
    // More than the cap of companies holding "pelican", and a few "pelicanry".
    await t.db.execute(sql`
      INSERT INTO companies (name, description, category_id, phone, email, address, city, state, zip)
      SELECT 'Pelican Painters ' || g, 'Painting done right.', (SELECT min(id) FROM categories), '(512) 555-0100',
             'pelican' || g || '@example.com', '1 Main Street', 'Austin', 'TX', '78701'
        FROM generate_series(1, ${TOTAL_CAP + 5}) AS g`);
    await createCompany(t.db, { name: 'Pelicanry Supply' });
  });

  it('knows a lower bound from one lexeme, and none for two words', async () => {
    const atLeast = async (tsquery: string) => (await exactTextQuery(t.db, tsquery)).atLeast;
    expect(await atLeast('(pelican:*)')).toBe(TOTAL_CAP + 5);
    expect(await atLeast('(pelicn:* | pelican:*)')).toBe(TOTAL_CAP + 5);
    expect(await atLeast('(pelican:*) & (austin:*)')).toBe(0);
    expect(await atLeast('(xyzzyq:*)')).toBe(0);
    // A stopword has no lexeme.
    expect(await atLeast('(the:*)')).toBe(0);
  });

  it('spells a prefix out as the lexemes of active companies under it', async () => {
    await createCompany(t.db, { name: 'Pelicanesque Décor', isActive: false });
    const { exact } = await exactTextQuery(t.db, '(pelicn:* | pelican:*) & (austin:*)');
    // "pelicn" holds no lexeme and stays a prefix; the inactive company's word is left out (a
    // tsquery's text, where nested alternatives are one list).
    expect(exact).toMatch(/^\( 'pelicn':\* \| 'pelican' \| 'pelicanri' \) & \(? ?'austin'.*$/);
    expect(exact).not.toContain('pelicanesqu');
  });

  it('matches exactly the companies the prefixes match', async () => {
    await createCompany(t.db, {
      name: 'Pelican’s Own Ltd',
      description: "O'Brien & sons, pelican-friendly, see pelican.com/it's",
    });
    // Its only lexeme under "pelican" has a letter above every ASCII one.
    await createCompany(t.db, { name: 'Mural Studio', description: 'Pelicanéa murals.' });
    // More lexemes under "qz" than are spelled out: that prefix stays.
    const many = Array.from({ length: MAX_PREFIX_LEXEMES + 1 }, (_, i) => `qz${i.toString(36)}x`).join(' ');
    await createCompany(t.db, { name: 'Quartz Works', description: many });
    expect((await exactTextQuery(t.db, '(qz:*)')).exact).toBe("'qz':*");
    const queries = [
      '(pelican:*)',
      '(pelicn:* | pelican:*) & (austin:*)',
      '(pel:*) & (paint:*)',
      '(p:*) & (licens:*)',
      '(obrien:* | o:*)',
      '(qz:*) & (quartz:*)',
      '(qz1:*)',
      '(the:*)',
      '(xyzzyq:*)',
      '(pelican:*) & (xyzzyq:*)',
    ];
    for (const tsquery of queries) {
      const { exact } = await exactTextQuery(t.db, tsquery);
      const { rows } = await t.db.execute<{ prefixed: number[] | null; spelled: number[] | null }>(sql`
        SELECT array_agg(id ORDER BY id) FILTER (WHERE search_vector @@ to_tsquery('english', ${tsquery})) AS prefixed,
               array_agg(id ORDER BY id) FILTER (WHERE search_vector @@ ${exact}::tsquery) AS spelled
          FROM companies WHERE is_active`);
      expect(rows[0].spelled, `${tsquery} → ${exact}`).toEqual(rows[0].prefixed);
    }
  });

  it('that one lexeme brings to the cap is not counted, and its total is the cap', async () => {
    const { db, statements } = recording(t.db);
    const companiesService = new CompaniesService(db);
    const search = new SearchService(db, companiesService);
    const answer = await search.search(SearchQuerySchema.parse({ q: 'pelican', sort: 'topRated' }));
    expect(answer.pagination.total).toBe(TOTAL_CAP);
    expect(answer.results).toHaveLength(9);
    expect(statements.some((text) => /count\(\*\)/.test(text))).toBe(false);

    // Within one category, the word's lexeme says nothing of how many of its companies match.
    const elsewhere = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM categories WHERE id <> (SELECT min(id) FROM categories) ORDER BY id LIMIT 1`,
    );
    const inCategory = await companiesService.list(
      { tsquery: '(pelican:*)', categoryId: elsewhere.rows[0].id, sort: 'topRated' },
      1,
      9,
    );
    expect(inCategory.pagination.total).toBeLessThan(TOTAL_CAP);

    // Two words: counted, as before.
    statements.length = 0;
    const both = await search.search(SearchQuerySchema.parse({ q: 'pelican painters', sort: 'topRated' }));
    expect(both.pagination.total).toBe(TOTAL_CAP);
    expect(statements.some((text) => /count\(\*\)/.test(text))).toBe(true);
  });
});
