import { useMutation } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { api, errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';

/**
 * Sends a new verification link to the signed-in user (the first one may be lost or expired).
 * Shared by the profile and the add-business prompt, both of which wait on verification.
 */
export function ResendVerificationButton({ size = 'sm' }: { size?: 'sm' | 'default' }) {
  const t = useT();
  const translateText = useTranslateText();
  const resend = useMutation({
    mutationFn: () => api<{ success: true; message?: string }>('/api/auth/resend-verification', { method: 'POST' }),
    onSuccess: (answer) =>
      notify.success(
        t('common.resendVerification.emailSent'),
        answer.message ? translateText(answer.message) : t('common.resendVerification.checkInbox'),
      ),
    onError: (error) => notify.error(t('common.resendVerification.failed'), errorMessage(error, t('common.feedback.tryLater'))),
  });
  return (
    <Button variant="outline" size={size} onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
      {resend.isPending
        ? t('common.resendVerification.sending')
        : resend.isSuccess
          ? t('common.resendVerification.emailSent')
          : t('common.resendVerification.resend')}
    </Button>
  );
}
