/**
 * Bulk-inserts synthetic listings with SQL, in batches, through the app's own triggers (search
 * vector, search terms): every category and subcategory, every real ZIP code, one subcategory
 * each, 60% with ratings figures, 2% inactive. Runs on PostgreSQL and on PGlite alike.
 */
import type pg from 'pg';

const BATCH = 50_000;
const STATEMENT_TIMEOUT = '15min';

const NAME_PREFIXES = [
  'Summit',
  'Bright',
  'Eagle',
  'Prime',
  'Metro',
  'Apex',
  'Cardinal',
  'Evergreen',
  'Liberty',
  'Pioneer',
  'Reliable',
  'Precision',
  'Hometown',
  'Lakeside',
  'Golden',
  'Patriot',
  'Sterling',
  'Northstar',
  'Keystone',
  'Heritage',
  'Premier',
  'Allied',
  'Frontier',
  'Coastal',
  'Valley',
  'Granite',
  'Oakwood',
  'Cedar',
  'Maple',
  'Redwood',
  'Harbor',
  'Pinnacle',
  'Trusty',
  'Blue Sky',
  'Ironclad',
  'Sunrise',
  'Riverbend',
  'Highland',
  'Midtown',
  'Crescent',
];
const NAME_SUFFIXES = ['Pros', 'Co', 'Services', 'Group', '& Sons', 'Experts', 'Solutions', 'Specialists', 'Works', 'Team'];

const sqlTextArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]`;

/**
 * How ratings, review counts and favorites derive from the row number g:
 * - `independent` (the bench): from a hash of g, so they are spread evenly over categories and
 *   places, as a real catalogue's are;
 * - `fromRowNumber`: from g itself modulo 5, 200, 150 and 25, which ties them to the category (g
 *   mod 14) and the name: half the categories never rate 4.95 or more, so their words sit 15,000
 *   places down the rating order at 1,000,000; names whose prefix falls on g mod 5 >= 3 are never
 *   rated; and a (rating, count) pair repeats every 600 rows. The corpus
 *   search-results.golden.json was recorded on, kept because it is the hard case for a walk.
 */
export type SyntheticFigures = 'independent' | 'fromRowNumber';

const FIGURES: Record<SyntheticFigures, { rated: string; rating: string; reviews: string; favorites: string }> = {
  independent: {
    rated: '(abs(hashint4(g)::bigint) / 750000) % 5 < 3',
    rating: 'abs(hashint4(g)::bigint) % 200',
    reviews: '(abs(hashint4(g)::bigint) / 200) % 150',
    favorites: '(abs(hashint4(g)::bigint) / 30000) % 25',
  },
  fromRowNumber: { rated: 'g % 5 < 3', rating: '(g * 37) % 200', reviews: '(g * 13) % 150', favorites: '(g * 7) % 25' },
};

/**
 * Companies g = $1..$2. Category = g mod 14, subcategory = the next of that category's, ZIP = a
 * stride of a prime through all ZIP codes, so neighbours in g land far apart.
 */
const insertCompanies = (figures: SyntheticFigures, createdOverDays?: number, around?: Around) => {
  // Only the ZIP codes within a box of `miles` around the places named, when asked.
  const zips = around
    ? `(SELECT zc.* FROM zip_codes zc WHERE EXISTS (
         SELECT 1 FROM zip_codes p WHERE p.zip IN (${around.zips.map((zip) => `'${zip.replace(/\D/g, '')}'`).join(', ')})
            AND abs(zc.latitude - p.latitude) <= ${around.miles / 69}
            AND abs(zc.longitude - p.longitude) <= ${around.miles / 50}))`
    : 'zip_codes';
  return `
WITH zc AS (SELECT count(*) AS n FROM ${zips} zc),
     z AS (SELECT row_number() OVER (ORDER BY zip) - 1 AS n, zip, city, state, latitude, longitude FROM ${zips} zc),
     catc AS (SELECT count(*) AS n FROM categories),
     cat AS (SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM categories),
     sub AS (SELECT category_id, name, row_number() OVER (PARTITION BY category_id ORDER BY id) - 1 AS n,
                    count(*) OVER (PARTITION BY category_id) AS cnt
               FROM subcategories)
INSERT INTO companies (name, description, category_id, subcategory, phone, email, address, city, state, zip,
                       latitude, longitude, is_active, average_rating, ratings_count, favorites_count${createdOverDays ? ', created_at' : ''})
SELECT (${sqlTextArray(NAME_PREFIXES)})[1 + (g * 31) % ${NAME_PREFIXES.length}] || ' ' || sub.name || ' '
         || (${sqlTextArray(NAME_SUFFIXES)})[1 + (g * 17) % ${NAME_SUFFIXES.length}],
       'Licensed and insured ' || lower(sub.name) || ' in ' || z.city || ', ' || z.state
         || '. Free estimates, honest prices and work done right the first time.',
       cat.id, sub.name,
       '(555) 01' || lpad((g % 100000)::text, 5, '0'), 'listing' || g || '@example.com',
       (1 + g % 9000) || ' Main Street', z.city, z.state, z.zip, z.latitude, z.longitude,
       g % 50 <> 0,
       CASE WHEN ${FIGURES[figures].rated} THEN round(3 + (${FIGURES[figures].rating}) / 100.0, 2) END,
       CASE WHEN ${FIGURES[figures].rated} THEN 1 + ${FIGURES[figures].reviews} ELSE 0 END,
       ${FIGURES[figures].favorites}${
         createdOverDays
           ? `,
       now() - (abs(hashint4(g + 101))::bigint % ${createdOverDays * 1440}) * interval '1 minute'`
           : ''
       }
  FROM generate_series($1::int, $2::int) AS g
  CROSS JOIN zc CROSS JOIN catc
  JOIN cat ON cat.n = g % catc.n
  JOIN sub ON sub.category_id = cat.id AND sub.n = (g / catc.n) % sub.cnt
  JOIN z ON z.n = (g::bigint * 7919) % zc.n`;
};

/** Places to crowd companies around: ZIP codes, and how far around them (a box). */
export interface Around {
  zips: string[];
  miles: number;
}

/** Each new company gets the subcategory its row names (the trigger then re-weights its vector). */
const LINK_SUBCATEGORIES = `
INSERT INTO company_subcategories (company_id, subcategory_id)
SELECT c.id, s.id
  FROM companies c JOIN subcategories s ON s.category_id = c.category_id AND s.name = c.subcategory
 WHERE c.id > $1`;

const VECTORS_OF_NEW = `
UPDATE companies c SET search_vector = company_search_vector(c.id, c.name, c.description, c.category_id, c.city, c.state)
 WHERE c.id > $1`;

/** The two triggers that keep a company's search vector (migrations 0002 and 0003). */
async function setVectorTriggers(client: pg.PoolClient, state: 'ENABLE' | 'DISABLE'): Promise<void> {
  await client.query(`ALTER TABLE companies ${state} TRIGGER companies_search_vector_update`);
  await client.query(`ALTER TABLE company_subcategories ${state} TRIGGER company_subcategories_search_update`);
}

/**
 * The secondary indexes of companies (not those behind a constraint), to drop before a bulk load
 * and build again after it: one sorted build per index instead of a million inserts into each
 * (the two GIN indexes above all).
 */
async function droppableIndexes(client: pg.PoolClient): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(`
    SELECT i.indexname AS name, i.indexdef AS definition
      FROM pg_indexes i
     WHERE i.tablename = 'companies' AND i.schemaname = current_schema()
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
     ORDER BY i.indexname`);
  return rows;
}

export async function insertSyntheticCompanies(
  pool: pg.Pool,
  count: number,
  onProgress: (done: number) => void = () => {},
  /** `createdOverDays`: creation times spread over that many days before now (else all now). */
  /** `around`: companies land only near these places instead of all over the country. */
  options: { bulk?: boolean; figures?: SyntheticFigures; createdOverDays?: number; around?: Around } = {},
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`SET statement_timeout = '${STATEMENT_TIMEOUT}'`);
    const { rows: existing } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    const offset = existing[0].n;
    const deferred = options.bulk ? await droppableIndexes(client) : [];
    for (const index of deferred) await client.query(`DROP INDEX ${index.name}`);
    try {
      for (let from = 1; from <= count; from += BATCH) {
        const to = Math.min(count, from + BATCH - 1);
        await client.query('BEGIN');
        const { rows } = await client.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM companies');
        // In bulk, the vector triggers are off (a trigger on each subcategory link is one UPDATE
        // statement per company: 85% of the seeding time) and one statement computes every new
        // company's vector after the links, with the same function the triggers call.
        if (options.bulk) await setVectorTriggers(client, 'DISABLE');
        await client.query(insertCompanies(options.figures ?? 'independent', options.createdOverDays, options.around), [
          offset + from,
          offset + to,
        ]);
        await client.query(LINK_SUBCATEGORIES, [rows[0].max]);
        if (options.bulk) {
          await setVectorTriggers(client, 'ENABLE');
          await client.query(VECTORS_OF_NEW, [rows[0].max]);
        }
        await client.query('COMMIT');
        onProgress(to);
      }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      // Built again even after a failure: the definitions came from the database itself.
      if (deferred.length > 0) await client.query(`SET maintenance_work_mem = '128MB'`);
      for (const index of deferred) await client.query(index.definition);
    }
  } finally {
    // Destroyed rather than returned: the session carries the statement timeout.
    client.release(true);
  }
}
