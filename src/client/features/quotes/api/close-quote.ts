import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import { api } from '@/client/lib/api';
import type { CloseBody, QuoteOutcome } from '@/shared/schemas/hires';

/** POST /api/quotes/{id}/close → how the request ended: closed, with the customer's reason. */
export const closeQuote = (quoteId: number, body: CloseBody) =>
  api<QuoteOutcome>(`/api/quotes/${quoteId}/close`, { method: 'POST', body });

/** Closing completes the request: its page, comparison, conversations and the quotes list change. */
export const useCloseQuote = (quoteId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CloseBody) => closeQuote(quoteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
};
