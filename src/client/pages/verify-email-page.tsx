import { useQueryClient } from '@tanstack/react-query';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import MailWarning from 'lucide-react/icons/mail-exclamation-point';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { StatusCard } from '@/client/components/status-card';
import { buttonVariants } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { useVerifyEmail } from '@/client/features/auth/api/verify-email';
import { ApiError } from '@/client/lib/api';
import { currentUserQueryKey } from '@/client/lib/current-user';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

export default function VerifyEmailPage() {
  const t = useT();
  const translateText = useTranslateText();
  usePageTitle(t('auth.verifyEmail.pageTitle'));
  const location = useLocation();
  const [token] = useState(() => new URLSearchParams(location.search).get('token'));
  const verification = useVerifyEmail(token);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [verification.isSuccess, queryClient]);

  if (token && verification.isPending) {
    return (
      <StatusCard
        title={t('auth.verifyEmail.verifyingTitle')}
        description={
          <span className="inline-flex items-center gap-2" role="status">
            <Spinner /> {t('auth.verifyEmail.verifying')}
          </span>
        }
      />
    );
  }

  if (token && verification.isSuccess) {
    return (
      <StatusCard
        icon={CheckCircle2}
        iconClassName="text-green-700"
        title={t('auth.verifyEmail.verifiedTitle')}
        description={verification.data.message ? translateText(verification.data.message) : t('auth.verifyEmail.verified')}
      >
        <Link to="/profile" className={buttonVariants({})}>
          {t('auth.verifyEmail.goToProfile')}
        </Link>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          {t('auth.verifyEmail.backHome')}
        </Link>
      </StatusCard>
    );
  }

  const reason = !token
    ? t('auth.verifyEmail.missingToken')
    : verification.error instanceof ApiError
      ? verification.error.serverMessage
        ? translateText(verification.error.serverMessage)
        : t('auth.verifyEmail.failed')
      : t('auth.verifyEmail.errorOccurred');
  return (
    <StatusCard icon={MailWarning} iconClassName="text-red-700" title={t('auth.verifyEmail.failedTitle')} description={reason}>
      <Link to="/" className={buttonVariants({ variant: 'outline' })}>
        {t('auth.verifyEmail.backHome')}
      </Link>
    </StatusCard>
  );
}
