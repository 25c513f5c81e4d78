import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { LeadReport, LeadReportDecisionBody, LeadReportQueue, LeadReportStatus } from '@/shared/schemas/lead-reports';

export type { LeadReportStatus } from '@/shared/schemas/lead-reports';
const queueKey = ['admin', 'lead-reports'] as const;

/** GET /api/admin/lead-reports?status&page → {reports, total}, 20 a page. */
export const getLeadReportQueueQueryOptions = (params: { status: LeadReportStatus; page: number }) =>
  queryOptions({
    queryKey: [...queueKey, params],
    queryFn: () => api<LeadReportQueue>('/api/admin/lead-reports', { params }),
  });

export const useLeadReportQueue = (params: { status: LeadReportStatus; page: number }) =>
  useQuery({ ...getLeadReportQueueQueryOptions(params), placeholderData: keepPreviousData });

/** POST /api/admin/lead-reports/{id}/decision {credit, reason} → the decided report. */
export function useDecideLeadReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: LeadReportDecisionBody & { id: number }) =>
      api<LeadReport>(`/api/admin/lead-reports/${id}/decision`, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queueKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
      ]),
  });
}
