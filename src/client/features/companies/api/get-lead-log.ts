import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { LeadLog } from '@/shared/schemas/business';

/** GET /api/companies/{id}/lead-log: the owner's last 30 days, one row per day. */
export const getLeadLog = (companyId: number) => api<LeadLog>(`/api/companies/${companyId}/lead-log`);

/** Always stale: an owner coming back to the profile expects the views and requests of a minute ago. */
export const getLeadLogQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['companies', String(companyId), 'lead-log'], queryFn: () => getLeadLog(companyId), staleTime: 0 });

export const useLeadLog = (companyId: number) => useQuery(getLeadLogQueryOptions(companyId));
