import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { StatusCard } from '@/client/components/status-card';
import { buttonVariants } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { useVerifyEmail } from '@/client/features/auth/api/verify-email';
import { ApiError } from '@/client/lib/api';
import { currentUserQueryKey } from '@/client/lib/current-user';
import { usePageTitle } from '@/client/lib/use-page-title';

export default function VerifyEmailPage() {
  usePageTitle('Verify Email');
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
        title="Verifying your email"
        description={
          <span className="inline-flex items-center gap-2" role="status">
            <Spinner /> Verifying...
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
        title="Email verified"
        description={verification.data.message ?? 'Your email address has been verified.'}
      >
        <Link to="/profile" className={buttonVariants({})}>
          Go to your profile
        </Link>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Back to home
        </Link>
      </StatusCard>
    );
  }

  const reason = !token
    ? 'Verification token is missing'
    : verification.error instanceof ApiError
      ? (verification.error.serverMessage ?? 'Verification failed')
      : 'An error occurred during verification';
  return (
    <StatusCard icon={MailWarning} iconClassName="text-red-700" title="Verification failed" description={reason}>
      <Link to="/" className={buttonVariants({ variant: 'outline' })}>
        Back to home
      </Link>
    </StatusCard>
  );
}
