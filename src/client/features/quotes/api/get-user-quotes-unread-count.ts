import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { unreadQueryKey } from '@/client/lib/realtime';
import type { UnreadCount } from './get-unread-messages-count';

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
