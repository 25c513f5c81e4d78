import { describe, expect, it } from 'vitest';
import { mulberry32 } from './seeded-random';
import { MAX_PLACE_CELLS, PLACE_CELL_LEVELS, placeCellsOf, placeCellsQuery, type Box } from './place-cells';

const wordsOf = (query: string) => query.split(' | ').map((word) => word.slice(1, -1));

describe('place cells', () => {
  it('name one cell per level for a point, west and south of zero included', () => {
    expect(placeCellsOf(40.75, -73.99)).toEqual([
      'g0x-740y407',
      'g1x-370y203',
      'g2x-185y101',
      'g3x-93y50',
      'g4x-47y25',
      'g5x-24y12',
    ]);
    expect(placeCellsOf(0, 0)).toEqual(Array.from({ length: PLACE_CELL_LEVELS }, (_, level) => `g${level}x0y0`));
    expect(placeCellsOf(-0.05, -0.05)[0]).toBe('g0x-1y-1');
  });

  it('cover every point of the box, at the finest level that needs at most the maximum of cells', () => {
    const next = mulberry32(7);
    for (let i = 0; i < 2000; i++) {
      const latitude = 18 + next() * 52;
      const longitude = -170 + next() * 105;
      const miles = [1, 10, 25, 50, 100, 500][i % 6];
      const dLat = miles / 69;
      const dLng = miles / (69 * Math.cos((latitude * Math.PI) / 180));
      const box: Box = { south: latitude - dLat, north: latitude + dLat, west: longitude - dLng, east: longitude + dLng };
      const query = placeCellsQuery(box);
      if (!query) continue;
      const cells = new Set(wordsOf(query));
      expect(cells.size).toBeLessThanOrEqual(MAX_PLACE_CELLS);
      const level = Number(wordsOf(query)[0].match(/^g(\d)/)![1]);
      // Corners, edges and points inside: each lies in a cell of the query.
      for (const [lat, lng] of [
        [box.south, box.west],
        [box.north, box.east],
        [box.south, box.east],
        [box.north, box.west],
        [box.south + next() * (box.north - box.south), box.west + next() * (box.east - box.west)],
      ]) {
        expect(cells.has(placeCellsOf(lat, lng)[level]), `${lat},${lng} in ${query}`).toBe(true);
      }
      // The next finer level would have needed more cells than allowed.
      if (level > 0) {
        const indexes = (lat: number, lng: number) => {
          const cell = placeCellsOf(lat, lng)[level - 1];
          return cell
            .match(/x(-?\d+)y(-?\d+)/)!
            .slice(1)
            .map(Number);
        };
        const [west, south] = indexes(box.south, box.west);
        const [east, north] = indexes(box.north, box.east);
        expect((east - west + 1) * (north - south + 1)).toBeGreaterThan(MAX_PLACE_CELLS);
      }
    }
  });

  it('take the finest level a small box fits and give up on a box no level covers with few cells', () => {
    const small = placeCellsQuery({ south: 40.7, north: 40.8, west: -74.05, east: -73.95 })!;
    expect(wordsOf(small).every((word) => word.startsWith('g0'))).toBe(true);
    expect(placeCellsQuery({ south: 0, north: 60, west: -170, east: -50 })).toBeUndefined();
  });
});
