import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { unreadQueryKey } from '@/client/lib/realtime';
import type { z } from 'zod';
import type { CountSchema } from '@/shared/schemas/quote';

export type UnreadCount = z.infer<typeof CountSchema>;

/** GET /api/users/unread-messages-count → {count}: every unread message, as customer and as vendor. */
export const getUnreadMessagesCount = () =>
  api<UnreadCount>('/api/users/unread-messages-count').catch((error: unknown) => {
    console.warn('Failed to fetch total unread count', error);
    throw error;
  });

/** Under ['unread'], which live frames invalidate. */
export const getUnreadMessagesCountQueryOptions = () =>
  queryOptions({
    queryKey: [...unreadQueryKey, 'total'],
    queryFn: getUnreadMessagesCount,
    select: (answer) => answer.count,
  });

export const useUnreadMessagesCount = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getUnreadMessagesCountQueryOptions(), enabled });
