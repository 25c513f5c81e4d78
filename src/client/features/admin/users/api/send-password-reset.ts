import { useMutation } from '@tanstack/react-query';
import { api } from '@/client/lib/api';

/** The admin's Reset Password: the public POST /api/forgot-password sends the user the reset mail. */
export const sendPasswordReset = (email: string) =>
  api<{ success?: boolean; message?: string; error?: string }>('/api/forgot-password', { method: 'POST', body: { email } });

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });
