/**
 * `npm run geo:import -- FILE`: loads the operator's country's postal codes from a file in the
 * GeoNames dump format into zip_codes, replacing what was there, in one transaction.
 *
 * - Streaming: lines are parsed as they arrive and sent to a temporary table in batches, each sent
 *   before the next is read, so memory holds one batch whatever the file's size.
 * - Nothing half: a refused line is counted and named (its number and why) and the others load; a
 *   failure anywhere rolls everything back; a file with no line to load changes nothing, so an
 *   import of the wrong file cannot empty the table.
 * - Areas: where the country names areas (British outward codes), each gets a row at the centre
 *   of its codes unless the file gives one.
 * - Idempotent: the table is merged with the file (rows added, changed or removed only where they
 *   differ), so importing the same file again writes nothing. A code the file lists more than once
 *   (French communes sharing one) keeps its first place name and the centre of its coordinates.
 * - Only a change moves zip_codes_stamp, which tells running nodes to forget remembered places,
 *   and places again the companies listed before their code was known (their centre, their zone).
 * - Each code keeps its time zone outside the US (country-time-zones.ts), read by opening hours.
 */
import type pg from 'pg';
import { timeZoneOf } from './country-time-zones';
import { linesOf, parsePostalCodeLine, type PostalCodeRow } from './geonames-postal-codes';

/** Rows sent per statement: large enough that round trips cost little, small enough to hold. */
const BATCH_ROWS = 5000;
/**
 * The centre of a group's coordinates, summed exactly (numeric) and rounded to 10 cm, so that it
 * comes out the same whatever order the rows are added in: what makes a re-import change nothing.
 */
const CENTRE = (column: string) => `round(avg(${column}::numeric), 6)::float8`;

/** The report names this many refused lines; the rest are counted. */
const REFUSALS_NAMED = 100;

export interface PostalCodeImportReport {
  country: string;
  /** Lines read, the empty ones included. */
  lines: number;
  /** Lines loaded into the file's rows. */
  accepted: number;
  refusedCount: number;
  /** The first refused lines, in file order. */
  refused: { line: number; reason: string }[];
  /** Distinct codes loaded (codes listed more than once count once), with the areas' rows. */
  places: number;
  added: number;
  changed: number;
  removed: number;
  /** False when no line could be loaded: the table was left as it was. */
  loaded: boolean;
}

type Batch = {
  line: number[];
  zip: string[];
  city: string[];
  state: string[];
  area: (string | null)[];
  timeZone: (string | null)[];
  latitude: number[];
  longitude: number[];
};

const emptyBatch = (): Batch => ({ line: [], zip: [], city: [], state: [], area: [], timeZone: [], latitude: [], longitude: [] });

function add(batch: Batch, line: number, row: PostalCodeRow): void {
  batch.line.push(line);
  batch.zip.push(row.postalCode);
  batch.city.push(row.place);
  batch.state.push(row.admin1Code ?? '');
  batch.area.push(row.area);
  // US zones follow the state and the longitude, in SQL (us_time_zone).
  batch.timeZone.push(row.country === 'US' ? null : timeZoneOf(row.country, row.admin1Code));
  batch.latitude.push(row.latitude);
  batch.longitude.push(row.longitude);
}

async function send(client: pg.ClientBase, batch: Batch): Promise<void> {
  if (batch.line.length === 0) return;
  await client.query(
    `INSERT INTO postal_code_import (line, zip, city, state, area, time_zone, latitude, longitude)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[])`,
    [batch.line, batch.zip, batch.city, batch.state, batch.area, batch.timeZone, batch.latitude, batch.longitude],
  );
}

/**
 * Reads `source` as postal codes of `country` and merges them into zip_codes on `client` (one
 * connection, not a pool: the temporary table and the transaction are the connection's).
 */
