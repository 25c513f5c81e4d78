import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import type { Quote, SubmitQuoteBodySchema } from '@/shared/schemas/quote';
import { quoteQueryKey } from './get-quote';

export type SubmitQuoteBody = z.infer<typeof SubmitQuoteBodySchema>;

/** POST /api/quotes/{id}/submit, body {quoteName, description} → the quote, now in progress. */
export const submitQuote = (id: number, body: SubmitQuoteBody) =>
  api<Quote>(`/api/quotes/${id}/submit`, { method: 'POST', body });

export const useSubmitQuote = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitQuoteBody) => submitQuote(id, body),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQueryKey(id), quote);
      void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
    },
  });
};
