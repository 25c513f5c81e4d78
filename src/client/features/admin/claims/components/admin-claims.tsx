/**
 * /admin/claims: the claim links sent to companies without an owner. Pending / Redeemed / Total
 * counts (over every claim matching the search, not the current page only, so the figures do not
 * change from page to page), search, a status filter, delete behind a confirm, pages of 20.
 */
import type { LucideIcon } from 'lucide-react';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import FileCheck from 'lucide-react/icons/file-check';
import Mail from 'lucide-react/icons/mail';
import Smartphone from 'lucide-react/icons/smartphone';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { emptyListClass, ListStates } from '@/client/components/list-states';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { Skeleton } from '@/client/components/ui/skeleton';
import { AdminPageHeader } from '@/client/features/admin/shared/admin-page-header';
import { AdminPagination } from '@/client/features/admin/shared/admin-pagination';
import { AdminSearchInput } from '@/client/features/admin/shared/admin-search-input';
import {
  adminTable,
  AdminTableHead,
  AdminTableRegion,
  AdminTableSkeleton,
} from '@/client/features/admin/shared/admin-table-region';
import { useDeleteConfirmation } from '../../shared/use-delete-confirmation';
import { AdminStatusFilter } from '../../shared/admin-status-filter';
import { ApiError } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { useT, type MessageKey, type MessageValues } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { ADMIN_PAGE_SIZES, type AdminClaim } from '@/shared/schemas/admin';
import { useDeleteAdminClaim } from '../api/delete-admin-claim';
import { useAdminClaims, type AdminClaimPage, type AdminClaimStatus } from '../api/get-admin-claims';

const PAGE_SIZE = ADMIN_PAGE_SIZES.claims;
type Translate = (key: MessageKey, values?: MessageValues) => string;
const COLUMNS: MessageKey[] = [
  'moderation.columns.company',
  'moderation.columns.quote',
  'moderation.columns.contactMethod',
  'moderation.columns.status',
  'moderation.columns.created',
  'moderation.columns.redeemed',
  'moderation.columns.actions',
];
const QUOTE_STATUS_LABELS: Record<NonNullable<AdminClaim['quote']>['status'], MessageKey> = {
  draft: 'moderation.quoteStatus.draft',
  submitted: 'moderation.quoteStatus.submitted',
  in_progress: 'moderation.quoteStatus.inProgress',
  completed: 'moderation.quoteStatus.completed',
};

const companyName = (claim: AdminClaim, t: Translate) =>
  claim.company?.name || t('moderation.claims.companyNumber', { id: String(claim.companyId) });
const quoteName = (claim: AdminClaim, t: Translate) =>
  claim.quote?.quoteName || t('moderation.common.quoteNumber', { id: String(claim.quoteId) });
const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : undefined);

const COUNTS: { key: keyof AdminClaimPage['counts']; label: MessageKey; icon: LucideIcon; iconClassName: string }[] = [
  { key: 'pending', label: 'moderation.claims.pending', icon: Clock, iconClassName: 'text-amber-700' },
  { key: 'redeemed', label: 'moderation.claims.redeemed', icon: CircleCheck, iconClassName: 'text-green-700' },
  { key: 'total', label: 'moderation.common.total', icon: FileCheck, iconClassName: 'text-blue-700' },
];

function ClaimCounts({ counts }: { counts: AdminClaimPage['counts'] | undefined }) {
  const t = useT();
  return (
    <dl aria-label={t('moderation.claims.counts')} className="mb-6 grid grid-cols-3 gap-3">
      {COUNTS.map(({ key, label, icon: Icon, iconClassName }) => (
        <div key={key} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-slate-700">
            {t(label)}
            <Icon className={cn('hidden size-5 shrink-0 sm:block', iconClassName)} aria-hidden />
          </dt>
          <dd className="text-2xl font-bold text-slate-900">{counts ? counts[key] : <Skeleton className="mt-1 h-7 w-10" />}</dd>
        </div>
      ))}
    </dl>
  );
}

const CLAIM_STATUS_OPTIONS = [
  { value: 'pending', label: 'moderation.claims.pending' },
  { value: 'redeemed', label: 'moderation.claims.redeemed' },
] as const satisfies readonly { value: AdminClaimStatus; label: MessageKey }[];

