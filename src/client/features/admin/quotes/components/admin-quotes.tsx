/**
 * /admin/quotes: stat tiles that filter, a search box and a status dropdown, one card per quote
 * with its status dropdown (not once completed) and a delete behind a confirm, pages of 20.
 */
import CircleCheck from 'lucide-react/icons/circle-check';
import FileText from 'lucide-react/icons/file-text';
import Hourglass from 'lucide-react/icons/hourglass';
import Layers from 'lucide-react/icons/layers';
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
import { useT, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { ADMIN_PAGE_SIZES, ADMIN_QUOTE_STATUSES, type AdminQuoteRow, type AdminQuoteStatus } from '@/shared/schemas/admin';
import { useDeleteAdminQuote } from '../api/delete-admin-quote';
import { useAdminQuoteStats, type AdminQuoteStats } from '../api/get-admin-quote-stats';
import { useAdminQuotes } from '../api/get-admin-quotes';
import { adminQuoteErrorMessage } from '../api/quote-error-message';
import { useUpdateAdminQuoteStatus } from '../api/update-admin-quote-status';
import { ADMIN_QUOTE_STATUS_LABELS, AdminQuoteCard, AdminQuoteCardSkeleton, adminQuoteName } from './admin-quote-card';

type Filter = AdminQuoteStatus | undefined;
type Tile = StatusTile<AdminQuoteStatus, keyof AdminQuoteStats>;

const TILES: (Omit<Tile, 'label'> & { label: MessageKey })[] = [
  { filter: undefined, label: 'moderation.common.total', count: 'total', icon: Layers, iconClassName: 'text-blue-700' },
  { filter: 'draft', label: ADMIN_QUOTE_STATUS_LABELS.draft, count: 'draft', icon: FileText, iconClassName: 'text-slate-600' },
  {
    filter: 'in_progress',
    label: ADMIN_QUOTE_STATUS_LABELS.in_progress,
    count: 'inProgress',
    icon: Hourglass,
    iconClassName: 'text-amber-700',
  },
  {
    filter: 'completed',
    label: ADMIN_QUOTE_STATUS_LABELS.completed,
    count: 'completed',
    icon: CircleCheck,
    iconClassName: 'text-green-700',
  },
];

export function AdminQuotes() {
  const t = useT();
  const tiles: Tile[] = TILES.map((tile) => ({ ...tile, label: t(tile.label) }));
  const statusOptions = ADMIN_QUOTE_STATUSES.map((status) => ({ value: status, label: t(ADMIN_QUOTE_STATUS_LABELS[status]) }));
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>(undefined);
  const [page, setPage] = useState(1);
  const quotes = useAdminQuotes({ page, search: search.trim() || undefined, status: filter });
  const stats = useAdminQuoteStats();
  const updateStatus = useUpdateAdminQuoteStatus();
  const remove = useDeleteAdminQuote();

  const rows = quotes.data?.quotes ?? [];
  const total = quotes.data?.total ?? 0;
  const nameOf = (quote: AdminQuoteRow) => adminQuoteName(quote, t);

  const selectFilter = (next: Filter) => {
    setFilter(next);
    setPage(1);
  };

  const onStatusChange = async (quote: AdminQuoteRow, status: AdminQuoteStatus) => {
    try {
      await updateStatus.mutateAsync({ id: quote.id, status });
      notify.success(
        t('moderation.quotes.statusUpdated'),
        t('moderation.quotes.statusUpdatedDetail', { name: nameOf(quote), status: t(ADMIN_QUOTE_STATUS_LABELS[status]) }),
      );
    } catch (error) {
      notify.error(t('moderation.quotes.statusUpdateFailed'), adminQuoteErrorMessage(error, t));
      console.warn('quote status not updated', error);
    }
  };

  const deletion = useDeleteConfirmation<AdminQuoteRow>({
    remove: (row) => remove.mutateAsync(row.id),
    rowsOnPage: rows.length,
    page,
    setPage,
    onDeleted: (row) =>
      notify.success(t('moderation.quotes.deleted'), t('moderation.quotes.deletedDetail', { name: nameOf(row) })),
    onFailed: (error) => {
      notify.error(t('moderation.quotes.deleteFailed'), adminQuoteErrorMessage(error, t));
      console.warn('quote not deleted', error);
    },
  });
  const shown = deletion.shown;

  return (
    <>
      <AdminPageHeader title={t('moderation.quotes.title')} description={t('moderation.quotes.description')} />
      {stats.isError && (
        <Alert variant="error" title={t('moderation.quotes.statsFailed')} className="mb-4">
          {adminQuoteErrorMessage(stats.error, t)}
        </Alert>
      )}
      <StatusTiles
        label={t('moderation.quotes.filterByStatus')}
        tiles={tiles}
        counts={stats.data}
        active={filter}
        onSelect={selectFilter}
        className="mb-6"
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <AdminSearchInput
          label={t('moderation.quotes.search')}
          placeholder={t('moderation.quotes.searchPlaceholder')}
          value={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          className="w-full sm:max-w-md sm:flex-1"
        />
        <AdminStatusFilter allLabel={t('moderation.quotes.all')} options={statusOptions} value={filter} onChange={selectFilter} />
      </div>
      <section aria-label={t('moderation.quotes.list')} aria-busy={quotes.isFetching || undefined}>
        <ListStates
          data={quotes.data}
          isPending={quotes.isPending}
          isError={quotes.isError}
          isEmpty={(loaded) => loaded.quotes.length === 0}
          loading={
            <LoadingList label={t('moderation.quotes.loading')} className="grid gap-4" busy={false}>
              {Array.from({ length: 3 }, (_, i) => (
                <AdminQuoteCardSkeleton key={i} />
              ))}
            </LoadingList>
          }
          error={
            <Alert variant="error" title={t('moderation.quotes.loadFailed')}>
              {adminQuoteErrorMessage(quotes.error, t)}
            </Alert>
          }
          empty={t('moderation.quotes.empty')}
          emptyClassName={emptyListClass.page}
        >
          {() => (
            <>
              <p className="mb-3 text-sm text-slate-700" aria-live="polite">
                {filter
                  ? t('moderation.quotes.countWithStatus', { count: total, status: t(ADMIN_QUOTE_STATUS_LABELS[filter]) })
                  : t('moderation.quotes.count', { count: total })}
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
        label={t('moderation.quotes.pages')}
        isBusy={quotes.isFetching}
      />
      <ConfirmDialog
        open={deletion.isOpen}
        title={t('moderation.quotes.deleteTitle')}
        description={
          shown
            ? t('moderation.quotes.deleteDescription', {
                name: nameOf(shown),
                customer: `${shown.userFirstName} ${shown.userLastName}`,
              })
            : ''
        }
        confirmLabel={t('moderation.quotes.deleteConfirm')}
        busyLabel={t('moderation.common.deleting')}
        isBusy={remove.isPending}
        variant="destructive"
        onConfirm={deletion.confirm}
        onClose={deletion.close}
      />
    </>
  );
}
