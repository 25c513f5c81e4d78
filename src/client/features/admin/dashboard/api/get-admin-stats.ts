import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AdminStats } from '@/shared/schemas/admin';

/** GET /api/admin/stats: the dashboard's counts. Every admin change invalidates this key. */
export const getAdminStats = () => api<AdminStats>('/api/admin/stats');

export const adminStatsQueryKey = ['admin', 'stats'] as const;

export const getAdminStatsQueryOptions = () => queryOptions({ queryKey: adminStatsQueryKey, queryFn: getAdminStats });

export const useAdminStats = () => useQuery(getAdminStatsQueryOptions());
