import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import type { Message } from '@/shared/schemas/quote';

/** GET /api/quotes/{id}/companies/{companyId}/messages → the thread, oldest first. */
export const getMessages = (quoteId: number, companyId: number) =>
  api<Message[]>(`/api/quotes/${quoteId}/companies/${companyId}/messages`);

/** Under ['quotes'], which new_message and message_read frames invalidate. */
export const getMessagesQueryOptions = (quoteId: number, companyId: number) =>
  queryOptions({
    queryKey: [...quotesQueryKey, quoteId, 'messages', companyId],
    queryFn: () => getMessages(quoteId, companyId),
  });

export const useMessages = (quoteId: number, companyId: number) => useQuery(getMessagesQueryOptions(quoteId, companyId));
