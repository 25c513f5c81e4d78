import FileText from 'lucide-react/icons/file-text';
import Plus from 'lucide-react/icons/plus';
import SearchX from 'lucide-react/icons/search-x';
import { Link, Navigate } from 'react-router';
import { LabelledSelect } from '@/client/components/labelled-select';
import { ListStates, LoadingList } from '@/client/components/list-states';
import { Pagination } from '@/client/components/pagination';
import { Alert } from '@/client/components/ui/alert';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { QUOTE_LIST_FILTERS, useQuotes, type QuoteListFilter } from '@/client/features/quotes/api/get-quotes';
import { QuoteCard, QuoteCardSkeleton } from '@/client/features/quotes/components/quote-card';
import { QUOTE_STATUS_LABELS } from '@/client/entities/quotes/quote-status-badge';
import { QuoteStatusTiles } from '@/client/features/quotes/components/quote-status-tiles';
import { errorMessage } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { pageValue, setQueryValues, useAddressQuery } from '@/client/lib/use-address-query';
import { KEEP_SCROLL } from '@/client/lib/scroll-restoration';
import { usePageTitle } from '@/client/lib/use-page-title';

const isFilter = (value: string | null): value is QuoteListFilter => QUOTE_LIST_FILTERS.includes(value as QuoteListFilter);

const FILTER_OPTIONS: { value: QuoteListFilter | 'all'; label: MessageKey }[] = [
  { value: 'all', label: 'quotes.myQuotes.allQuotes' },
  ...QUOTE_LIST_FILTERS.map((value) => ({ value, label: QUOTE_STATUS_LABELS[value] })),
];

/** The empty list's heading under a status filter. */
const EMPTY_TITLES: Record<QuoteListFilter, MessageKey> = {
  draft: 'quotes.myQuotes.emptyDraft',
  in_progress: 'quotes.myQuotes.emptyInProgress',
  completed: 'quotes.myQuotes.emptyCompleted',
};

function EmptyState({ filter, onClear }: { filter: QuoteListFilter | undefined; onClear(): void }) {
  const t = useT();
  const Icon = filter ? SearchX : FileText;
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <Icon className="size-10 text-slate-500" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">
        {filter ? t(EMPTY_TITLES[filter]) : t('quotes.myQuotes.emptyTitle')}
      </h2>
      {filter ? (
        <>
          <p className="text-sm text-slate-700">{t('quotes.myQuotes.emptyFiltered')}</p>
          <Button variant="outline" onClick={onClear}>
            {t('quotes.myQuotes.viewAll')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t('quotes.myQuotes.emptyHint')}</p>
          <Link to="/search" className={buttonVariants()}>
            {t('quotes.myQuotes.findCompanies')}
          </Link>
        </>
      )}
    </div>
  );
}

/**
 * /myquotes: the customer's quotes with status tiles, a status filter and pages of 10. The filter
 * and the page live in the address (?status=draft&page=2), so a reload keeps them.
 */
function MyQuotes() {
  const t = useT();
  const [params, changeParams] = useAddressQuery();
  const requested = params.get('status');
  const filter = isFilter(requested) ? requested : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const quotes = useQuotes({ page, status: filter });

  const update = (next: { status?: QuoteListFilter; page?: number }) =>
    changeParams((updated) => setQueryValues(updated, { status: next.status ?? null, page: pageValue(next.page ?? 1) }), {
      state: KEEP_SCROLL,
    });
  const setFilter = (status: QuoteListFilter | undefined) => update({ status });
  const clearFilter = () => update({});
  const setPage = (next: number) => {
    update({ status: filter, page: next });
    window.scrollTo({ top: 0 });
  };

  const data = quotes.data;
  return (
    <>
      <QuoteStatusTiles counts={data?.counts} active={filter} onSelect={setFilter} />

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <LabelledSelect
          label={t('quotes.statusPanel.status')}
          value={filter ?? 'all'}
          options={FILTER_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
          onChange={(value) => setFilter(value === 'all' ? undefined : value)}
        />
        {filter && (
          <Button variant="outline" size="sm" onClick={clearFilter}>
            {t('quotes.myQuotes.clearFilter')}
          </Button>
        )}
      </div>

      <section
        aria-label={t('quotes.myQuotes.listLabel')}
        className="mt-6"
        aria-busy={quotes.isFetching && quotes.isPlaceholderData}
      >
        <ListStates
          data={data}
          isPending={quotes.isPending}
          isError={quotes.isError && !data}
          isEmpty={(loaded) => loaded.data.length === 0}
          loading={
            <LoadingList label={t('quotes.myQuotes.loading')} className="grid gap-4">
              {Array.from({ length: 3 }, (_, i) => (
                <QuoteCardSkeleton key={i} />
              ))}
            </LoadingList>
          }
          error={
            <Alert variant="error">
              {t('quotes.myQuotes.loadError', { problem: errorMessage(quotes.error, t('quotes.myQuotes.fetchFailed')) })}
            </Alert>
          }
          empty={<EmptyState filter={filter} onClear={clearFilter} />}
        >
          {(loaded) => (
            <>
              <div className="grid gap-4">
                {loaded.data.map((quote) => (
                  <QuoteCard key={quote.id} quote={quote} />
                ))}
              </div>
              <Pagination page={page} totalPages={loaded.totalPages} onPageChange={setPage} label={t('quotes.myQuotes.pages')} />
            </>
          )}
        </ListStates>
      </section>
    </>
  );
}

export default function MyQuotesPage() {
  const t = useT();
  usePageTitle(t('quotes.myQuotes.title'));
  const { data: user, isPending } = useCurrentUser();

  if (isPending) {
    return (
      <div className="mx-auto grid max-w-5xl gap-4 px-4 py-10" aria-busy="true" aria-label={t('quotes.myQuotes.loadingLabel')}>
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  // A signed-out visitor is sent home: the page has nothing to show them.
  if (!user) return <Navigate to="/" replace />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('quotes.myQuotes.title')}</h1>
          <p className="mt-1 text-slate-700">{t('quotes.myQuotes.intro')}</p>
        </div>
        <Link to="/search" className={buttonVariants()}>
          <Plus aria-hidden /> {t('quotes.myQuotes.newQuote')}
        </Link>
      </div>
      <MyQuotes />
    </div>
  );
}
