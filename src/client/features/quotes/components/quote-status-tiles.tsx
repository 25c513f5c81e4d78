import { CircleCheck, FileText, Hourglass, Layers } from 'lucide-react';
import { StatusTiles, type StatusTile } from '@/client/components/status-tiles';
import type { QuoteList } from '@/shared/schemas/quote';
import type { QuoteListFilter } from '../api/get-quotes';

const TILES: StatusTile<QuoteListFilter, keyof QuoteList['counts']>[] = [
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
export function QuoteStatusTiles(props: Props) {
  return <StatusTiles label="Quotes by status" tiles={TILES} {...props} />;
}
