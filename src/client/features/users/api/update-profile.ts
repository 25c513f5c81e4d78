import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { UpdateOwnUserBody, User } from '@/shared/schemas/user';
import { currentUserQueryKey } from '@/client/lib/current-user';

export const updateProfile = ({ id, ...body }: UpdateOwnUserBody & { id: number }) =>
  api<User>(`/api/users/${id}`, { method: 'PUT', body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
