/**
 * The admin users screen: Name, Email, Status (Verified/Unverified), Admin (Admin/User), Created,
 * Actions; the total count; Create New User and Edit dialogs; Reset Password and Grant/Revoke Admin
 * behind a confirm each, Grant/Revoke disabled on the admin's own row (an admin cannot revoke their
 * own rights by mistake). A filter box over the (unpaged) list. A deleted account stays listed (its
 * row holds nothing personal; an operator looking for what became of an account finds it) with the
 * status Deleted and no actions, and is not in the count, as on the dashboard.
 */
import { KeyRound, Pencil, ShieldCheck, ShieldOff, UserPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { emptyListClass, ListStates, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/current-user';
import { formatDate } from '@/client/lib/format';
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

const FALLBACK = 'An error occurred';
const LOAD_FAILED = 'Failed to load users. Please try again.';

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
  const name = fullName(user);
  const selfNoteId = `admin-self-note-${user.id}`;
  return (
    <tr className={adminTable.tr}>
      <th scope="row" className={`${adminTable.td} min-w-36 font-medium text-slate-900`}>
        {name}
        {isSelf ? <span className="ms-2 text-xs font-normal text-slate-600">(you)</span> : null}
      </th>
      <td className={`${adminTable.td} min-w-52 break-all`}>{user.email}</td>
      <td className={adminTable.td}>
        {user.deletedAt ? (
          <Badge variant="destructive">Deleted</Badge>
        ) : (
          <Badge variant={user.isVerified ? 'success' : 'warning'}>{user.isVerified ? 'Verified' : 'Unverified'}</Badge>
        )}
      </td>
      <td className={adminTable.td}>
        <Badge variant={user.isAdmin ? 'default' : 'secondary'}>{user.isAdmin ? 'Admin' : 'User'}</Badge>
      </td>
      <td className={`${adminTable.td} whitespace-nowrap`}>
        <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
      </td>
      <td className={`${adminTable.td} min-w-72`}>
        {user.deletedAt ? (
          <span className="text-sm text-slate-600">
            Deleted on <time dateTime={user.deletedAt}>{formatDate(user.deletedAt)}</time>
          </span>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button variant="outline" size="sm" onClick={onReset} aria-label={`Reset password for ${name}`}>
              <KeyRound aria-hidden /> Reset Password
            </Button>
            <Button
              variant={user.isAdmin ? 'outline' : 'secondary'}
              size="sm"
              onClick={onToggleAdmin}
              disabled={isSelf}
              aria-label={user.isAdmin ? `Revoke admin from ${name}` : `Grant admin to ${name}`}
              aria-describedby={isSelf ? selfNoteId : undefined}
              title={isSelf ? 'You cannot change your own admin status' : undefined}
            >
              {user.isAdmin ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
              {user.isAdmin ? 'Revoke Admin' : 'Grant Admin'}
            </Button>
            {isSelf ? (
              <span id={selfNoteId} className="sr-only">
                You cannot change your own admin status
              </span>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}

export function AdminUsers() {
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
      if (answer?.success === false) throw new Error(answer.error ?? FALLBACK);
      notify.success('Password reset email sent', `A reset link was sent to ${resetting.email}.`);
      setResetting(null);
    } catch (error) {
      console.warn('reset mail not sent', error);
      const message =
        error instanceof ApiError ? errorMessage(error, FALLBACK) : error instanceof Error ? error.message : FALLBACK;
      notify.error('Failed to send reset email', message);
    }
  };

  const onConfirmToggle = async () => {
    if (!toggling) return;
    try {
      const answer = await toggleAdmin.mutateAsync(toggling.id);
      notify.success('Admin status updated', answer.message);
      setToggling(null);
    } catch (error) {
      console.warn('admin status not changed', error);
      notify.error('Failed to update admin status', errorMessage(error, FALLBACK));
    }
  };

  return (
    <div>
      <AdminPageHeader
        title="Manage Users"
        description="Create accounts, correct details, send password resets and manage administrators."
        actions={
          <>
            {users.data ? (
              <Badge variant="secondary" className="text-sm">
                {live === 1 ? '1 user' : `${live} users`}
              </Badge>
            ) : null}
            {deleted > 0 ? (
              <Badge variant="outline" className="text-sm">
                {`${deleted} deleted`}
              </Badge>
            ) : null}
            <Button onClick={() => setCreating(true)}>
              <UserPlus aria-hidden /> Create New User
            </Button>
          </>
        }
      />

      {users.isError ? (
        <RetryAlert block title="Error" message={LOAD_FAILED} onRetry={() => void users.refetch()} />
      ) : (
        <>
          {list.length > 0 ? (
            <AdminSearchInput
              label="Filter users"
              placeholder="Name or email"
              value={filter}
              onSearch={setFilter}
              delayMs={150}
              className="mb-4 max-w-sm"
            />
          ) : null}
          <AdminTableRegion label="Users table">
            <ListStates
              data={shown}
              isPending={users.isPending}
              isEmpty={(list) => list.length === 0}
              loading={
                <LoadingList label="Loading users…" busy={false}>
                  <UsersSkeleton />
                </LoadingList>
              }
              empty="No users found."
              emptyClassName={emptyListClass.table}
            >
              {() => (
                <table className={adminTable.table}>
                  <caption className="sr-only">
                    Users{filter ? ` matching “${filter}”` : ''}: {shown.length} of {list.length}
                  </caption>
                  <AdminTableHead columns={['Name', 'Email', 'Status', 'Admin', 'Created', 'Actions']} />
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
        title="Send password reset email?"
        description={
          lastResetting
            ? `${fullName(lastResetting)} will receive an email at ${lastResetting.email} with a link to choose a new password.`
            : ''
        }
        confirmLabel="Send Reset Email"
        busyLabel="Sending…"
        isBusy={sendReset.isPending}
        onConfirm={() => void onConfirmReset()}
        onClose={() => setResetting(null)}
      />
      <ConfirmDialog
        open={toggling !== null}
        title={lastToggling?.isAdmin ? 'Revoke admin privileges?' : 'Grant admin privileges?'}
        description={
          lastToggling
            ? lastToggling.isAdmin
              ? `${fullName(lastToggling)} will no longer be able to use the admin area.`
              : `${fullName(lastToggling)} will be able to manage users, companies, ratings, quotes, claims and settings.`
            : ''
        }
        confirmLabel={lastToggling?.isAdmin ? 'Revoke Admin' : 'Grant Admin'}
        busyLabel="Updating…"
        variant={lastToggling?.isAdmin ? 'destructive' : 'default'}
        isBusy={toggleAdmin.isPending}
        onConfirm={() => void onConfirmToggle()}
        onClose={() => setToggling(null)}
      />
    </div>
  );
}
