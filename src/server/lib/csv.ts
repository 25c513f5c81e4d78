/**
 * CSV as spreadsheets read it (RFC 4180: every cell quoted, quotes doubled, CRLF line ends). A
 * cell that starts like a formula (=, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe: the cells hold what visitors typed (search words), and a spreadsheet would otherwise
 * run them.
 */
import type { FastifyReply } from 'fastify';

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

/** A CSV file to download, and the name it is saved under. */
export interface CsvFile {
  filename: string;
  csv: string;
}

/** Answers with `file` as a download; never cached, since it holds one account's or the operator's figures. */
export function sendCsv(reply: FastifyReply, { filename, csv }: CsvFile): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
