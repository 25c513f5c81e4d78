import { useDeferredValue, type ReactNode } from 'react';
import type { ResultsView } from '@/client/components/view-toggle';
import type { Company } from '@/shared/schemas/company';
import { CompanyCard } from './company-card';
import { CompanyGridSkeleton, CompanyTableSkeleton } from './company-skeletons';
import { CompanyTable } from './company-table';

interface Props {
  companies: Company[] | undefined;
  isLoading: boolean;
  view: ResultsView;
  caption: string;
  from?: 'search' | 'category';
  isFavorite(companyId: number): boolean;
  onToggleFavorite(companyId: number): void;
  selection: { isSelected(companyId: number): boolean; onToggle(company: Company): void };
  empty: ReactNode;
}

/** One page of companies as a table (the default) or a grid, with skeletons and an empty state. */
export function CompanyResults({
  companies,
  isLoading,
  view,
  caption,
  from,
  isFavorite,
  onToggleFavorite,
  selection,
  empty,
}: Props) {
  // The first list of a screen is drawn in a deferred, interruptible pass: drawn at once it keeps a
  // phone's main thread busy for a long moment. Later lists (pages, filters) replace it directly.
  const firstListReady = useDeferredValue(companies !== undefined);
  if ((isLoading && !companies) || (companies && !firstListReady)) {
    return view === 'table' ? <CompanyTableSkeleton rows={9} /> : <CompanyGridSkeleton count={9} />;
  }
  if (!companies || companies.length === 0) return <>{empty}</>;
  if (view === 'table') {
    return (
      <CompanyTable
        companies={companies}
        caption={caption}
        from={from}
        isFavorite={isFavorite}
        onToggleFavorite={onToggleFavorite}
        selection={selection}
      />
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={caption}>
      {companies.map((company) => (
        <li key={company.id}>
          <CompanyCard
            company={company}
            from={from}
            isFavorite={isFavorite(company.id)}
            onToggleFavorite={onToggleFavorite}
            selection={{ isSelected: selection.isSelected(company.id), onToggle: selection.onToggle }}
          />
        </li>
      ))}
    </ul>
  );
}
