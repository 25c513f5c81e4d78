import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { LoginForm } from '@/shared/schemas/auth';
import type { User } from '@/shared/schemas/user';
import { currentUserQueryKey } from '@/client/lib/current-user';

export const login = (body: LoginForm) => api<{ success: true; user: User }>('/api/auth/login', { method: 'POST', body });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user }) => {
      // Everything cached was fetched as someone else (or no one): start over.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
