import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AdminQuoteStatus } from '@/shared/schemas/admin';
import { adminQuotesQueryKey } from './get-admin-quotes';

/** PATCH /api/admin/quotes/{id}/status {status} → {success: true}. */
export const updateAdminQuoteStatus = ({ id, status }: { id: number; status: AdminQuoteStatus }) =>
  api<{ success: boolean }>(`/api/admin/quotes/${id}/status`, { method: 'PATCH', body: { status } });

export function useUpdateAdminQuoteStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminQuoteStatus,
    // The list, the stat tiles, and any open customer or vendor view of quotes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQuotesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
        queryClient.invalidateQueries({ queryKey: ['quotes'] }),
      ]),
  });
}
