/**
 * Reports and one's moderated items: the data several screens share (the Report control on a
 * listing, a review, a photo or a message; the author's notice on a hidden item; the profile's
 * Reports tab).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/current-user';
import type { AppealBody, ModeratedItem, ModerationCase, Report, ReportBody } from '@/shared/schemas/moderation';

const myReportsKey = ['moderation', 'mine', 'reports'] as const;
const myItemsKey = ['moderation', 'mine', 'items'] as const;

/** GET /api/reports/mine: the caller's reports, newest first, with their outcomes. */
export const getMyReportsQueryOptions = () =>
  queryOptions({ queryKey: myReportsKey, queryFn: () => api<Report[]>('/api/reports/mine') });
export const useMyReports = () => useQuery(getMyReportsQueryOptions());

/** GET /api/moderation/my-items: the caller's items a moderator hid or removed. */
export const getMyModeratedItemsQueryOptions = () =>
  queryOptions({ queryKey: myItemsKey, queryFn: () => api<ModeratedItem[]>('/api/moderation/my-items') });

/**
 * The signed-in user's moderated items (none asked for when signed out, or when the screen knows
 * they cannot matter: `enabled` false).
 */
export function useMyModeratedItems(enabled = true) {
  const { data: user } = useCurrentUser();
  return useQuery({ ...getMyModeratedItemsQueryOptions(), enabled: !!user && enabled });
}

/** POST /api/reports → the report made. */
export function useReportItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBody) => api<Report>('/api/reports', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myReportsKey }),
  });
}

/** POST /api/moderation/cases/{id}/appeal {text} → the case, now appealed. */
export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, ...body }: AppealBody & { caseId: number }) =>
      api<ModerationCase>(`/api/moderation/cases/${caseId}/appeal`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myItemsKey }),
  });
}
