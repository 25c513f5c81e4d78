import ArrowLeft from 'lucide-react/icons/arrow-left';
import SearchX from 'lucide-react/icons/search-x';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { pageHref, Pagination } from '@/client/components/pagination';
import { ResultsToolbar } from '@/client/components/results-toolbar';
import { StatusCard } from '@/client/components/status-card';
import { Alert } from '@/client/components/ui/alert';
import { buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import type { ResultsView } from '@/client/components/view-toggle';
import { useCategoriesWithSubcategories } from '@/client/entities/categories/get-categories-with-subcategories';
import { CategoryPicker } from '@/client/features/categories/components/category-picker';
import { useCategoryCompanies } from '@/client/features/companies/api/get-category-companies';
import { CompanyResults } from '@/client/features/companies/components/company-results';
import { CompanyTableSkeleton } from '@/client/features/companies/components/company-skeletons';
import { useFavorites } from '@/client/features/favorites/hooks/use-favorites';
import { StartQuoteBar } from '@/client/features/quotes/components/start-quote-bar';
import { useQuoteSelection } from '@/client/features/quotes/hooks/use-quote-selection';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { listingChange, toggleFavoritesOnly } from '@/client/lib/listing-address';
import { useAddressQuery } from '@/client/lib/use-address-query';
import { usePageTitle } from '@/client/lib/use-page-title';
import { categoryCompaniesParamsOf, readCategoryState, type CategorySort } from '@/client/features/companies/lib/category-state';

const SORT_OPTIONS: { value: CategorySort; label: MessageKey }[] = [
  { value: 'topRated', label: 'pages.sort.topRated' },
  { value: 'mostReviewed', label: 'pages.sort.mostReviewed' },
  { value: 'favorites', label: 'pages.sort.myFavorites' },
];

/** The tab of every subcategory, an address like any subcategory's. */
const ALL_SLUG = 'all';

export default function CategoryPage() {
  const t = useT();
  const { slug = '' } = useParams();
  const [params, changeParams] = useAddressQuery();
  const categories = useCategoriesWithSubcategories();
  const category = categories.data?.find((c) => c.slug === slug);
  usePageTitle(
    category ? t('pages.category.title', { category: category.name }) : categories.isPending ? '' : t('pages.category.notFound'),
  );

  const state = readCategoryState(params);
  const { sort, page, favoritesOnly } = state;
  const subcategory = category?.subcategories.find((s) => s.slug === state.subcategorySlug);
  const [view, setView] = useState<ResultsView>('table');

  const favorites = useFavorites();
  const selection = useQuoteSelection();
  const companies = useCategoryCompanies(
    category ? categoryCompaniesParamsOf(category, state, favorites.ids) : { categoryId: 0 },
    !!category,
  );

  const update = (changes: Record<string, string | null>) => changeParams(listingChange(changes));

  if (categories.isPending) {
    // Shaped like the page (banner, picker, tabs, controls, results) so the footer does not jump when it loads.
    return (
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8" aria-busy="true" aria-label={t('pages.category.loading')}>
        <Skeleton className="h-8 w-36" />
        <Skeleton className="h-32 w-full sm:h-40" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-10 w-64" />
        <CompanyTableSkeleton rows={9} />
      </div>
    );
  }
  if (!category) {
    return (
      <StatusCard icon={SearchX} title={t('pages.category.notFound')} description={t('pages.category.notFoundText')}>
        <Link to="/" className={buttonVariants({})}>
          {t('pages.common.backToHome')}
        </Link>
      </StatusCard>
    );
  }

  const quoteName = subcategory
    ? t('pages.category.quoteName', { category: category.name, subcategory: subcategory.name })
    : category.name;
  // Another subcategory starts at its first page.
  const subcategoryHref = (slug: string) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (slug === ALL_SLUG) next.delete('subcategory');
    else next.set('subcategory', slug);
    return pageHref(`/categories/${encodeURIComponent(category.slug)}`, next, 1);
  };
  const tabClass = (active: boolean) =>
    `shrink-0 rounded-full px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${
      active ? 'bg-slate-900 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'
    }`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link to="/" className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} -ms-3`}>
        <ArrowLeft aria-hidden /> {t('pages.common.backToHome')}
      </Link>
      <div
        className="mt-3 overflow-hidden rounded-xl bg-linear-to-br from-blue-700 to-indigo-800 bg-cover bg-center p-6 text-white sm:p-10"
        style={
          category.imageUrl
            ? { backgroundImage: `linear-gradient(rgba(15,23,42,.6),rgba(15,23,42,.6)), url("${encodeURI(category.imageUrl)}")` }
            : undefined
        }
      >
        <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">
          {t('pages.category.title', { category: category.name })}
        </h1>
        {category.description && <p className="mt-2 max-w-2xl text-blue-50">{category.description}</p>}
      </div>

      <div className="mt-6">
        <CategoryPicker categories={categories.data ?? []} currentSlug={category.slug} />
      </div>

      {/* The subcategories wrap: a strip that scrolls would hide some of them on a phone. */}
      <div role="tablist" aria-label={t('pages.category.subcategories')} className="mt-6 flex flex-wrap gap-2 pb-2">
        {[{ slug: ALL_SLUG, name: t('pages.category.all') }, ...category.subcategories].map((tab) => {
          const active = (subcategory?.slug ?? ALL_SLUG) === tab.slug;
          return (
            // Links, so that a subcategory is an address: it works without JavaScript and crawlers follow it.
            <Link key={tab.slug} to={subcategoryHref(tab.slug)} role="tab" aria-selected={active} className={tabClass(active)}>
              {tab.name}
            </Link>
          );
        })}
      </div>

      <ResultsToolbar
        className="mt-4"
        sort={sort}
        sortOptions={SORT_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
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
          keepIntentWhenSignedOut={false}
          job={{ subcategoryId: subcategory?.id }}
        />
      </div>

      <section aria-live="polite" aria-busy={companies.isFetching} className="mt-4">
        {companies.isError ? (
          <Alert variant="error" title={t('pages.category.fetchFailed')}>
            {t('pages.common.tryAgain')}
          </Alert>
        ) : (
          <>
            <CompanyResults
              companies={companies.data?.companies}
              isLoading={companies.isPending}
              view={view}
              caption={
                subcategory
                  ? t('pages.category.captionSubcategory', { category: category.name, subcategory: subcategory.name })
                  : t('pages.category.caption', { category: category.name })
              }
              from="category"
              isFavorite={favorites.isFavorite}
              onToggleFavorite={(id) => void favorites.toggle(id)}
              selection={{ isSelected: selection.isSelected, onToggle: selection.toggle }}
              empty={
                <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
                  <h2 className="text-lg font-semibold text-slate-900">{t('pages.category.emptyTitle')}</h2>
                  <p className="mt-1 text-slate-700">{t('pages.category.emptyText')}</p>
                </div>
              }
            />
            {companies.data && (
              <Pagination
                page={page}
                totalPages={companies.data.pagination.totalPages}
                hrefFor={(p) => pageHref(`/categories/${encodeURIComponent(category.slug)}`, params, p)}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
