import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AuditEntry } from '@/shared/schemas/admin';

export type AuditLogParams = { page: number; entityType: string };

/** GET /api/admin/audit-log?page&entityType → {entries, total}, newest first, 50 a page. */
export const getAuditLog = ({ page, entityType }: AuditLogParams) =>
  api<{ entries: AuditEntry[]; total: number }>('/api/admin/audit-log', {
    params: { page, entityType: entityType || undefined },
  });

export const auditLogQueryKey = ['admin', 'audit-log'] as const;

export const getAuditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({ queryKey: [...auditLogQueryKey, params], queryFn: () => getAuditLog(params) });

export const useAuditLog = (params: AuditLogParams) =>
  useQuery({ ...getAuditLogQueryOptions(params), placeholderData: keepPreviousData });
