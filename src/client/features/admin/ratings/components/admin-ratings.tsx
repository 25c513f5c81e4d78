/**
 * /admin/ratings: every review with its author and company, a search over company, user name and
 * comment (300 ms, back to page 1), Edit and Delete, pages of 20.
 */
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { emptyListClass, ListStates } from '@/client/components/list-states';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { StarRatingDisplay } from '@/client/components/star-rating';
import { AdminPageHeader } from '@/client/features/admin/shared/admin-page-header';
import { AdminPagination } from '@/client/features/admin/shared/admin-pagination';
import { AdminSearchInput } from '@/client/features/admin/shared/admin-search-input';
import {
  adminTable,
  AdminTableHead,
  AdminTableRegion,
  AdminTableSkeleton,
} from '@/client/features/admin/shared/admin-table-region';
import { formatDate } from '@/client/lib/format';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { ADMIN_PAGE_SIZES, type AdminRating } from '@/shared/schemas/admin';
import { useDeleteAdminRating } from '../api/delete-admin-rating';
import { useAdminRatings } from '../api/get-admin-ratings';
import { useDeleteConfirmation } from '../../shared/use-delete-confirmation';
import { EditRatingDialog, reviewerName } from './edit-rating-dialog';

const COLUMNS: MessageKey[] = [
  'moderation.columns.user',
  'moderation.columns.company',
  'moderation.columns.rating',
  'moderation.columns.comment',
  'moderation.columns.date',
  'moderation.columns.actions',
];

function RatingRow({ rating, onEdit, onDelete }: { rating: AdminRating; onEdit(): void; onDelete(): void }) {
  const t = useT();
  const name = reviewerName(rating);
  return (
    <tr className={adminTable.tr}>
      <td className={adminTable.td}>
        <p className="font-medium text-slate-900">{name}</p>
        <p className="whitespace-nowrap text-xs text-slate-600">{rating.user.email}</p>
      </td>
      <td className={adminTable.td}>
        <p className="font-medium text-slate-900">{rating.company.name}</p>
        <p className="text-xs text-slate-600">{rating.company.category}</p>
      </td>
      <td className={`${adminTable.td} whitespace-nowrap`}>
        <StarRatingDisplay value={rating.rating} size={14} />
      </td>
      <td className={`${adminTable.td} max-w-xs`}>
        {rating.moderationState === 'removed' ? (
          <p className="italic text-slate-600">{t('moderation.ratings.removed')}</p>
        ) : rating.comment ? (
          <p className="line-clamp-3 whitespace-pre-line break-words">{rating.comment}</p>
        ) : (
          <p className="italic text-slate-600">{t('moderation.ratings.noComment')}</p>
        )}
        {rating.moderationState === 'hidden' && (
          <Badge variant="warning" className="mt-1">
            {t('moderation.ratings.hidden')}
          </Badge>
        )}
        {rating.editedByAdminAt && (
          <Badge variant="secondary" className="mt-1">
            {t('moderation.ratings.editedByAdmin')}
          </Badge>
        )}
      </td>
      <td className={`${adminTable.td} whitespace-nowrap`}>
        <time dateTime={rating.createdAt}>{formatDate(rating.createdAt)}</time>
      </td>
      <td className={adminTable.td}>
        {/* A removed review's words are gone for good: nothing is left to edit or delete. */}
        <div className={rating.moderationState === 'removed' ? 'hidden' : 'flex gap-2'}>
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('moderation.ratings.editLabel', { name })}>
            <Pencil aria-hidden /> {t('moderation.ratings.edit')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={onDelete}
            aria-label={t('moderation.ratings.deleteLabel', { name })}
          >
            <Trash2 aria-hidden /> {t('moderation.common.delete')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

export function AdminRatings() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const ratings = useAdminRatings({ page, search: search.trim() || undefined });
  const remove = useDeleteAdminRating();
  const [editing, setEditing] = useState<AdminRating | null>(null);

  const total = ratings.data?.total ?? 0;
  const rows = ratings.data?.ratings ?? [];

  const deletion = useDeleteConfirmation<AdminRating>({
    remove: (row) => remove.mutateAsync(row),
    rowsOnPage: rows.length,
    page,
    setPage,
    onDeleted: (row) =>
      notify.success(t('moderation.ratings.deleted'), t('moderation.ratings.deletedDetail', { name: reviewerName(row) })),
    onFailed: (error) => {
      notify.error(t('moderation.ratings.deleteFailed'), t('moderation.ratings.deleteFailedDetail'));
      console.warn('rating not deleted', error);
    },
  });
  const shown = deletion.shown;

  return (
    <>
      <AdminPageHeader
        title={t('moderation.ratings.title')}
        description={t('moderation.ratings.description')}
        actions={ratings.data ? <Badge variant="secondary">{t('moderation.ratings.total', { count: total })}</Badge> : null}
      />
      <AdminSearchInput
        label={t('moderation.ratings.search')}
        placeholder={t('moderation.ratings.searchPlaceholder')}
        value={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        className="mb-4 max-w-md"
      />
      <ListStates
        data={ratings.data}
        isPending={ratings.isPending}
        isError={ratings.isError}
        isEmpty={(loaded) => loaded.ratings.length === 0}
        loading={<AdminTableSkeleton label={t('moderation.ratings.table')} loadingLabel={t('moderation.ratings.loading')} />}
        error={<Alert variant="error">{t('moderation.ratings.loadFailed')}</Alert>}
        empty={search.trim() ? t('moderation.ratings.noMatch') : t('moderation.ratings.empty')}
        emptyClassName={emptyListClass.page}
      >
        {() => (
          <AdminTableRegion
            label={t('moderation.ratings.table')}
            className={ratings.isPlaceholderData ? 'opacity-60' : undefined}
          >
            <table className={adminTable.table}>
              <caption className="sr-only">{t('moderation.ratings.caption', { page })}</caption>
              <AdminTableHead columns={COLUMNS.map((column) => t(column))} />
              <tbody>
                {rows.map((rating) => (
                  <RatingRow
                    key={rating.id}
                    rating={rating}
                    onEdit={() => setEditing(rating)}
                    onDelete={() => deletion.ask(rating)}
                  />
                ))}
              </tbody>
            </table>
          </AdminTableRegion>
        )}
      </ListStates>
      <AdminPagination
        page={page}
        total={total}
        pageSize={ADMIN_PAGE_SIZES.ratings}
        onPageChange={setPage}
        label={t('moderation.ratings.pages')}
        isBusy={ratings.isFetching}
      />
      <EditRatingDialog rating={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deletion.isOpen}
        title={t('moderation.ratings.deleteTitle')}
        description={
          shown ? t('moderation.ratings.deleteDescription', { name: reviewerName(shown), company: shown.company.name }) : ''
        }
        confirmLabel={t('moderation.ratings.deleteConfirm')}
        busyLabel={t('moderation.common.deleting')}
        isBusy={remove.isPending}
        variant="destructive"
        onConfirm={deletion.confirm}
        onClose={deletion.close}
      />
    </>
  );
}
