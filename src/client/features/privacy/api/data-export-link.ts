import { useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { DataExportLink } from '@/shared/schemas/privacy';

/**
 * GET /api/data-export/link?token=…: whether a mailed download link still works, without spending
 * it (404 unknown, 410 used or expired, each with its own words).
 */
export const checkDataExportLink = (token: string) => api<DataExportLink>('/api/data-export/link', { params: { token } });

export const useDataExportLink = (token: string | null) =>
  useQuery({
    queryKey: ['data-export-link', token],
    queryFn: () => checkDataExportLink(token!),
    enabled: !!token,
    staleTime: Infinity,
    retry: false,
  });

/** Where the page's form sends the token: the only request that spends the link. */
export const DATA_EXPORT_DOWNLOAD_ACTION = '/api/data-export/download';
