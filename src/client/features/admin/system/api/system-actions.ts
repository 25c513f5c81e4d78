import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { systemQueryKey } from './get-system-status';

/** POST /api/admin/system/notices/{id}/retry: a failed notice is due again, with fresh attempts. */
export const retryNotice = (id: number) => api<{ success: true }>(`/api/admin/system/notices/${id}/retry`, { method: 'POST' });

/** POST /api/admin/system/jobs/{name}/run: the job is due now. */
export const runJobNow = (name: string) =>
  api<{ success: true }>(`/api/admin/system/jobs/${encodeURIComponent(name)}/run`, { method: 'POST' });

const useSystemMutation = <T>(mutationFn: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: systemQueryKey }) });
};

export const useRetryNotice = () => useSystemMutation(retryNotice);
export const useRunJobNow = () => useSystemMutation(runJobNow);
