import { useMutation } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { api, errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';

/**
 * Sends a new verification link to the signed-in user (the first one may be lost or expired).
 * Shared by the profile and the add-business prompt, both of which wait on verification.
 */
export function ResendVerificationButton({ size = 'sm' }: { size?: 'sm' | 'default' }) {
  const resend = useMutation({
    mutationFn: () => api<{ success: true; message?: string }>('/api/auth/resend-verification', { method: 'POST' }),
    onSuccess: (answer) => notify.success('Email sent', answer.message ?? 'Please check your inbox.'),
    onError: (error) => notify.error('Could not send the email', errorMessage(error, 'Please try again later.')),
  });
  return (
    <Button variant="outline" size={size} onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
      {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Email sent' : 'Resend verification email'}
    </Button>
  );
}
