/**
 * CSV as spreadsheets read it (RFC 4180: every cell quoted, quotes doubled, CRLF line ends). A
 * cell that starts like a formula (=, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe: the cells hold what visitors typed (search words), and a spreadsheet would otherwise
 * run them.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null) return '""';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
