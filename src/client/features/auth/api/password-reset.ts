import { useMutation } from '@tanstack/react-query';
import { api } from '@/client/lib/api';

type Answer = { success: boolean; message?: string; error?: string };

export const requestPasswordReset = (email: string) => api<Answer>('/api/forgot-password', { method: 'POST', body: { email } });

export const verifyResetToken = (token: string) => api<Answer>('/api/verify-reset-token', { params: { token } });

export const resetPassword = (body: { token: string; password: string }) =>
  api<Answer>('/api/reset-password', { method: 'POST', body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
