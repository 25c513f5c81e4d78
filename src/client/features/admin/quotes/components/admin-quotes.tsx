/**
 * /admin/quotes: stat tiles that filter, a search box and a status dropdown, one card per quote
 * with its status dropdown (not once completed) and a delete behind a confirm, pages of 20.
 */
import { CircleCheck, FileText, Hourglass, Layers } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { emptyListClass, ListStates, LoadingList } from '@/client/components/list-states';
import { StatusTiles, type StatusTile } from '@/client/components/status-tiles';
import { Alert } from '@/client/components/ui/alert';
import { cn } from '@/client/components/ui/cn';
import { AdminPageHeader } from '@/client/features/admin/shared/admin-page-header';
import { AdminPagination } from '@/client/features/admin/shared/admin-pagination';
import { AdminSearchInput } from '@/client/features/admin/shared/admin-search-input';
import { useDeleteConfirmation } from '../../shared/use-delete-confirmation';
import { AdminStatusFilter } from '../../shared/admin-status-filter';
import { notify } from '@/client/lib/notify';
import { ADMIN_PAGE_SIZES, ADMIN_QUOTE_STATUSES, type AdminQuoteRow, type AdminQuoteStatus } from '@/shared/schemas/admin';
import { useDeleteAdminQuote } from '../api/delete-admin-quote';
import { useAdminQuoteStats, type AdminQuoteStats } from '../api/get-admin-quote-stats';
import { useAdminQuotes } from '../api/get-admin-quotes';
import { adminQuoteErrorMessage } from '../api/quote-error-message';
import { useUpdateAdminQuoteStatus } from '../api/update-admin-quote-status';
import { ADMIN_QUOTE_STATUS_LABELS, AdminQuoteCard, AdminQuoteCardSkeleton } from './admin-quote-card';

type Filter = AdminQuoteStatus | undefined;

const TILES: StatusTile<AdminQuoteStatus, keyof AdminQuoteStats>[] = [
  { filter: undefined, label: 'Total', count: 'total', icon: Layers, iconClassName: 'text-blue-700' },
  { filter: 'draft', label: 'Draft', count: 'draft', icon: FileText, iconClassName: 'text-slate-600' },
  { filter: 'in_progress', label: 'In Progress', count: 'inProgress', icon: Hourglass, iconClassName: 'text-amber-700' },
  { filter: 'completed', label: 'Completed', count: 'completed', icon: CircleCheck, iconClassName: 'text-green-700' },
];

const QUOTE_STATUS_OPTIONS = ADMIN_QUOTE_STATUSES.map((status) => ({ value: status, label: ADMIN_QUOTE_STATUS_LABELS[status] }));

export function AdminQuotes() {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>(undefined);
  const [page, setPage] = useState(1);
  const quotes = useAdminQuotes({ page, search: search.trim() || undefined, status: filter });
  const stats = useAdminQuoteStats();
  const updateStatus = useUpdateAdminQuoteStatus();
  const remove = useDeleteAdminQuote();

  const rows = quotes.data?.quotes ?? [];
  const total = quotes.data?.total ?? 0;
  const nameOf = (quote: AdminQuoteRow) => quote.quoteName || `Quote #${quote.id}`;

  const selectFilter = (next: Filter) => {
    setFilter(next);
    setPage(1);
  };

  const onStatusChange = async (quote: AdminQuoteRow, status: AdminQuoteStatus) => {
    try {
      await updateStatus.mutateAsync({ id: quote.id, status });
      notify.success('Quote status updated', `${nameOf(quote)} is now ${ADMIN_QUOTE_STATUS_LABELS[status]}.`);
    } catch (error) {
      notify.error('Failed to update quote status', adminQuoteErrorMessage(error));
      console.warn('quote status not updated', error);
    }
  };

  const deletion = useDeleteConfirmation<AdminQuoteRow>({
    remove: (row) => remove.mutateAsync(row.id),
    rowsOnPage: rows.length,
    page,
    setPage,
    onDeleted: (row) => notify.success('Quote deleted', `${nameOf(row)} was deleted.`),
    onFailed: (error) => {
      notify.error('Failed to delete quote', adminQuoteErrorMessage(error));
      console.warn('quote not deleted', error);
    },
  });
  const shown = deletion.shown;

  return (
    <>
      <AdminPageHeader title="Manage Quotes" description="Every quote request on the platform: change its status or remove it." />
      {stats.isError && (
        <Alert variant="error" title="Failed to fetch quote stats" className="mb-4">
          {adminQuoteErrorMessage(stats.error)}
        </Alert>
      )}
      <StatusTiles
        label="Filter quotes by status"
        tiles={TILES}
        counts={stats.data}
        active={filter}
        onSelect={selectFilter}
        className="mb-6"
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <AdminSearchInput
          label="Search quotes"
          placeholder="Search by quote name, description or customer"
          value={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          className="w-full sm:max-w-md sm:flex-1"
        />
        <AdminStatusFilter allLabel="All" options={QUOTE_STATUS_OPTIONS} value={filter} onChange={selectFilter} />
      </div>
      <section aria-label="Quotes" aria-busy={quotes.isFetching || undefined}>
        <ListStates
          data={quotes.data}
          isPending={quotes.isPending}
          isError={quotes.isError}
          isEmpty={(loaded) => loaded.quotes.length === 0}
          loading={
            <LoadingList label="Loading quotes…" className="grid gap-4" busy={false}>
              {Array.from({ length: 3 }, (_, i) => (
                <AdminQuoteCardSkeleton key={i} />
              ))}
            </LoadingList>
          }
          error={
            <Alert variant="error" title="Failed to fetch quotes">
              {adminQuoteErrorMessage(quotes.error)}
            </Alert>
          }
          empty="No quotes found"
          emptyClassName={emptyListClass.page}
        >
          {() => (
            <>
              <p className="mb-3 text-sm text-slate-700" aria-live="polite">
                {total} {total === 1 ? 'quote' : 'quotes'}
                {filter ? ` · ${ADMIN_QUOTE_STATUS_LABELS[filter]}` : ''}
              </p>
              <ul className={cn('grid gap-4', quotes.isPlaceholderData && 'opacity-60')}>
                {rows.map((quote) => (
                  <AdminQuoteCard
                    key={quote.id}
                    quote={quote}
                    isUpdating={updateStatus.isPending && updateStatus.variables?.id === quote.id}
                    onStatusChange={(status) => void onStatusChange(quote, status)}
                    onDelete={() => deletion.ask(quote)}
                  />
                ))}
              </ul>
            </>
          )}
        </ListStates>
      </section>
      <AdminPagination
        page={page}
        total={total}
        pageSize={ADMIN_PAGE_SIZES.quotes}
        onPageChange={setPage}
        label="Quotes pages"
        isBusy={quotes.isFetching}
      />
      <ConfirmDialog
        open={deletion.isOpen}
        title="Delete quote?"
        description={
          shown
            ? `Are you sure you want to delete "${nameOf(shown)}" from ${shown.userFirstName} ${shown.userLastName}? Its messages, images and claims go with it. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete Quote"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        variant="destructive"
        onConfirm={deletion.confirm}
        onClose={deletion.close}
      />
    </>
  );
}
