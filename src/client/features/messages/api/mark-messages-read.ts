import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { quotesQueryKey, unreadQueryKey, vendorQuotesQueryKey } from '@/client/entities/live-refresh';

/** POST /api/quotes/{id}/companies/{companyId}/messages/mark-read → {success, marked}. */
export const markMessagesRead = (quoteId: number, companyId: number) =>
  api<{ success: true; marked: number }>(`/api/quotes/${quoteId}/companies/${companyId}/messages/mark-read`, {
    method: 'POST',
  });

export const useMarkMessagesRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteId, companyId }: { quoteId: number; companyId: number }) => markMessagesRead(quoteId, companyId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
      void queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey });
      void queryClient.invalidateQueries({ queryKey: unreadQueryKey });
    },
  });
};