function ClaimRow({ claim, onDelete }: { claim: AdminClaim; onDelete(): void }) {
  const t = useT();
  const place = [claim.company?.city, claim.company?.state].filter(Boolean).join(', ');
  return (
    <tr className={adminTable.tr}>
      <td className={adminTable.td}>
        <p className="font-medium text-slate-900">{companyName(claim, t)}</p>
        {claim.company && (
          <p className="text-xs text-slate-600">
            {claim.company.category}
            {place ? ` · ${place}` : ''}
          </p>
        )}
      </td>
      <td className={adminTable.td}>
        <p className="font-medium text-slate-900">{quoteName(claim, t)}</p>
        {claim.quote && <p className="text-xs text-slate-600">{t(QUOTE_STATUS_LABELS[claim.quote.status])}</p>}
      </td>
      <td className={adminTable.td}>
        {claim.isMobile ? (
          <p className="flex items-center gap-1.5">
            <Smartphone className="size-4 text-slate-500" aria-hidden />
            <span className="font-medium">{t('moderation.claims.sms')}</span>
          </p>
        ) : (
          <p className="flex items-center gap-1.5">
            <Mail className="size-4 text-slate-500" aria-hidden />
            <span className="font-medium">{t('moderation.claims.email')}</span>
          </p>
        )}
        <p className="whitespace-nowrap text-xs text-slate-600">
          {(claim.isMobile ? claim.phoneNumber : claim.emailAddress) ?? '—'}
        </p>
      </td>
      <td className={adminTable.td}>
        {claim.redeemedAt ? (
          <Badge variant="success">{t('moderation.claims.redeemed')}</Badge>
        ) : (
          <Badge variant="warning">{t('moderation.claims.pending')}</Badge>
        )}
      </td>
      <td className={`${adminTable.td} whitespace-nowrap`}>
        <time dateTime={claim.createdAt}>{formatDate(claim.createdAt)}</time>
      </td>
      <td className={`${adminTable.td} whitespace-nowrap`}>
        {claim.redeemedAt ? (
          <time dateTime={claim.redeemedAt}>{formatDate(claim.redeemedAt)}</time>
        ) : (
          <span className="text-slate-600">—</span>
        )}
      </td>
      <td className={adminTable.td}>
        <Button
          variant="outline"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onDelete}
          aria-label={t('moderation.claims.deleteLabel', { company: companyName(claim, t), quote: quoteName(claim, t) })}
        >
          <Trash2 aria-hidden /> {t('moderation.common.delete')}
        </Button>
      </td>
    </tr>
  );
}

export function AdminClaims() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdminClaimStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const claims = useAdminClaims({ page, search: search.trim() || undefined, status });
  const remove = useDeleteAdminClaim();

  const rows = claims.data?.claims ?? [];
  const total = claims.data?.total ?? 0;
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(page * PAGE_SIZE, total);

  const deletion = useDeleteConfirmation<AdminClaim>({
    remove: (row) => remove.mutateAsync(row.id),
    rowsOnPage: rows.length,
    page,
    setPage,
    onDeleted: (row) =>
      notify.success(t('moderation.claims.deleted'), t('moderation.claims.deletedDetail', { company: companyName(row, t) })),
    onFailed: (error) => {
      notify.error(t('moderation.claims.deleteFailed'), serverMessage(error));
      console.warn('claim not deleted', error);
    },
  });
  const shown = deletion.shown;

  return (
    <>
      <AdminPageHeader title={t('moderation.claims.title')} description={t('moderation.claims.description')} />
      <ClaimCounts counts={claims.data?.counts} />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <AdminSearchInput
          label={t('moderation.claims.search')}
          placeholder={t('moderation.claims.searchPlaceholder')}
          value={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          className="w-full sm:max-w-md sm:flex-1"
        />
        <AdminStatusFilter
          allLabel={t('moderation.claims.all')}
          options={CLAIM_STATUS_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </div>
      <ListStates
        data={claims.data}
        isPending={claims.isPending}
        isError={claims.isError}
        isEmpty={(loaded) => loaded.claims.length === 0}
        loading={<AdminTableSkeleton label={t('moderation.claims.table')} loadingLabel={t('moderation.claims.loading')} />}
        error={
          <Alert variant="error" title={t('moderation.claims.loadFailed')}>
            {serverMessage(claims.error)}
          </Alert>
        }
        empty={t('moderation.claims.empty')}
        emptyClassName={emptyListClass.page}
      >
        {() => (
          <>
            <AdminTableRegion
              label={t('moderation.claims.table')}
              className={claims.isPlaceholderData ? 'opacity-60' : undefined}
            >
              <table className={cn(adminTable.table, 'min-w-[900px]')}>
                <caption className="sr-only">{t('moderation.claims.caption', { page })}</caption>
                <AdminTableHead columns={COLUMNS.map((column) => t(column))} />
                <tbody>
                  {rows.map((claim) => (
                    <ClaimRow key={claim.id} claim={claim} onDelete={() => deletion.ask(claim)} />
                  ))}
                </tbody>
              </table>
            </AdminTableRegion>
            <p className="mt-3 text-sm text-slate-700" aria-live="polite">
              {t('moderation.claims.showing', { from, to, total })}
            </p>
          </>
        )}
      </ListStates>
      <AdminPagination
        page={page}
        total={total}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        label={t('moderation.claims.pages')}
        isBusy={claims.isFetching}
      />
      <ConfirmDialog
        open={deletion.isOpen}
        title={t('moderation.claims.deleteTitle')}
        description={
          shown ? t('moderation.claims.deleteDescription', { company: companyName(shown, t), quote: quoteName(shown, t) }) : ''
        }
        confirmLabel={t('moderation.claims.deleteConfirm')}
        busyLabel={t('moderation.common.deleting')}
        isBusy={remove.isPending}
        variant="destructive"
        onConfirm={deletion.confirm}
        onClose={deletion.close}
      />
    </>
  );
}
