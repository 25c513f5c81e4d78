import Star from 'lucide-react/icons/star';
import { LabelledSelect } from '@/client/components/labelled-select';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { ViewToggle, type ResultsView } from '@/client/components/view-toggle';
import { useT } from '@/client/lib/i18n';

interface Props<S extends string> {
  sort: S;
  sortOptions: { value: S; label: string }[];
  onSortChange(sort: S): void;
  /** Whether only the visitor's favourites are listed; the button is a toggle (aria-pressed). */
  favoritesOnly: boolean;
  onToggleFavorites(): void;
  view: ResultsView;
  onViewChange(view: ResultsView): void;
  className?: string;
}

/**
 * The controls above a list of businesses: the order, My Favorites and the Grid / Table switch.
 * Each page keeps its own sorts and decides what the favourites toggle does to its address.
 */
export function ResultsToolbar<S extends string>({
  sort,
  sortOptions,
  onSortChange,
  favoritesOnly,
  onToggleFavorites,
  view,
  onViewChange,
  className,
}: Props<S>) {
  const t = useT();
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <div className="flex flex-wrap items-center gap-3">
        <LabelledSelect label={t('common.resultsToolbar.sortBy')} value={sort} options={sortOptions} onChange={onSortChange} />
        <Button
          variant={favoritesOnly ? 'default' : 'outline'}
          size="sm"
          aria-pressed={favoritesOnly}
          onClick={onToggleFavorites}
        >
          <Star aria-hidden /> {t('common.resultsToolbar.myFavorites')}
        </Button>
      </div>
      <ViewToggle view={view} onChange={onViewChange} />
    </div>
  );
}
