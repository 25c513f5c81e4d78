import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import type { Quote, UpdateQuoteBody } from '@/shared/schemas/quote';
import { quoteQueryKey } from './get-quote';

/** PUT /api/quotes/{id}, body {quoteName, description} → the quote (Save Draft). */
export const updateQuote = (id: number, body: UpdateQuoteBody) => api<Quote>(`/api/quotes/${id}`, { method: 'PUT', body });

export const useUpdateQuote = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateQuoteBody) => updateQuote(id, body),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQueryKey(id), quote);
      void queryClient.invalidateQueries({ queryKey: [...quotesQueryKey, 'list'] });
    },
  });
};