export async function importPostalCodes(
  client: pg.ClientBase,
  source: AsyncIterable<Uint8Array>,
  country: string,
): Promise<PostalCodeImportReport> {
  const report: PostalCodeImportReport = {
    country,
    lines: 0,
    accepted: 0,
    refusedCount: 0,
    refused: [],
    places: 0,
    added: 0,
    changed: 0,
    removed: 0,
    loaded: false,
  };
  const refuse = (line: number, reason: string) => {
    report.refusedCount += 1;
    if (report.refused.length < REFUSALS_NAMED) report.refused.push({ line, reason });
  };

  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE TEMPORARY TABLE postal_code_import (
         line int NOT NULL, zip text NOT NULL, city text NOT NULL, state text NOT NULL, area text, time_zone text,
         latitude float8 NOT NULL, longitude float8 NOT NULL) ON COMMIT DROP`,
    );
    let batch = emptyBatch();
    for await (const raw of linesOf(source)) {
      report.lines = raw.number;
      if (raw.text === null) {
        refuse(raw.number, raw.refused ?? 'unreadable');
        continue;
      }
      // Blank lines (a file's last newline, a hand-edited sample's spacing) carry nothing.
      if (raw.text.trim() === '') continue;
      const parsed = parsePostalCodeLine(raw.text, country);
      if (!parsed.ok) {
        refuse(raw.number, parsed.reason);
        continue;
      }
      add(batch, raw.number, parsed.row);
      report.accepted += 1;
      if (batch.line.length >= BATCH_ROWS) {
        await send(client, batch);
        batch = emptyBatch();
      }
    }
    await send(client, batch);
    if (report.accepted === 0) {
      await client.query('ROLLBACK');
      return report;
    }

    await client.query(
      `CREATE TEMPORARY TABLE postal_code_places ON COMMIT DROP AS
         SELECT zip,
                (array_agg(city ORDER BY line))[1] AS city,
                (array_agg(state ORDER BY line))[1] AS state,
                (array_agg(area ORDER BY line))[1] AS area,
                (array_agg(time_zone ORDER BY line))[1] AS time_zone,
                ${CENTRE('latitude')} AS latitude,
                ${CENTRE('longitude')} AS longitude
           FROM postal_code_import GROUP BY zip`,
    );
    await client.query('CREATE UNIQUE INDEX ON postal_code_places (zip)');
    // Every area gets a row of its own (at the centre of its codes) where the file has none, so a
    // search near "SW1A" or an unlisted "SW1A 9ZZ" finds its area with one look-up.
    await client.query(
      `INSERT INTO postal_code_places (zip, city, state, area, time_zone, latitude, longitude)
       SELECT area, (array_agg(city ORDER BY zip))[1], (array_agg(state ORDER BY zip))[1], area,
              (array_agg(time_zone ORDER BY zip))[1], ${CENTRE('latitude')}, ${CENTRE('longitude')}
         FROM postal_code_places WHERE area IS NOT NULL GROUP BY area
       ON CONFLICT (zip) DO NOTHING`,
    );
    await client.query('ANALYZE postal_code_places');
    const removed = await client.query<{ count: string }>(
      `WITH gone AS (
         DELETE FROM zip_codes z WHERE NOT EXISTS (SELECT 1 FROM postal_code_places p WHERE p.zip = z.zip) RETURNING 1)
       SELECT count(*) FROM gone`,
    );
    // xmax is 0 on a row this statement inserted and set on one it updated.
    const merged = await client.query<{ added: string; changed: string; places: string }>(
      `WITH written AS (
         INSERT INTO zip_codes (zip, city, state, area, time_zone, latitude, longitude)
         SELECT zip, city, state, area, time_zone, latitude, longitude FROM postal_code_places
         ON CONFLICT (zip) DO UPDATE
            SET city = excluded.city, state = excluded.state, area = excluded.area, time_zone = excluded.time_zone,
                latitude = excluded.latitude, longitude = excluded.longitude
          WHERE (zip_codes.city, zip_codes.state, zip_codes.area, zip_codes.time_zone, zip_codes.latitude, zip_codes.longitude)
                IS DISTINCT FROM (excluded.city, excluded.state, excluded.area, excluded.time_zone, excluded.latitude, excluded.longitude)
         RETURNING xmax = 0 AS inserted)
       SELECT count(*) FILTER (WHERE inserted) AS added, count(*) FILTER (WHERE NOT inserted) AS changed,
              (SELECT count(*) FROM postal_code_places) AS places
         FROM written`,
    );
    report.removed = Number(removed.rows[0].count);
    report.added = Number(merged.rows[0].added);
    report.changed = Number(merged.rows[0].changed);
    report.places = Number(merged.rows[0].places);
    if (report.added + report.changed + report.removed > 0) {
      await client.query('UPDATE zip_codes_stamp SET stamp = stamp + 1');
      // Companies listed before their place was known get its centre, and every company its
      // place's time zone (the trigger keeps both right from now on).
      await client.query(
        `UPDATE companies c SET (latitude, longitude) = (SELECT p.latitude, p.longitude FROM postal_place(c.zip) p)
          WHERE c.latitude IS NULL AND (SELECT p.zip FROM postal_place(c.zip) p) IS NOT NULL`,
      );
      await client.query(
        `UPDATE companies c SET time_zone = company_time_zone(c.zip, c.state)
          WHERE c.time_zone IS DISTINCT FROM company_time_zone(c.zip, c.state)`,
      );
    }
    await client.query('COMMIT');
    report.loaded = true;
    return report;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The report as the command prints it: a summary line, then one line per named refusal. */
export function describeImport(report: PostalCodeImportReport): string[] {
  const lines = report.loaded
    ? [
        `${report.country}: ${report.lines} lines read, ${report.places} postal codes loaded ` +
          `(${report.added} added, ${report.changed} changed, ${report.removed} removed), ${report.refusedCount} lines refused`,
      ]
    : [`${report.country}: ${report.lines} lines read, none could be loaded; the postal codes were left as they were`];
  for (const { line, reason } of report.refused) lines.push(`line ${line}: ${reason}`);
  if (report.refusedCount > report.refused.length)
    lines.push(`… and ${report.refusedCount - report.refused.length} more refused lines`);
  return lines;
}
