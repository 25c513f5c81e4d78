import MapPin from 'lucide-react/icons/map-pin';
import SearchX from 'lucide-react/icons/search-x';
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
import { formatNumber, formatRadius } from '@/client/lib/format';
import { operatingCountry, postalCodeTermOf } from '@/shared/operating-country';
import { useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { listingChange, toggleFavoritesOnly } from '@/client/lib/listing-address';
import { useAddressQuery } from '@/client/lib/use-address-query';
import { usePageTitle } from '@/client/lib/use-page-title';
import { readSearchState, searchHasInput, searchParamsOf } from '@/client/features/search/lib/search-state';
import { SORTS, type Sort } from '@/shared/constants';

const SORT_LABELS: Record<Sort, MessageKey> = {
  topRated: 'pages.sort.topRated',
  mostReviewed: 'pages.sort.mostReviewed',
  mostFavorited: 'pages.sort.mostFavorited',
  distance: 'pages.sort.nearest',
};

/** The same search without the Open now filter. */
function withoutOpenNow(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('openNow');
  return next;
}

export default function SearchPage() {
  const t = useT();
  const translateText = useTranslateText();
  const [params, changeParams] = useAddressQuery();
  const state = readSearchState(params);
  const { q, location, sort, page, favoritesOnly, openNow } = state;
  const [view, setView] = useState<ResultsView>('table');
  usePageTitle(q ? t('pages.search.titleQuery', { query: q }) : t('pages.search.title'));

  const favorites = useFavorites();
  const selection = useQuoteSelection();
  const results = useSearchCompanies(searchParamsOf(state, favorites.ids), searchHasInput(state));

  const update = (changes: Record<string, string | null>) => changeParams(listingChange(changes));

  const sortOptions = SORTS.filter((s) => s !== 'distance' || location).map((value) => ({ value, label: t(SORT_LABELS[value]) }));
  const data = results.data;
  const quoteName = q ? t('pages.search.titleQuery', { query: q }) : t('pages.search.quoteName');

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {q ? t('pages.search.resultsFor', { query: q }) : t('pages.search.heading')}
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
            ? t(openNow ? 'pages.search.withinOpenNow' : 'pages.search.within', {
                distance: formatRadius(data.location.radiusMiles),
                place: data.location.label,
              })
            : t(
                postalCodeTermOf(operatingCountry()) === 'zip'
                  ? 'pages.search.locationNotFound'
                  : 'pages.search.locationNotFoundPostal',
                {
                  query: data.location.query,
                },
              )}
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

      <p className="mt-3 text-xs text-slate-700">{t('pages.search.premiumNote')}</p>

      <section aria-live="polite" aria-busy={results.isFetching} className="mt-4">
        {results.isError ? (
          <Alert variant="error" title={t('pages.search.fetchFailed')}>
            {/* A refused search (too long, a bad place) says why; anything else is worth another try. */}
            {results.error instanceof ApiError && results.error.status === 400
              ? translateText(errorMessage(results.error, t('pages.common.tryAgain')))
              : t('pages.common.tryAgain')}
          </Alert>
        ) : !q && !location ? (
          <p className="text-slate-700">{t('pages.search.prompt')}</p>
        ) : (
          <>
            {data && data.pagination.total > 0 && (
              <p className="mb-3 text-sm text-slate-700">
                {t('pages.search.found', {
                  count: data.pagination.total,
                  total: data.pagination.totalCapped ? `${formatNumber(data.pagination.total)}+` : String(data.pagination.total),
                })}
              </p>
            )}
            <CompanyResults
              companies={data?.results}
              isLoading={results.isPending}
              view={view}
              caption={q ? t('pages.search.captionQuery', { query: q }) : t('pages.search.caption')}
              from="search"
              isFavorite={favorites.isFavorite}
              onToggleFavorite={(id) => void favorites.toggle(id)}
              selection={{ isSelected: selection.isSelected, onToggle: selection.toggle }}
              empty={
                <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
                  <SearchX className="mx-auto size-10 text-slate-600" aria-hidden />
                  <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('pages.search.emptyTitle')}</h2>
                  <p className="mt-1 text-slate-700">{t(openNow ? 'pages.search.emptyOpenNow' : 'pages.search.emptyText')}</p>
                  <div className="mt-4 flex flex-wrap justify-center gap-2">
                    {openNow && (
                      <Link
                        to={pageHref('/search', withoutOpenNow(params), 1)}
                        className={buttonVariants({ variant: 'outline' })}
                      >
                        {t('pages.search.showOpenOrClosed')}
                      </Link>
                    )}
                    <Link to="/#categories" className={buttonVariants({})}>
                      {t('pages.search.browseCategories')}
                    </Link>
                    <Link to="/profile" className={buttonVariants({ variant: 'outline' })}>
                      {t('pages.search.addBusiness')}
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
