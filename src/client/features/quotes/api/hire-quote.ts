import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import { api } from '@/client/lib/api';
import type { HireBody, QuoteOutcome } from '@/shared/schemas/hires';

/** POST /api/quotes/{id}/hire → how the request ended: the company hired, with the offer accepted. */
export const hireQuote = (quoteId: number, body: HireBody) =>
  api<QuoteOutcome>(`/api/quotes/${quoteId}/hire`, { method: 'POST', body });

/**
 * A hire completes the request: its page, comparison, conversations and the quotes list all change,
 * and so does the hired company's hire count.
 */
export const useHireQuote = (quoteId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HireBody) => hireQuote(quoteId, body),
    onSuccess: (_outcome, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['companies', String(body.companyId)] }),
      ]),
  });
};
