/**
 * The audit log: every change an admin made, newest first — when, who, the action, the record (type
 * and id) and, behind "Show changes", each changed field before → after. A filter by record type;
 * 50 a page.
 */
import { useEffect, useMemo } from 'react';
import { LabelledSelect } from '@/client/components/labelled-select';
import { emptyListClass, ListStates, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Badge } from '@/client/components/ui/badge';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDateTime } from '@/client/lib/format';
import { pageValue, setQueryValues, useAddressQuery } from '@/client/lib/use-address-query';
import { ADMIN_PAGE_SIZES, type AuditEntry } from '@/shared/schemas/admin';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { AdminPagination, pageCount } from '../../shared/admin-pagination';
import { AdminTableHead, AdminTableRegion, adminTable } from '../../shared/admin-table-region';
import { useAuditLog } from '../api/get-audit-log';
import { AuditChanges } from './audit-changes';

/** The record types admins change; any other type the log holds joins the list when seen. */
const KNOWN_TYPES = ['user', 'company', 'rating', 'quote', 'claim', 'category', 'subcategory', 'platform_settings'];

const typeLabel = (type: string) => {
  const words = type.replace(/[_-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
/** "user.toggle_admin" or "toggle-admin" → "Toggle admin". */
const actionLabel = (action: string) => {
  const words = action.replace(/^[a-z]+\./, '').replace(/[_.-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const formatTime = (iso: string) => formatDateTime(iso) || iso;

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function Actor({ actor }: { actor: AuditEntry['actor'] }) {
  if (!actor) return <span className="text-slate-600">Deleted user</span>;
  return (
    <span className="flex flex-col">
      <span className="font-medium text-slate-900">{`${actor.firstName} ${actor.lastName}`.trim()}</span>
      <span className="text-xs break-all text-slate-600">{actor.email}</span>
    </span>
  );
}

export function AdminAuditLog() {
  const [params, changeParams] = useAddressQuery();
  const page = readPage(params.get('page'));
  const entityType = params.get('type') ?? '';
  const log = useAuditLog({ page, entityType });

  useEffect(() => {
    if (log.error) console.warn('could not load the audit log', log.error);
  }, [log.error]);

  const entries = useMemo(() => log.data?.entries ?? [], [log.data]);
  const total = log.data?.total ?? 0;
  const totalPages = pageCount(total, ADMIN_PAGE_SIZES.audit);

  const types = useMemo(() => {
    const seen = new Set(KNOWN_TYPES);
    for (const entry of entries) seen.add(entry.entityType);
    if (entityType) seen.add(entityType);
    return [...seen];
  }, [entries, entityType]);

  const setQuery = (next: { page?: number; type?: string }) =>
    changeParams((updated) => setQueryValues(updated, { page: pageValue(next.page), type: next.type }), { replace: true });

  return (
    <div>
      <AdminPageHeader
        title="Audit Log"
        description="Every change made in the admin area, newest first."
        actions={
          log.data ? (
            <Badge variant="secondary" className="text-sm">
              {total === 1 ? '1 change' : `${total} changes`}
            </Badge>
          ) : null
        }
      />

      <div className="mb-4">
        <LabelledSelect
          label="Record type"
          value={entityType}
          options={[{ value: '', label: 'All records' }, ...types.map((type) => ({ value: type, label: typeLabel(type) }))]}
          onChange={(type) => setQuery({ type, page: 1 })}
        />
      </div>

      {log.isError && !log.data ? (
        <RetryAlert
          block
          title="Error"
          message="Failed to load the audit log. Please try again."
          onRetry={() => void log.refetch()}
        />
      ) : (
        <>
          <AdminTableRegion label="Audit log table" className={log.isPlaceholderData ? 'opacity-70' : undefined}>
            <ListStates
              data={entries}
              isPending={log.isPending}
              isEmpty={(list) => list.length === 0}
              loading={
                <LoadingList label="Loading the audit log…" className="grid gap-2 p-4" busy={false}>
                  {Array.from({ length: 6 }, (_, i) => (
                    <Skeleton key={i} className="h-10 w-full" />
                  ))}
                </LoadingList>
              }
              empty="No admin changes yet."
              emptyClassName={emptyListClass.table}
            >
              {() => (
                <table className={adminTable.table}>
                  <caption className="sr-only">
                    Admin changes{entityType ? ` to ${typeLabel(entityType).toLowerCase()} records` : ''}, newest first, page{' '}
                    {page} of {totalPages}
                  </caption>
                  <AdminTableHead columns={['When', 'Who', 'Action', 'Record', 'Changes']} />
                  <tbody>
                    {entries.map((entry) => {
                      const record = `${typeLabel(entry.entityType)}${entry.entityId ? ` #${entry.entityId}` : ''}`;
                      return (
                        <tr key={entry.id} className={adminTable.tr}>
                          <td className={`${adminTable.td} whitespace-nowrap`}>
                            <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
                          </td>
                          <td className={adminTable.td}>
                            <Actor actor={entry.actor} />
                          </td>
                          <td className={adminTable.td}>
                            <span className="font-medium">{actionLabel(entry.action)}</span>
                            <span className="block font-mono text-xs text-slate-600">{entry.action}</span>
                          </td>
                          <td className={`${adminTable.td} whitespace-nowrap`}>{record}</td>
                          <td className={adminTable.td}>
                            <AuditChanges
                              before={entry.before}
                              after={entry.after}
                              label={`${actionLabel(entry.action)}, ${record}`}
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </ListStates>
          </AdminTableRegion>
          <AdminPagination
            label="Audit log pages"
            page={page}
            total={total}
            pageSize={ADMIN_PAGE_SIZES.audit}
            isBusy={log.isPlaceholderData}
            onPageChange={(next) => setQuery({ page: next })}
          />
        </>
      )}
    </div>
  );
}
