import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { currentUserQueryKey } from '@/client/lib/current-user';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';

export const logout = () => api<{ success: true }>('/api/auth/logout', { method: 'POST', body: {} });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // After logout all cached data is dropped: nothing of one user may show to the next. (clear()
      // would also detach the mounted observers of the current user, leaving the header showing the
      // old name.)
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    },
  });
}

/** Logs out with a toast either way; answers the click handler and the busy flag. */
export function useLogoutAction() {
  const logoutMutation = useLogout();
  const t = useT();
  const onLogout = async () => {
    try {
      await logoutMutation.mutateAsync();
      notify.success(t('auth.logout.successTitle'), t('auth.logout.success'));
    } catch {
      notify.error(t('auth.logout.failedTitle'), t('auth.logout.failed'));
    }
  };
  return { onLogout, isLoggingOut: logoutMutation.isPending };
}
