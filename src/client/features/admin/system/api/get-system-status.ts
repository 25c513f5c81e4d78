import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Notice, SystemStatus } from '@/shared/schemas/system';

export const systemQueryKey = ['admin', 'system'] as const;

/** GET /api/admin/system → each periodic job with its last run, and the outbox's counts. */
export const getSystemStatus = () => api<SystemStatus>('/api/admin/system');

/** Refreshed every 10 s while the screen is open: it watches machinery that moves on its own. */
export const getSystemStatusQueryOptions = () =>
  queryOptions({ queryKey: [...systemQueryKey, 'status'], queryFn: getSystemStatus, refetchInterval: 10_000 });

export const useSystemStatus = () => useQuery(getSystemStatusQueryOptions());

/** GET /api/admin/system/notices?status=failed → the notices given up on, newest first. */
export const getFailedNotices = () => api<Notice[]>('/api/admin/system/notices', { params: { status: 'failed' } });

export const useFailedNotices = () =>
  useQuery({ queryKey: [...systemQueryKey, 'notices', 'failed'], queryFn: getFailedNotices, refetchInterval: 10_000 });
