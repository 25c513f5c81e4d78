import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/components/ui/cn';

export interface StatusTile<F, K extends string> {
  /** The filter the tile selects; undefined stands for "everything" (the Total tile). */
  filter: F | undefined;
  label: string;
  /** Which of the counts the tile shows. */
  count: K;
  icon: LucideIcon;
  iconClassName: string;
}

interface Props<F, K extends string> {
  /** Names the group for screen readers, e.g. "Quotes by status". */
  label: string;
  tiles: readonly StatusTile<F, K>[];
  /** Undefined while the counts load: each tile shows a placeholder instead of a number. */
  counts: Record<K, number> | undefined;
  active: F | undefined;
  onSelect(filter: F | undefined): void;
  className?: string;
}

/**
 * A row of counters by status that double as the list's filter: each tile is a toggle button
 * (aria-pressed) and the active one is outlined.
 */
export function StatusTiles<F, K extends string>({ label, tiles, counts, active, onSelect, className }: Props<F, K>) {
  return (
    <div role="group" aria-label={label} className={cn('grid grid-cols-2 gap-3 md:grid-cols-4', className)}>
      {tiles.map((tile) => {
        const Icon = tile.icon;
        const isActive = tile.filter === active;
        return (
          <button
            key={tile.label}
            type="button"
            aria-pressed={isActive}
            onClick={() => onSelect(tile.filter)}
            className={cn(
              'flex items-center justify-between gap-2 rounded-lg border bg-white p-4 text-start shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2',
              isActive ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200',
            )}
          >
            <span className="flex flex-col">
              <span className="text-sm font-medium text-slate-700">{tile.label}</span>
              {counts ? (
                <span className="text-2xl font-bold text-slate-900">{counts[tile.count]}</span>
              ) : (
                <Skeleton className="mt-1 h-7 w-10" />
              )}
            </span>
            <Icon className={cn('size-6 shrink-0', tile.iconClassName)} aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
