import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { currentUserQueryKey } from '@/client/lib/current-user';
import type { DeleteAccountBody } from '@/shared/schemas/privacy';

/** POST /api/me/delete-account: deletes the signed-in account once the password is confirmed. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api<{ success: true; message?: string }>('/api/me/delete-account', { method: 'POST', body });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // Signed out: nothing of the deleted account may stay on screen.
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] || query.queryKey.length > 1,
      });
    },
  });
}
