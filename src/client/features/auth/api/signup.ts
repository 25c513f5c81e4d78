import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { SignupForm } from '@/shared/schemas/auth';
import type { User } from '@/shared/schemas/user';
import { currentUserQueryKey } from '@/client/lib/current-user';

export const signup = (body: SignupForm) => api<{ success: boolean; user?: User }>('/api/auth/signup', { method: 'POST', body });

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ user }) => {
      if (!user) return;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
