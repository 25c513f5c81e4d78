import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AdminQuoteStatsSchema } from '@/shared/schemas/admin';
import type { z } from 'zod';
import { adminQuotesQueryKey } from './get-admin-quotes';

export type AdminQuoteStats = z.infer<typeof AdminQuoteStatsSchema>;

/** GET /api/admin/quotes/stats: total, draft, inProgress (submitted included), completed. */
export const getAdminQuoteStats = () => api<AdminQuoteStats>('/api/admin/quotes/stats');

export const getAdminQuoteStatsQueryOptions = () =>
  queryOptions({ queryKey: [...adminQuotesQueryKey, 'stats'], queryFn: getAdminQuoteStats });

export const useAdminQuoteStats = () => useQuery(getAdminQuoteStatsQueryOptions());
