/**
 * The admin users screen: Name, Email, Status (Verified/Unverified), Admin (Admin/User), Created,
 * Actions; the total count; Create New User and Edit dialogs; Reset Password and Grant/Revoke Admin
 * behind a confirm each, Grant/Revoke disabled on the admin's own row (an admin cannot revoke their
 * own rights by mistake). A filter box over the (unpaged) list. A deleted account stays listed (its
 * row holds nothing personal; an operator looking for what became of an account finds it) with the
 * status Deleted and no actions, and is not in the count, as on the dashboard.
 */
import KeyRound from 'lucide-react/icons/key-round';
import Pencil from 'lucide-react/icons/pencil';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldOff from 'lucide-react/icons/shield-off';
import UserPlus from 'lucide-react/icons/user-plus';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { emptyListClass, ListStates, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/current-user';
import { formatDate } from '@/client/lib/format';
import { Message, useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { AdminUser } from '@/shared/schemas/admin';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { AdminSearchInput } from '../../shared/admin-search-input';
import { AdminTableHead, AdminTableRegion, adminTable } from '../../shared/admin-table-region';
import { useLastDefined } from '../../shared/use-last-defined';
import { useAdminUsers } from '../api/get-admin-users';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useToggleUserAdmin } from '../api/toggle-user-admin';
import { CreateUserDialog, EditUserDialog } from './user-form-dialogs';

const COLUMNS: MessageKey[] = [
  'admin.users.column.name',
  'admin.users.column.email',
  'admin.users.column.status',
  'admin.users.column.admin',
  'admin.users.column.created',
  'admin.users.column.actions',
];

const fullName = (user: Pick<AdminUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

function UsersSkeleton() {
  return (
    <div className="grid gap-2 p-4" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

function UserRow({
  user,
  isSelf,
  onEdit,
  onReset,
  onToggleAdmin,
}: {
  user: AdminUser;
  isSelf: boolean;
  onEdit(): void;
  onReset(): void;
  onToggleAdmin(): void;
}) {
  const t = useT();
  const name = fullName(user);
  const selfNoteId = `admin-self-note-${user.id}`;
  return (
    <tr className={adminTable.tr}>
      <th scope="row" className={`${adminTable.td} min-w-36 font-medium text-slate-900`}>
        {name}
        {isSelf ? <span className="ms-2 text-xs font-normal text-slate-600">{t('admin.users.you')}</span> : null}
      </th>
      <td className={`${adminTable.td} min-w-52 break-all`}>{user.email}</td>
      <td className={adminTable.td}>
        {user.deletedAt ? (
          <Badge variant="destructive">{t('admin.users.deleted')}</Badge>
        ) : (
          <Badge variant={user.isVerified ? 'success' : 'warning'}>
            {t(user.isVerified ? 'admin.users.verified' : 'admin.users.unverified')}
          </Badge>
        )}
      </td>
      <td className={adminTable.td}>
        <Badge variant={user.isAdmin ? 'default' : 'secondary'}>
          {t(user.isAdmin ? 'admin.users.admin' : 'admin.users.user')}
        </Badge>
      </td>
      <td className={`${adminTable.td} whitespace-nowrap`}>
        <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
      </td>
      <td className={`${adminTable.td} min-w-72`}>
        {user.deletedAt ? (
          <span className="text-sm text-slate-600">
            <Message
              id="admin.users.deletedOn"
              values={{ date: formatDate(user.deletedAt) }}
              parts={{ 0: <time dateTime={user.deletedAt} /> }}
            />
          </span>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('admin.users.editLabel', { name })}>
              <Pencil aria-hidden /> {t('admin.users.edit')}
            </Button>
            <Button variant="outline" size="sm" onClick={onReset} aria-label={t('admin.users.resetLabel', { name })}>
              <KeyRound aria-hidden /> {t('admin.users.reset')}
            </Button>
            <Button
              variant={user.isAdmin ? 'outline' : 'secondary'}
              size="sm"
              onClick={onToggleAdmin}
              disabled={isSelf}
              aria-label={t(user.isAdmin ? 'admin.users.revokeLabel' : 'admin.users.grantLabel', { name })}
              aria-describedby={isSelf ? selfNoteId : undefined}
              title={isSelf ? t('admin.users.notYourself') : undefined}
            >
              {user.isAdmin ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
              {t(user.isAdmin ? 'admin.users.revoke' : 'admin.users.grant')}
            </Button>
            {isSelf ? (
              <span id={selfNoteId} className="sr-only">
                {t('admin.users.notYourself')}
              </span>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}

export function AdminUsers() {
  const t = useT();
  const translateText = useTranslateText();
  const users = useAdminUsers();
  const { data: me } = useCurrentUser();
  const sendReset = useSendPasswordReset();
  const toggleAdmin = useToggleUserAdmin();
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [editBusy, setEditBusy] = useState(false);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [toggling, setToggling] = useState<AdminUser | null>(null);
  // The confirm keeps its words while it fades out after the target is cleared.
  const lastResetting = useLastDefined(resetting);
  const lastToggling = useLastDefined(toggling);

  useEffect(() => {
    if (users.error) console.warn('could not load users', users.error);
  }, [users.error]);

  const list = useMemo(() => users.data ?? [], [users.data]);
  const live = useMemo(() => list.filter((user) => !user.deletedAt).length, [list]);
  const deleted = list.length - live;
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return list;
    return list.filter((user) => `${fullName(user)} ${user.email}`.toLowerCase().includes(needle));
  }, [list, filter]);

  const onConfirmReset = async () => {
    if (!resetting) return;
    try {
      const answer = await sendReset.mutateAsync(resetting.email);
      const fallback = t('admin.common.errorOccurred');
      if (answer?.success === false) throw new Error(answer.error ?? fallback);
      notify.success(t('admin.users.resetSent'), t('admin.users.resetSentDetail', { email: resetting.email }));
      setResetting(null);
    } catch (error) {
      console.warn('reset mail not sent', error);
      const fallback = t('admin.common.errorOccurred');
      const message =
        error instanceof ApiError ? errorMessage(error, fallback) : error instanceof Error ? error.message : fallback;
      notify.error(t('admin.users.resetFailed'), translateText(message));
    }
  };

  const onConfirmToggle = async () => {
    if (!toggling) return;
    try {
      const answer = await toggleAdmin.mutateAsync(toggling.id);
      notify.success(t('admin.users.adminUpdated'), translateText(answer.message));
      setToggling(null);
    } catch (error) {
      console.warn('admin status not changed', error);
      notify.error(t('admin.users.adminFailed'), translateText(errorMessage(error, t('admin.common.errorOccurred'))));
    }
  };

  return (
    <div>
      <AdminPageHeader
        title={t('admin.users.title')}
        description={t('admin.users.description')}
        actions={
          <>
            {users.data ? (
              <Badge variant="secondary" className="text-sm">
                {t('admin.users.count', { count: live, n: String(live) })}
              </Badge>
            ) : null}
            {deleted > 0 ? (
              <Badge variant="outline" className="text-sm">
                {t('admin.users.deletedCount', { count: deleted, n: String(deleted) })}
              </Badge>
            ) : null}
            <Button onClick={() => setCreating(true)}>
              <UserPlus aria-hidden /> {t('admin.users.create')}
            </Button>
          </>
        }
      />

      {users.isError ? (
        <RetryAlert
          block
          title={t('admin.common.error')}
          message={t('admin.users.loadFailed')}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <>
          {list.length > 0 ? (
            <AdminSearchInput
              label={t('admin.users.filter')}
              placeholder={t('admin.users.filterPlaceholder')}
              value={filter}
              onSearch={setFilter}
              delayMs={150}
              className="mb-4 max-w-sm"
            />
          ) : null}
          <AdminTableRegion label={t('admin.users.table')}>
            <ListStates
              data={shown}
              isPending={users.isPending}
              isEmpty={(list) => list.length === 0}
              loading={
                <LoadingList label={t('admin.users.loading')} busy={false}>
                  <UsersSkeleton />
                </LoadingList>
              }
              empty={t('admin.users.empty')}
              emptyClassName={emptyListClass.table}
            >
              {() => (
                <table className={adminTable.table}>
                  <caption className="sr-only">
                    {filter
                      ? t('admin.users.captionMatching', { filter, shown: shown.length, total: list.length })
                      : t('admin.users.caption', { shown: shown.length, total: list.length })}
                  </caption>
                  <AdminTableHead columns={COLUMNS.map((column) => t(column))} />
                  <tbody>
                    {shown.map((user) => (
                      <UserRow
                        key={user.id}
                        user={user}
                        isSelf={user.id === me?.id}
                        onEdit={() => setEditing(user)}
                        onReset={() => setResetting(user)}
                        onToggleAdmin={() => setToggling(user)}
                      />
                    ))}
                  </tbody>
                </table>
              )}
            </ListStates>
          </AdminTableRegion>
        </>
      )}

      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <EditUserDialog user={editing} busy={editBusy} onBusyChange={setEditBusy} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={resetting !== null}
        title={t('admin.users.resetTitle')}
        description={
          lastResetting ? t('admin.users.resetDescription', { name: fullName(lastResetting), email: lastResetting.email }) : ''
        }
        confirmLabel={t('admin.users.resetConfirm')}
        busyLabel={t('admin.users.sending')}
        isBusy={sendReset.isPending}
        onConfirm={() => void onConfirmReset()}
        onClose={() => setResetting(null)}
      />
      <ConfirmDialog
        open={toggling !== null}
        title={t(lastToggling?.isAdmin ? 'admin.users.revokeTitle' : 'admin.users.grantTitle')}
        description={
          lastToggling
            ? t(lastToggling.isAdmin ? 'admin.users.revokeDescription' : 'admin.users.grantDescription', {
                name: fullName(lastToggling),
              })
            : ''
        }
        confirmLabel={t(lastToggling?.isAdmin ? 'admin.users.revoke' : 'admin.users.grant')}
        busyLabel={t('admin.users.updating')}
        variant={lastToggling?.isAdmin ? 'destructive' : 'default'}
        isBusy={toggleAdmin.isPending}
        onConfirm={() => void onConfirmToggle()}
        onClose={() => setToggling(null)}
      />
    </div>
  );
}
