import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import { api } from '@/client/lib/api';

/** POST /api/quotes/{id}/companies/{companyId}/decline → {declinedAt} ("Not interested"; free). */
export const declineRequest = ({ quoteId, companyId }: { quoteId: number; companyId: number }) =>
  api<{ declinedAt: string }>(`/api/quotes/${quoteId}/companies/${companyId}/decline`, { method: 'POST' });

export function useDeclineRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineRequest,
    // The inbox moves the row aside and the thread closes.
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey }),
  });
}
