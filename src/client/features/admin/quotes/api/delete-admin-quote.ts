import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { adminQuotesQueryKey } from './get-admin-quotes';

/** DELETE /api/admin/quotes/{id} → {success: true}. */
export const deleteAdminQuote = (id: number) => api<{ success: boolean }>(`/api/admin/quotes/${id}`, { method: 'DELETE' });

export function useDeleteAdminQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminQuote,
    // A quote takes its claims with it, so the claims list and every count change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQuotesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'claims'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
        queryClient.invalidateQueries({ queryKey: ['quotes'] }),
      ]),
  });
}
