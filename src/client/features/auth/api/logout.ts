import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { currentUserQueryKey } from '@/client/lib/current-user';
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
  const onLogout = async () => {
    try {
      await logoutMutation.mutateAsync();
      notify.success('Logged out', 'You have been successfully logged out.');
    } catch {
      notify.error('Logout failed', 'There was a problem logging you out.');
    }
  };
  return { onLogout, isLoggingOut: logoutMutation.isPending };
}
