import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/client/lib/current-user';
import { adminStatsQueryKey } from '../../dashboard/api/get-admin-stats';
import { adminUsersQueryKey } from './get-admin-users';

/** After a user changes: the list, the dashboard counts, the audit log, and /api/me (an admin may edit themself). */
export function invalidateAdminUsers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
    queryClient.invalidateQueries({ queryKey: adminStatsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);
}
