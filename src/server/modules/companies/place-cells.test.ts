/**
 * The database stores each company's grid cells (place_cells_of, a generated column) and a search
 * asks for the cells around a place (lib/place-cells.ts): both must name a point's cells alike, or
 * a company would drop out of the searches near it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/server/db/client';
import { placeCellsOf } from '@/server/lib/place-cells';
import { mulberry32 } from '@/server/lib/seeded-random';
import { openTestDatabase } from '@/server/test/test-database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('place cells in the database', () => {
  it('are the cells the search names, on cell edges, at zero and at every ZIP code', async () => {
    const next = mulberry32(3);
    const points: [number, number][] = [
      [0, 0],
      [-0.05, -0.05],
      [40.8, -73.6],
      [0.1 * 3, -0.1 * 7],
      [0.2 * 201, -0.4 * 185],
      [64.8378, -147.7164],
      [18.4655, -66.1057],
      ...Array.from({ length: 500 }, (): [number, number] => [18 + next() * 54, -170 + next() * 105]),
    ];
    const { rows } = await handle.db.execute<{ cells: string }>(sql`
      SELECT place_cells_of(p.lat, p.lng)::text AS cells
        FROM unnest(${`{${points.map(([lat]) => lat).join(',')}}`}::float8[], ${`{${points.map(([, lng]) => lng).join(',')}}`}::float8[])
             WITH ORDINALITY AS p(lat, lng, n)
       ORDER BY p.n`);
    rows.forEach((row, i) => {
      const stored = row.cells
        .split(' ')
        .map((word) => word.slice(1, -1))
        .sort();
      expect(stored, points[i].join(', ')).toEqual([...placeCellsOf(...points[i])].sort());
    });
    // Every real place: the ZIP codes' centroids are where listings stand.
    const zips = await handle.db.execute<{ latitude: number; longitude: number; cells: string }>(
      sql`SELECT latitude, longitude, place_cells_of(latitude, longitude)::text AS cells FROM zip_codes`,
    );
    expect(zips.rows.length).toBeGreaterThan(30_000);
    const differing = zips.rows.filter(
      (zip) =>
        zip.cells
          .split(' ')
          .map((word) => word.slice(1, -1))
          .sort()
          .join() !== [...placeCellsOf(zip.latitude, zip.longitude)].sort().join(),
    );
    expect(differing).toEqual([]);
  });

  it('are none for a company without a map position', async () => {
    const { rows } = await handle.db.execute<{ cells: string | null }>(sql`SELECT place_cells_of(NULL, -73.9)::text AS cells`);
    expect(rows[0].cells).toBeNull();
  });
});
