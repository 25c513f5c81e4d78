import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { ModerationCase, ModerationCaseStatus, ModerationDecisionBody, ModerationQueue } from '@/shared/schemas/moderation';

const queueKey = ['admin', 'moderation'] as const;

/** GET /api/admin/moderation?status&page → {cases, total}, 20 a page. */
export const getModerationQueueQueryOptions = (params: { status: ModerationCaseStatus; page: number }) =>
  queryOptions({
    queryKey: [...queueKey, params],
    queryFn: () => api<ModerationQueue>('/api/admin/moderation', { params }),
  });

export const useModerationQueue = (params: { status: ModerationCaseStatus; page: number }) =>
  useQuery({ ...getModerationQueueQueryOptions(params), placeholderData: keepPreviousData });

/** POST /api/admin/moderation/{id}/decision {decision, reason} → the decided case. */
export function useDecideModerationCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ModerationDecisionBody & { id: number }) =>
      api<ModerationCase>(`/api/admin/moderation/${id}/decision`, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queueKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
      ]),
  });
}
