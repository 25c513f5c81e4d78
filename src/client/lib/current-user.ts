import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/client/lib/api';
import { useHydrating } from '@/client/lib/use-hydrating';
import type { User } from '@/shared/schemas/user';

/** Set by the server beside the HttpOnly session cookie; it only says that a session exists. */
const hasSessionHint = () => document.cookie.split(';').some((part) => part.trim() === 'lp_session=1');

/** GET /api/me: the signed-in user, or null when the answer is 401. */
export async function getCurrentUser(): Promise<User | null> {
  // Without a session there is nothing to ask, and a 401 would be logged by the browser.
  if (!hasSessionHint()) return null;
  try {
    return await api<User>('/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryKey = ['me'] as const;

export const getCurrentUserQueryOptions = () => queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });

/**
 * The signed-in user. A page the server rendered was rendered for nobody in particular, so while
 * it hydrates the user reads as still loading (as on the server), and is known right after.
 */
export function useCurrentUser() {
  const query = useQuery(getCurrentUserQueryOptions());
  const hydrating = useHydrating();
  return hydrating
    ? ({ ...query, data: undefined, isPending: true, isSuccess: false, isError: false, status: 'pending' } as typeof query)
    : query;
}
