import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Credential, CredentialDecisionBody, CredentialQueue, CredentialStatus } from '@/shared/schemas/credentials';

const queueKey = ['admin', 'credentials'] as const;
export interface CredentialQueueParams {
  status?: CredentialStatus;
  page: number;
}

/** GET /api/admin/credentials?status&page → {credentials, total}, 20 a page, waiting ones first. */
export const getCredentialQueueQueryOptions = (params: CredentialQueueParams) =>
  queryOptions({
    queryKey: [...queueKey, params],
    queryFn: () => api<CredentialQueue>('/api/admin/credentials', { params: { ...params } }),
  });

export const useCredentialQueue = (params: CredentialQueueParams) =>
  useQuery({ ...getCredentialQueueQueryOptions(params), placeholderData: keepPreviousData });

/**
 * POST /api/admin/credentials/{id}/decision {decision, reason, updatedAt} → the decided credential;
 * 409 CREDENTIAL_CHANGED when it changed since the queue was read (settling refetches the queue).
 */
export function useDecideCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CredentialDecisionBody & { id: number }) =>
      api<Credential>(`/api/admin/credentials/${id}/decision`, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queueKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
      ]),
  });
}
