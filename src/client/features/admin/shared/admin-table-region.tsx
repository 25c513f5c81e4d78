import type { ReactNode } from 'react';
import { LoadingList } from '@/client/components/list-states';
import { ScrollRegion } from '@/client/components/scroll-region';
import { Skeleton } from '@/client/components/ui/skeleton';

interface Props {
  /** Names the scrollable region for screen readers, e.g. "Users table". */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * The frame of an admin table: a focusable, named region that scrolls sideways on narrow screens
 * and says so (keyboard users can scroll it with the arrow keys once focused).
 */
export function AdminTableRegion({ label, className, children }: Props) {
  return (
    <ScrollRegion label={label} className="rounded-lg border border-slate-200 bg-white shadow-sm" frameClassName={className}>
      {children}
    </ScrollRegion>
  );
}

/** An admin table while its first page loads: five grey rows in the named region. */
export function AdminTableSkeleton({ label, loadingLabel }: { label: string; loadingLabel: string }) {
  return (
    <AdminTableRegion label={label}>
      <LoadingList label={loadingLabel} className="grid gap-2 p-4">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </LoadingList>
    </AdminTableRegion>
  );
}

/**
 * An admin table's column headings. `hiddenLast` adds a last column named for screen readers only
 * (a row's buttons, which need no visible heading).
 */
export function AdminTableHead({ columns, hiddenLast }: { columns: readonly string[]; hiddenLast?: string }) {
  return (
    <thead className={adminTable.thead}>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={adminTable.th}>
            {column}
          </th>
        ))}
        {hiddenLast && (
          <th scope="col" className={adminTable.th}>
            <span className="sr-only">{hiddenLast}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** Class names for the table parts, so every admin table looks alike. */
export const adminTable = {
  table: 'w-full min-w-[720px] border-collapse text-start text-sm',
  thead: 'bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase',
  th: 'px-4 py-3 whitespace-nowrap',
  tr: 'border-t border-slate-200 align-top',
  td: 'px-4 py-3 text-slate-800',
} as const;
