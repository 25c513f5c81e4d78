/**
 * Where a company is, as words a text index can hold: the cell of a latitude/longitude grid it
 * lies in at each of six sizes (0.1° to 3.2°), stored on the company as a tsvector
 * (`place_cells`, computed by the database function `place_cells_of`, which this module mirrors)
 * and indexed together with the search words in one GIN index. A listing about a place asks for
 * the words AND any cell covering the circle's bounding box, so the index hands over only the
 * companies near the place that hold the words: neither every company holding the word across
 * the country nor every company in the circle is read.
 */

/** The smallest cell's side in degrees; each level doubles it. */
const PLACE_CELL_BASE_DEGREES = 0.1;
export const PLACE_CELL_LEVELS = 6;
/**
 * The most cells a search asks for: the finest level whose cells over the box number at most
 * this (a 25-mile circle: 30 cells of 0.2°, about 1.4 times the box's area).
 */
export const MAX_PLACE_CELLS = 36;

const cellSide = (level: number) => PLACE_CELL_BASE_DEGREES * 2 ** level;

/** The index of the cell holding `degrees` at `level` (the SQL function's floor, in the same float arithmetic). */
const cellIndex = (degrees: number, level: number) => Math.floor(degrees / cellSide(level));

const placeCellWord = (level: number, x: number, y: number) => `g${level}x${x}y${y}`;

/** The cells of one point at every level, as `place_cells_of` stores them. */
export function placeCellsOf(latitude: number, longitude: number): string[] {
  return Array.from({ length: PLACE_CELL_LEVELS }, (_, level) =>
    placeCellWord(level, cellIndex(longitude, level), cellIndex(latitude, level)),
  );
}

export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * A tsquery of the cells (`'g1x-373y201' | …`) that cover the box at the finest level needing at
 * most MAX_PLACE_CELLS of them; undefined when even the largest cells would need more (a box
 * hundreds of miles wide near a pole), where the caller reads the box some other way. Every point
 * of the box lies in one of them: a cell index only grows with the coordinate.
 */
export function placeCellsQuery(box: Box): string | undefined {
  for (let level = 0; level < PLACE_CELL_LEVELS; level++) {
    const [west, east] = [cellIndex(box.west, level), cellIndex(box.east, level)];
    const [south, north] = [cellIndex(box.south, level), cellIndex(box.north, level)];
    if ((east - west + 1) * (north - south + 1) > MAX_PLACE_CELLS) continue;
    const words: string[] = [];
    for (let x = west; x <= east; x++) {
      for (let y = south; y <= north; y++) words.push(`'${placeCellWord(level, x, y)}'`);
    }
    return words.join(' | ');
  }
  return undefined;
}
