import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { User } from '@/shared/schemas/user';

export const verifyEmail = (token: string) =>
  api<{ success: boolean; user?: User; message?: string }>('/api/verify-email', { params: { token } });

/**
 * A query, not a mutation, so that the one-time token is sent once even when React runs the
 * page's effects twice; the answer is kept for the life of the page.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['verify-email', token], queryFn: () => verifyEmail(token), staleTime: Infinity, gcTime: Infinity });

export const useVerifyEmail = (token: string | null) => useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: !!token });
