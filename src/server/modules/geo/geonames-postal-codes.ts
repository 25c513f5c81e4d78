/**
 * Reads a postal-code file in the GeoNames dump format, the one national postal services' data is
 * most often published in: UTF-8, one code per line, 12 tab-separated columns — country (ISO
 * 3166-1 alpha-2), postal code, place name, admin name 1 and code 1 (state, nation), admin name 2
 * and code 2 (county, province), admin name 3 and code 3 (community), latitude, longitude (WGS84
 * degrees), accuracy (1 estimated, 4 geonameid, 6 centroid; may be empty).
 *
 * The file is read as a stream of bytes and never held whole: a line longer than any real one is
 * skipped as it arrives (a hostile 1 MB line costs its bytes' passing, not their memory), and each
 * line is decoded on its own, so invalid UTF-8 is reported by line. Every refused line is named by
 * its number and why, for the import's report.
 */
import { postalAreaOf, postalPlaceOf } from '@/shared/postal-codes';

/** No real line comes near this: twelve columns of at most 180 characters, in UTF-8. */
export const MAX_LINE_BYTES = 4096;

const COLUMNS = 12;
const MAX_NAME_LENGTH = 180;
const MAX_ADMIN_CODE_LENGTH = 20;

export interface PostalCodeRow {
  country: string;
  /**
   * In the country's stored form (see postal-codes.ts): a whole code, or an area's shorter form
   * where the country has one (GeoNames' own British file lists outward codes only).
   */
  postalCode: string;
  /** The area the code lies in (the code itself for an area), or null where the country has none. */
  area: string | null;
  place: string;
  /** The first-level division (a US state, a British nation, a Canadian province), if given. */
  admin1Name: string | null;
  admin1Code: string | null;
  /** The second-level division (a county, a Spanish province), if given. */
  admin2Name: string | null;
  admin2Code: string | null;
  latitude: number;
  longitude: number;
  /** 1 estimated, 4 from the place's geonameid, 6 the centroid of addresses; null if not given. */
  accuracy: number | null;
}

export type ParsedLine = { ok: true; row: PostalCodeRow } | { ok: false; reason: string };

export interface RawLine {
  /** 1 for the file's first line. */
  number: number;
  /** The line's text, or null when its bytes were refused (`refused` says why). */
  text: string | null;
  refused?: string;
}

/** Splits a byte stream into lines, each decoded on its own; never holds more than one line. */
export async function* linesOf(source: AsyncIterable<Uint8Array>): AsyncGenerator<RawLine> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let parts: Uint8Array[] = [];
  let size = 0;
  let tooLong = false;
  let number = 0;

  const finish = (): RawLine => {
    number += 1;
    if (tooLong) return { number, text: null, refused: `longer than ${MAX_LINE_BYTES} bytes` };
    const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    try {
      // Each line is decoded whole and alone (a byte-order mark before the first is dropped).
      const text = decoder.decode(bytes);
      return { number, text: text.endsWith('\r') ? text.slice(0, -1) : text };
    } catch {
      return { number, text: null, refused: 'not valid UTF-8' };
    }
  };

  for await (const chunk of source) {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
      if (!tooLong) {
        size += piece.length;
        if (size > MAX_LINE_BYTES) {
          tooLong = true;
          parts = [];
        } else if (piece.length) parts.push(piece);
      }
      if (end === -1) break;
      yield finish();
      parts = [];
      size = 0;
      tooLong = false;
      start = end + 1;
    }
  }
  if (size > 0 || tooLong) yield finish();
}

const optional = (value: string) => (value.trim() ? value.trim() : null);

/** One line's columns as a row of `country`, or why it is refused. */
export function parsePostalCodeLine(text: string, country: string): ParsedLine {
  const columns = text.split('\t');
  if (columns.length !== COLUMNS) return { ok: false, reason: `${columns.length} columns, not ${COLUMNS}` };
  const [lineCountry, code, place, admin1Name, admin1Code, admin2Name, admin2Code, , , lat, lon, accuracy] = columns;
  if (lineCountry.trim() !== country)
    return { ok: false, reason: `country ${JSON.stringify(lineCountry.trim())}, not ${country}` };
  const postalCode = postalPlaceOf(country, code)?.code;
  if (!postalCode) return { ok: false, reason: `postal code ${JSON.stringify(code)} is not one of ${country}` };
  const name = place.trim();
  if (!name || name.length > MAX_NAME_LENGTH) return { ok: false, reason: 'place name empty or too long' };
  for (const [label, value, max] of [
    ['admin name 1', admin1Name, MAX_NAME_LENGTH],
    ['admin code 1', admin1Code, MAX_ADMIN_CODE_LENGTH],
    ['admin name 2', admin2Name, MAX_NAME_LENGTH],
    ['admin code 2', admin2Code, MAX_ADMIN_CODE_LENGTH],
  ] as const) {
    if (value.length > max) return { ok: false, reason: `${label} longer than ${max} characters` };
  }
  const latitude = degrees(lat, 90);
  if (latitude === null) return { ok: false, reason: `latitude ${JSON.stringify(lat)} is not between -90 and 90` };
  const longitude = degrees(lon, 180);
  if (longitude === null) return { ok: false, reason: `longitude ${JSON.stringify(lon)} is not between -180 and 180` };
  let accuracyValue: number | null = null;
  if (accuracy.trim()) {
    if (!/^[1-6]$/.test(accuracy.trim())) return { ok: false, reason: `accuracy ${JSON.stringify(accuracy)} is not 1 to 6` };
    accuracyValue = Number(accuracy.trim());
  }
  return {
    ok: true,
    row: {
      country,
      postalCode,
      area: postalAreaOf(country, postalCode),
      place: name,
      admin1Name: optional(admin1Name),
      admin1Code: optional(admin1Code),
      admin2Name: optional(admin2Name),
      admin2Code: optional(admin2Code),
      latitude,
      longitude,
      accuracy: accuracyValue,
    },
  };
}

/** A decimal number of degrees within ±limit, or null (no exponents, no hex, no NaN). */
function degrees(raw: string, limit: number): number | null {
  const value = raw.trim();
  if (!/^-?\d{1,3}(\.\d{1,10})?$/.test(value)) return null;
  const number = Number(value);
  return Math.abs(number) <= limit ? number : null;
}
