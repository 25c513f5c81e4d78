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
import { useT, type MessageKey } from '@/client/lib/i18n';
import { pageValue, setQueryValues, useAddressQuery } from '@/client/lib/use-address-query';
import { ADMIN_PAGE_SIZES, type AuditEntry } from '@/shared/schemas/admin';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { AdminPagination, pageCount } from '../../shared/admin-pagination';
import { AdminTableHead, AdminTableRegion, adminTable } from '../../shared/admin-table-region';
import { useAuditLog } from '../api/get-audit-log';
import { AuditChanges } from './audit-changes';

/** The record types admins change; any other type the log holds joins the list when seen. */
const KNOWN_TYPES = ['user', 'company', 'rating', 'quote', 'claim', 'category', 'subcategory', 'platform_settings'];

type Translate = ReturnType<typeof useT>;

/** The record types and actions the server writes, in words; one it adds later reads as its code in words. */
const TYPE_LABELS: Record<string, MessageKey> = {
  user: 'admin.auditLog.type.user',
  company: 'admin.auditLog.type.company',
  rating: 'admin.auditLog.type.rating',
  quote: 'admin.auditLog.type.quote',
  claim: 'admin.auditLog.type.claim',
  category: 'admin.auditLog.type.category',
  subcategory: 'admin.auditLog.type.subcategory',
  platform_settings: 'admin.auditLog.type.platformSettings',
  company_credential: 'admin.auditLog.type.companyCredential',
  job: 'admin.auditLog.type.job',
  lead_report: 'admin.auditLog.type.leadReport',
  notice: 'admin.auditLog.type.notice',
  text_override: 'admin.auditLog.type.textOverride',
  moderation_listing: 'admin.auditLog.type.moderationListing',
  moderation_review: 'admin.auditLog.type.moderationReview',
  moderation_message: 'admin.auditLog.type.moderationMessage',
  moderation_photo: 'admin.auditLog.type.moderationPhoto',
};

const ACTION_LABELS: Record<string, MessageKey> = {
  'user.create': 'admin.auditLog.action.create',
  'user.update': 'admin.auditLog.action.update',
  'user.delete': 'admin.auditLog.action.delete',
  'user.grant_admin': 'admin.auditLog.action.grantAdmin',
  'user.revoke_admin': 'admin.auditLog.action.revokeAdmin',
  'company.update': 'admin.auditLog.action.update',
  'company.logo': 'admin.auditLog.action.logo',
  'company.activate': 'admin.auditLog.action.activate',
  'company.deactivate': 'admin.auditLog.action.deactivate',
  'company.lead_preferences': 'admin.auditLog.action.leadPreferences',
  'company.hours_clear': 'admin.auditLog.action.hoursClear',
  'company.hours_update': 'admin.auditLog.action.hoursUpdate',
  'company.photo_add': 'admin.auditLog.action.photoAdd',
  'company.photo_delete': 'admin.auditLog.action.photoDelete',
  'company.photo_update': 'admin.auditLog.action.photoUpdate',
  'credential.submit': 'admin.auditLog.action.submit',
  'credential.replace': 'admin.auditLog.action.replace',
  'credential.delete': 'admin.auditLog.action.delete',
  'credential.verify': 'admin.auditLog.action.verify',
  'credential.reject': 'admin.auditLog.action.reject',
  'moderation.keep': 'admin.auditLog.action.keep',
  'moderation.hide': 'admin.auditLog.action.hide',
  'moderation.remove': 'admin.auditLog.action.remove',
  'quote.status': 'admin.auditLog.action.status',
  'quote.delete': 'admin.auditLog.action.delete',
  'category.questions': 'admin.auditLog.action.questions',
  'category.coin_cost': 'admin.auditLog.action.coinCost',
  'category.image': 'admin.auditLog.action.image',
  'subcategory.image': 'admin.auditLog.action.image',
  'lead_report.create': 'admin.auditLog.action.leadReportCreate',
  'lead_report.auto_credit': 'admin.auditLog.action.leadReportAutoCredit',
  'lead_report.decide': 'admin.auditLog.action.leadReportDecide',
  'platform_settings.update': 'admin.auditLog.action.platformSettingsUpdate',
  'claim.delete': 'admin.auditLog.action.delete',
  'rating.update': 'admin.auditLog.action.update',
  'rating.delete': 'admin.auditLog.action.delete',
  'job.run_now': 'admin.auditLog.action.runNow',
  'notice.retry': 'admin.auditLog.action.retry',
  'text_override.set': 'admin.auditLog.action.textOverrideSet',
  'text_override.revert': 'admin.auditLog.action.textOverrideRevert',
};

