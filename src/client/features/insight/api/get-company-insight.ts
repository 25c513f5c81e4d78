import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { CompanyInsight, INSIGHT_PERIODS } from '@/shared/schemas/insight';

export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** GET /api/companies/{id}/insight?days=7|30|90: the totals and one entry per day. */
export const getCompanyInsight = (companyId: number, days: InsightPeriod) =>
  api<CompanyInsight>(`/api/companies/${companyId}/insight`, { params: { days } });

/** Where the same figures download as CSV (a plain link: the browser saves the file with the session cookie). */
export const companyInsightCsvUrl = (companyId: number, days: InsightPeriod) =>
  `/api/companies/${companyId}/insight.csv?days=${days}`;

/** Always stale: an owner who comes back expects today's views and requests as they are now. */
export const getCompanyInsightQueryOptions = (companyId: number, days: InsightPeriod) =>
  queryOptions({
    queryKey: ['companies', String(companyId), 'insight', days],
    queryFn: () => getCompanyInsight(companyId, days),
    staleTime: 0,
  });

export const useCompanyInsight = (companyId: number, days: InsightPeriod) =>
  useQuery(getCompanyInsightQueryOptions(companyId, days));
