import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { unreadQueryKey } from '@/client/entities/live-refresh';
import type { z } from 'zod';
import type { CountSchema } from '@/shared/schemas/quote';

type UnreadCount = z.infer<typeof CountSchema>;

/** GET /api/vendor-quotes/unread-count → {count}: unread customer messages to the caller's companies. */
export const getVendorQuotesUnreadCount = () =>
  api<UnreadCount>('/api/vendor-quotes/unread-count').catch((error: unknown) => {
    console.warn('Failed to fetch vendor quote unread count', error);
    throw error;
  });

export const getVendorQuotesUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...unreadQueryKey, 'vendor-quotes'],
    queryFn: getVendorQuotesUnreadCount,
    select: (answer) => answer.count,
  });

export const useVendorQuotesUnreadCount = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getVendorQuotesUnreadCountQueryOptions(), enabled });
