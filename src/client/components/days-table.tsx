import type { ReactNode } from 'react';
import { useT } from '@/client/lib/i18n';

export interface DaysTableColumn<Row> {
  key: string;
  label: string;
  cell(row: Row): ReactNode;
}

interface Props<Row extends { day: string }> {
  /** What the table holds, for screen readers (the heading it sits under may say less). */
  caption: string;
  columns: readonly DaysTableColumn<Row>[];
  /** Newest first: the days an owner looks for first. */
  rows: readonly Row[];
  dayText(day: string): string;
}

/** A table of figures per day: the day as each row's heading, numbers aligned right, a sticky header. */
export function DaysTable<Row extends { day: string }>({ caption, columns, rows, dayText }: Props<Row>) {
  const t = useT();
  return (
    <table className="w-full text-start text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-slate-50 text-xs text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            {t('common.daysTable.day')}
          </th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className="px-3 py-2 text-end font-medium">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.day}>
            <th scope="row" className="whitespace-nowrap px-3 py-1.5 font-normal text-slate-800">
              <time dateTime={row.day}>{dayText(row.day)}</time>
            </th>
            {columns.map((column) => (
              <td key={column.key} className="px-3 py-1.5 text-end tabular-nums text-slate-800">
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
