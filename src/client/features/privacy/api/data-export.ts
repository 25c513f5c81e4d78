import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { DataExportStatus } from '@/shared/schemas/privacy';

/** GET /api/me/data-export: where the user's latest copy of their data stands. */
export const getDataExport = () => api<DataExportStatus>('/api/me/data-export');

export const dataExportQueryKey = ['me', 'data-export'] as const;

export const getDataExportQueryOptions = () => queryOptions({ queryKey: dataExportQueryKey, queryFn: getDataExport });

/** While the copy is being prepared the status is asked again every few seconds, so "mailed" shows by itself. */
export function useDataExport() {
  return useQuery({
    ...getDataExportQueryOptions(),
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? 5000 : false),
  });
}

/** POST /api/me/data-export: asks for a copy (202 preparing; 409 one is already being prepared; 429 too many). */
export const requestDataExport = () => api<DataExportStatus>('/api/me/data-export', { method: 'POST', body: {} });

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (status) => queryClient.setQueryData(dataExportQueryKey, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportQueryKey }),
  });
}
