import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { unreadQueryKey } from '@/client/entities/live-refresh';
import type { z } from 'zod';
import type { CountSchema } from '@/shared/schemas/quote';

type UnreadCount = z.infer<typeof CountSchema>;

/** GET /api/user-quotes/unread-count → {count}: unread company messages on the caller's own quotes. */
export const getUserQuotesUnreadCount = () =>
  api<UnreadCount>('/api/user-quotes/unread-count').catch((error: unknown) => {
    console.warn('Failed to fetch user quote unread count', error);
    throw error;
  });

export const getUserQuotesUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...unreadQueryKey, 'user-quotes'],
    queryFn: getUserQuotesUnreadCount,
    select: (answer) => answer.count,
  });

export const useUserQuotesUnreadCount = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getUserQuotesUnreadCountQueryOptions(), enabled });
