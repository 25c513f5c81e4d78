import { describe, expect, it } from 'vitest';
import { linesOf, MAX_LINE_BYTES, parsePostalCodeLine, type RawLine } from './geonames-postal-codes';

const gbLine = (code: string, lat = '51.501', lon = '-0.1416', extra: string[] = []) =>
  [
    'GB',
    code,
    'London',
    'England',
    'ENG',
    'Greater London',
    '11609024',
    'City of Westminster',
    'E09000033',
    lat,
    lon,
    '6',
    ...extra,
  ].join('\t');

async function* chunksOf(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
}

async function allLines(source: AsyncIterable<Uint8Array>): Promise<RawLine[]> {
  const lines: RawLine[] = [];
  for await (const line of linesOf(source)) lines.push(line);
  return lines;
}

describe('a GeoNames postal-code line', () => {
  it('becomes a row of the operator’s country, its code in stored form', () => {
    expect(parsePostalCodeLine(gbLine('sw1a 1aa'), 'GB')).toEqual({
      ok: true,
      row: {
        country: 'GB',
        postalCode: 'SW1A 1AA',
        area: 'SW1A',
        place: 'London',
        admin1Name: 'England',
        admin1Code: 'ENG',
        admin2Name: 'Greater London',
        admin2Code: '11609024',
        latitude: 51.501,
        longitude: -0.1416,
        accuracy: 6,
      },
    });
    const us = ['US', '78701', 'Austin', 'Texas', 'TX', 'Travis', '453', '', '', '30.2713', '-97.7426', ''].join('\t');
    expect(parsePostalCodeLine(us, 'US')).toMatchObject({
      ok: true,
      row: { postalCode: '78701', area: null, admin1Code: 'TX', accuracy: null },
    });
  });

  it('may name an area alone, as GeoNames’ British file does', () => {
    expect(parsePostalCodeLine(gbLine('sw1a'), 'GB')).toMatchObject({ ok: true, row: { postalCode: 'SW1A', area: 'SW1A' } });
  });

  it.each([
    [gbLine('SW1A 1AA').replace(/\t6$/, ''), '11 columns, not 12'],
    [gbLine('SW1A 1AA', '51.5', '-0.14', ['x']), '13 columns, not 12'],
    [gbLine('SW1A 1AA').replace(/^GB/, 'IE'), 'country "IE", not GB'],
    [gbLine('12345'), 'postal code "12345" is not one of GB'],
    [gbLine('SW1A 1AA', '200'), 'latitude "200" is not between -90 and 90'],
    [gbLine('SW1A 1AA', '51.5', '-180.5'), 'longitude "-180.5" is not between -180 and 180'],
    [gbLine('SW1A 1AA', 'NaN'), 'latitude "NaN" is not between -90 and 90'],
    [gbLine('SW1A 1AA', '5e1'), 'latitude "5e1" is not between -90 and 90'],
    [gbLine('SW1A 1AA', ''), 'latitude "" is not between -90 and 90'],
    [gbLine('SW1A 1AA').replace(/\t6$/, '\t9'), 'accuracy "9" is not 1 to 6'],
    [gbLine('SW1A 1AA').replace('London', ''), 'place name empty or too long'],
    [gbLine('SW1A 1AA').replace('London', 'L'.repeat(181)), 'place name empty or too long'],
    [gbLine('SW1A 1AA').replace('ENG', 'E'.repeat(21)), 'admin code 1 longer than 20 characters'],
  ])('is refused, saying why: %j', (line, reason) => {
    expect(parsePostalCodeLine(line, 'GB')).toEqual({ ok: false, reason });
  });
});

describe('a postal-code file, read as lines', () => {
  it('numbers its lines across chunks, drops a byte-order mark and carriage returns, keeps a last line without newline', async () => {
    const lines = await allLines(chunksOf('\uFEFFfirst\r\nsec', 'ond\n', '\nthi', 'rd'));
    expect(lines).toEqual([
      { number: 1, text: 'first' },
      { number: 2, text: 'second' },
      { number: 3, text: '' },
      { number: 4, text: 'third' },
    ]);
  });

  it('refuses a line of invalid UTF-8 by its number and reads on', async () => {
    const bad = Uint8Array.from([0x61, 0xc3, 0x28, 0x0a]); // "a", then a broken two-byte sequence
    const lines = await allLines(chunksOf('ok\n', bad, 'après\n'));
    expect(lines).toEqual([
      { number: 1, text: 'ok' },
      { number: 2, text: null, refused: 'not valid UTF-8' },
      { number: 3, text: 'après' },
    ]);
  });

  it('skips a 1 MB line as it passes, without holding it, and reads on', async () => {
    const megabyte = 'x'.repeat(64 * 1024);
    const chunks = ['before\n', ...Array.from({ length: 16 }, () => megabyte), '\nafter\n'];
    const lines = await allLines(chunksOf(...chunks));
    expect(lines).toEqual([
      { number: 1, text: 'before' },
      { number: 2, text: null, refused: `longer than ${MAX_LINE_BYTES} bytes` },
      { number: 3, text: 'after' },
    ]);
  });

  it('accepts a line of exactly the limit, and a multi-byte character split between chunks', async () => {
    const full = 'y'.repeat(MAX_LINE_BYTES);
    const euro = Buffer.from('€', 'utf8');
    const lines = await allLines(chunksOf(`${full}\n`, euro.subarray(0, 1), euro.subarray(1), '\n'));
    expect(lines).toEqual([
      { number: 1, text: full },
      { number: 2, text: '€' },
    ]);
  });
});