const codeInWords = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);

const typeLabel = (type: string, t: Translate) => {
  const key = TYPE_LABELS[type];
  return key ? t(key) : codeInWords(type.replace(/[_-]/g, ' '));
};
/** "user.toggle_admin" or "toggle-admin" → "Toggle admin" when the action is not one of the known ones. */
const actionLabel = (action: string, t: Translate) => {
  const key = ACTION_LABELS[action];
  return key ? t(key) : codeInWords(action.replace(/^[a-z]+\./, '').replace(/[_.-]/g, ' '));
};

const COLUMNS: MessageKey[] = [
  'admin.auditLog.column.when',
  'admin.auditLog.column.who',
  'admin.auditLog.column.action',
  'admin.auditLog.column.record',
  'admin.auditLog.column.changes',
];

const formatTime = (iso: string) => formatDateTime(iso) || iso;

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function Actor({ actor }: { actor: AuditEntry['actor'] }) {
  const t = useT();
  if (!actor) return <span className="text-slate-600">{t('admin.auditLog.deletedUser')}</span>;
  return (
    <span className="flex flex-col">
      <span className="font-medium text-slate-900">{`${actor.firstName} ${actor.lastName}`.trim()}</span>
      <span className="text-xs break-all text-slate-600">{actor.email}</span>
    </span>
  );
}

export function AdminAuditLog() {
  const t = useT();
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
        title={t('admin.auditLog.title')}
        description={t('admin.auditLog.description')}
        actions={
          log.data ? (
            <Badge variant="secondary" className="text-sm">
              {t('admin.auditLog.count', { count: total, total: String(total) })}
            </Badge>
          ) : null
        }
      />

      <div className="mb-4">
        <LabelledSelect
          label={t('admin.auditLog.recordType')}
          value={entityType}
          options={[
            { value: '', label: t('admin.auditLog.allRecords') },
            ...types.map((type) => ({ value: type, label: typeLabel(type, t) })),
          ]}
          onChange={(type) => setQuery({ type, page: 1 })}
        />
      </div>

      {log.isError && !log.data ? (
        <RetryAlert
          block
          title={t('admin.common.error')}
          message={t('admin.auditLog.loadFailed')}
          onRetry={() => void log.refetch()}
        />
      ) : (
        <>
          <AdminTableRegion label={t('admin.auditLog.table')} className={log.isPlaceholderData ? 'opacity-70' : undefined}>
            <ListStates
              data={entries}
              isPending={log.isPending}
              isEmpty={(list) => list.length === 0}
              loading={
                <LoadingList label={t('admin.auditLog.loading')} className="grid gap-2 p-4" busy={false}>
                  {Array.from({ length: 6 }, (_, i) => (
                    <Skeleton key={i} className="h-10 w-full" />
                  ))}
                </LoadingList>
              }
              empty={t('admin.auditLog.empty')}
              emptyClassName={emptyListClass.table}
            >
              {() => (
                <table className={adminTable.table}>
                  <caption className="sr-only">
                    {entityType
                      ? t('admin.auditLog.captionOfType', {
                          type: typeLabel(entityType, t).toLowerCase(),
                          page,
                          totalPages,
                        })
                      : t('admin.auditLog.caption', { page, totalPages })}
                  </caption>
                  <AdminTableHead columns={COLUMNS.map((column) => t(column))} />
                  <tbody>
                    {entries.map((entry) => {
                      const type = typeLabel(entry.entityType, t);
                      const record = entry.entityId ? t('admin.auditLog.record', { type, id: entry.entityId }) : type;
                      const action = actionLabel(entry.action, t);
                      return (
                        <tr key={entry.id} className={adminTable.tr}>
                          <td className={`${adminTable.td} whitespace-nowrap`}>
                            <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
                          </td>
                          <td className={adminTable.td}>
                            <Actor actor={entry.actor} />
                          </td>
                          <td className={adminTable.td}>
                            <span className="font-medium">{action}</span>
                            <span className="block font-mono text-xs text-slate-600">{entry.action}</span>
                          </td>
                          <td className={`${adminTable.td} whitespace-nowrap`}>{record}</td>
                          <td className={adminTable.td}>
                            <AuditChanges
                              before={entry.before}
                              after={entry.after}
                              label={t('admin.auditLog.changesOf', { action, record })}
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
            label={t('admin.auditLog.pages')}
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
