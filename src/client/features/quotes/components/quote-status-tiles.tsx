import { CircleCheck, FileText, Hourglass, Layers } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/components/ui/cn';
import type { QuoteList } from '@/shared/schemas/quote';
import type { QuoteListFilter } from '../api/get-quotes';

interface Tile {
  filter: QuoteListFilter | undefined;
  label: string;
  count: keyof QuoteList['counts'];
  icon: LucideIcon;
  iconClassName: string;
}

const TILES: Tile[] = [
  { filter: undefined, label: 'Total', count: 'total', icon: Layers, iconClassName: 'text-blue-700' },
  { filter: 'draft', label: 'Draft', count: 'draft', icon: FileText, iconClassName: 'text-slate-600' },
  { filter: 'in_progress', label: 'In Progress', count: 'in_progress', icon: Hourglass, iconClassName: 'text-amber-700' },
  { filter: 'completed', label: 'Completed', count: 'completed', icon: CircleCheck, iconClassName: 'text-green-700' },
];

interface Props {
  counts: QuoteList['counts'] | undefined;
  active: QuoteListFilter | undefined;
  onSelect(filter: QuoteListFilter | undefined): void;
}

/** Total, Draft, In Progress and Completed; each filters the list (Total shows everything). */
export function QuoteStatusTiles({ counts, active, onSelect }: Props) {
  return (
    <div role="group" aria-label="Quotes by status" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {TILES.map((tile) => {
        const Icon = tile.icon;
        const isActive = tile.filter === active;
        return (
          <button
            key={tile.label}
            type="button"
            aria-pressed={isActive}
            onClick={() => onSelect(tile.filter)}
            className={cn(
              'flex items-center justify-between gap-2 rounded-lg border bg-white p-4 text-left shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2',
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
