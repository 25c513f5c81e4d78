import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { currentUserQueryKey } from '@/client/lib/current-user';

export const logout = () => api<{ success: true }>('/api/auth/logout', { method: 'POST', body: {} });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // 000 §4: after logout all cached data is invalidated. (clear() would also detach the
      // mounted observers of the current user, leaving the header showing the old name.)
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    },
  });
}
