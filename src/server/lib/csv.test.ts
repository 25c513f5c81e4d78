import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV', () => {
  it('quotes every cell, doubles quotes and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['words', 'searches'],
        [
          ['roof "flat" repair, cheap', 3],
          ['line\nbreak', null],
        ],
      ),
    ).toBe('"words","searches"\r\n"roof ""flat"" repair, cheap","3"\r\n"line\nbreak",""\r\n');
  });

  it('keeps a spreadsheet from running what a visitor typed', () => {
    const csv = toCsv(['words'], [['=HYPERLINK("http://x")'], ['+1'], ['-2+3'], ['@SUM(A1)'], ['\tcmd'], ['plain']]);
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://x"")"`,
      `"'+1"`,
      `"'-2+3"`,
      `"'@SUM(A1)"`,
      `"'\tcmd"`,
      '"plain"',
    ]);
    // Numbers are figures, not text: a negative one stays a number.
    expect(toCsv(['n'], [[-4]])).toBe('"n"\r\n"-4"\r\n');
  });
});
