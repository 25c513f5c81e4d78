import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coinsQueryKey, vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import { api } from '@/client/lib/api';
import type { LeadReport, LeadReportBody, LeadReportState } from '@/shared/schemas/lead-reports';

type Lead = { quoteId: number; companyId: number };
const path = ({ quoteId, companyId }: Lead) => `/api/quotes/${quoteId}/companies/${companyId}/report`;

/** GET …/report → {report, unavailable, history}. Under ['vendor-quotes'], refreshed with the inbox. */
export const getLeadReportQueryOptions = (lead: Lead) =>
  queryOptions({
    queryKey: [...vendorQuotesQueryKey, lead.quoteId, 'report', lead.companyId],
    queryFn: () => api<LeadReportState>(path(lead)),
  });

export const useLeadReport = (lead: Lead, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getLeadReportQueryOptions(lead), enabled });

/** POST …/report {reason, note} → the report (credited at once when the product can tell). */
export function useReportLead(lead: Lead) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: LeadReportBody['reason']; note: string }) =>
      api<LeadReport>(path(lead), { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey }),
        queryClient.invalidateQueries({ queryKey: coinsQueryKey }),
      ]),
  });
}
