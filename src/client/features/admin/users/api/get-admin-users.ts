import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AdminUser } from '@/shared/schemas/admin';

/** GET /api/users (admin): every user, newest first, as a bare array. */
export const getAdminUsers = () => api<AdminUser[]>('/api/users');

export const adminUsersQueryKey = ['admin', 'users'] as const;

export const getAdminUsersQueryOptions = () => queryOptions({ queryKey: adminUsersQueryKey, queryFn: getAdminUsers });

export const useAdminUsers = () => useQuery(getAdminUsersQueryOptions());
