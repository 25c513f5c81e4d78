import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AnalyticsQuery, PlatformAnalytics } from '@/shared/schemas/analytics';
import type { SearchLog } from '@/shared/schemas/insight';

/** GET /api/admin/analytics/figures?days&interval: the platform's figures over the period. */
export const getPlatformAnalyticsQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'figures', query],
    queryFn: () => api<PlatformAnalytics>('/api/admin/analytics/figures', { params: query }),
  });

export const usePlatformAnalytics = (query: AnalyticsQuery) =>
  useQuery({ ...getPlatformAnalyticsQueryOptions(query), placeholderData: keepPreviousData });

/** GET /api/admin/analytics/searches?days&found=none: what customers looked for and did not find. */
export const useSearchesWithoutResults = (days: number) =>
  useQuery({
    queryKey: ['admin', 'analytics', 'searches', days],
    queryFn: () => api<SearchLog>('/api/admin/analytics/searches', { params: { days: Math.min(days, 90), found: 'none' } }),
    placeholderData: keepPreviousData,
  });

/** The address of a table's CSV file, for a plain download link. */
export function analyticsCsvUrl(table: 'series' | 'categories' | 'funnel', query: AnalyticsQuery): string {
  return `/api/admin/analytics/figures.csv?${new URLSearchParams({ table, days: String(query.days), interval: query.interval })}`;
}

export function searchesCsvUrl(days: number): string {
  return `/api/admin/analytics/searches.csv?${new URLSearchParams({ days: String(Math.min(days, 90)), found: 'none' })}`;
}
