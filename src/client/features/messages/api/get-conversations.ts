import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import type { ConversationSchema } from '@/shared/schemas/quote';

export type Conversation = z.infer<typeof ConversationSchema>;

/** GET /api/quotes/{id}/conversations → one row per company, with its last message and unread count. */
export const getConversations = (quoteId: number) => api<Conversation[]>(`/api/quotes/${quoteId}/conversations`);

/** Under ['quotes'], so new messages refresh the list's last message and counts. */
export const getConversationsQueryOptions = (quoteId: number) =>
  queryOptions({
    queryKey: [...quotesQueryKey, quoteId, 'conversations'],
    queryFn: () => getConversations(quoteId),
  });

export const useConversations = (quoteId: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getConversationsQueryOptions(quoteId), enabled });
