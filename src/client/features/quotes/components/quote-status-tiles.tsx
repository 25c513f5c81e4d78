import CircleCheck from 'lucide-react/icons/circle-check';
import FileText from 'lucide-react/icons/file-text';
import Hourglass from 'lucide-react/icons/hourglass';
import Layers from 'lucide-react/icons/layers';
import { StatusTiles, type StatusTile } from '@/client/components/status-tiles';
import { useT, type MessageKey } from '@/client/lib/i18n';
import type { QuoteList } from '@/shared/schemas/quote';
import type { QuoteListFilter } from '../api/get-quotes';

type Tile = StatusTile<QuoteListFilter, keyof QuoteList['counts']>;

const TILES: (Omit<Tile, 'label'> & { label: MessageKey })[] = [
  { filter: undefined, label: 'quotes.tiles.total', count: 'total', icon: Layers, iconClassName: 'text-blue-700' },
  { filter: 'draft', label: 'quotes.status.draft', count: 'draft', icon: FileText, iconClassName: 'text-slate-600' },
  {
    filter: 'in_progress',
    label: 'quotes.status.inProgress',
    count: 'in_progress',
    icon: Hourglass,
    iconClassName: 'text-amber-700',
  },
  {
    filter: 'completed',
    label: 'quotes.status.completed',
    count: 'completed',
    icon: CircleCheck,
    iconClassName: 'text-green-700',
  },
];

interface Props {
  counts: QuoteList['counts'] | undefined;
  active: QuoteListFilter | undefined;
  onSelect(filter: QuoteListFilter | undefined): void;
}

/** Total, Draft, In Progress and Completed; each filters the list (Total shows everything). */
export function QuoteStatusTiles(props: Props) {
  const t = useT();
  const tiles: Tile[] = TILES.map((tile) => ({ ...tile, label: t(tile.label) }));
  return <StatusTiles label={t('quotes.tiles.label')} tiles={tiles} {...props} />;
}
