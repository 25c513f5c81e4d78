import { MapPin, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pageHref, Pagination } from '@/client/components/pagination';
import { ResultsToolbar } from '@/client/components/results-toolbar';
import { Alert } from '@/client/components/ui/alert';
import { buttonVariants } from '@/client/components/ui/button';
import type { ResultsView } from '@/client/components/view-toggle';
import { CompanyResults } from '@/client/features/companies/components/company-results';
import { useFavorites } from '@/client/features/favorites/hooks/use-favorites';
import { StartQuoteBar } from '@/client/features/quotes/components/start-quote-bar';
import { useQuoteSelection } from '@/client/features/quotes/hooks/use-quote-selection';
import { useSearchCompanies } from '@/client/features/search/api/search-companies';
import { SearchBar } from '@/client/features/search/components/search-bar';
import { zipOfLocation } from '@/client/features/search/lib/postal-code';
import { ApiError, errorMessage } from '@/client/lib/api';
import { listingChange, toggleFavoritesOnly } from '@/client/lib/listing-address';
import { useAddressQuery } from '@/client/lib/use-address-query';
import { usePageTitle } from '@/client/lib/use-page-title';
import { readSearchState, searchHasInput, searchParamsOf } from '@/client/features/search/lib/search-state';
import { SORTS, type Sort } from '@/shared/constants';

const SORT_LABELS: Record<Sort, string> = {
  topRated: 'Top Rated',
  mostReviewed: 'Most Reviewed',
  mostFavorited: 'Most Favorited',
  distance: 'Nearest',
};

/** The same search without the Open now filter. */
function withoutOpenNow(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('openNow');
  return next;
}

export default function SearchPage() {
  const [params, changeParams] = useAddressQuery();
  const state = readSearchState(params);
  const { q, location, sort, page, favoritesOnly, openNow } = state;
  const [view, setView] = useState<ResultsView>('table');
  usePageTitle(q ? `Search: ${q}` : 'Search');

  const favorites = useFavorites();
  const selection = useQuoteSelection();
  const results = useSearchCompanies(searchParamsOf(state, favorites.ids), searchHasInput(state));

  const update = (changes: Record<string, string | null>) => changeParams(listingChange(changes));

  const sortOptions = SORTS.filter((s) => s !== 'distance' || location).map((value) => ({ value, label: SORT_LABELS[value] }));
  const data = results.data;
  const quoteName = q ? `Search: ${q}` : 'Search Results';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {q ? `Results for “${q}”` : 'Search businesses'}
      </h1>
      <div className="mt-4">
        <SearchBar
          key={`${q}|${location}`}
          initialQuery={q}
          initialLocation={location}
          size="md"
          openNow={{ checked: openNow, onChange: (checked) => update({ openNow: checked ? 'true' : null }) }}
        />
      </div>

      {data?.location && (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-700">
          <MapPin className="size-4" aria-hidden />
          {data.location.label
            ? `Within ${data.location.radiusMiles} miles of ${data.location.label}${openNow ? ', open now' : ''}`
            : `We could not find the location “${data.location.query}”. Try a 5-digit ZIP code or a city name.`}
        </p>
      )}

      <ResultsToolbar
        className="mt-6"
        sort={sort}
        sortOptions={sortOptions}
        onSortChange={(value) => update({ sort: value })}
        favoritesOnly={favoritesOnly}
        onToggleFavorites={() => changeParams(toggleFavoritesOnly)}
        view={view}
        onViewChange={setView}
      />

      <div className="mt-4">
        <StartQuoteBar
          selection={selection}
          quoteName={quoteName}
          keepIntentWhenSignedOut={true}
          job={{ zip: zipOfLocation(location) }}
        />
      </div>

      <p className="mt-3 text-xs text-slate-700">
        Businesses marked PREMIUM pay for placement: they are listed first within the order you choose.
      </p>

      <section aria-live="polite" aria-busy={results.isFetching} className="mt-4">
        {results.isError ? (
          <Alert variant="error" title="Failed to fetch search results">
            {/* A refused search (too long, a bad place) says why; anything else is worth another try. */}
            {results.error instanceof ApiError && results.error.status === 400
              ? errorMessage(results.error, 'Please try again in a moment.')
              : 'Please try again in a moment.'}
          </Alert>
        ) : !q && !location ? (
          <p className="text-slate-700">Describe your project or enter a ZIP code to find local pros.</p>
        ) : (
          <>
            {data && data.pagination.total > 0 && (
              <p className="mb-3 text-sm text-slate-700">
                {data.pagination.totalCapped ? `${data.pagination.total.toLocaleString('en-US')}+` : data.pagination.total}{' '}
                {data.pagination.total === 1 ? 'business' : 'businesses'} found
              </p>
            )}
            <CompanyResults
              companies={data?.results}
              isLoading={results.isPending}
              view={view}
              caption={`Search results${q ? ` for ${q}` : ''}`}
              from="search"
              isFavorite={favorites.isFavorite}
              onToggleFavorite={(id) => void favorites.toggle(id)}
              selection={{ isSelected: selection.isSelected, onToggle: selection.toggle }}
              empty={
                <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
                  <SearchX className="mx-auto size-10 text-slate-600" aria-hidden />
                  <h2 className="mt-3 text-lg font-semibold text-slate-900">No results found</h2>
                  <p className="mt-1 text-slate-700">
                    {openNow
                      ? 'No business with these words is open now by its opening hours. Show all of them, or try other words.'
                      : 'Try other words, a wider area, or browse by category.'}
                  </p>
                  <div className="mt-4 flex flex-wrap justify-center gap-2">
                    {openNow && (
                      <Link
                        to={pageHref('/search', withoutOpenNow(params), 1)}
                        className={buttonVariants({ variant: 'outline' })}
                      >
                        Show open or closed
                      </Link>
                    )}
                    <Link to="/#categories" className={buttonVariants({})}>
                      Browse Categories
                    </Link>
                    <Link to="/profile" className={buttonVariants({ variant: 'outline' })}>
                      Add a business
                    </Link>
                  </div>
                </div>
              }
            />
            {data && (
              <Pagination page={page} totalPages={data.pagination.totalPages} hrefFor={(p) => pageHref('/search', params, p)} />
            )}
          </>
        )}
      </section>
    </div>
  );
}
