import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
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
      <div className="mx-auto max-w-md px-4 py-16">
        <Card>
          <CardHeader>
            <CardTitle as="h1">Verifying your email</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="flex items-center gap-2 text-slate-700" role="status">
              <Spinner /> Verifying...
            </p>
          </CardContent>
        </Card>
      </div>
    );
  }

  if (token && verification.isSuccess) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <CardHeader>
            <CheckCircle2 className="mx-auto size-10 text-green-700" aria-hidden />
            <CardTitle as="h1">Email verified</CardTitle>
            <CardDescription>{verification.data.message ?? 'Your email address has been verified.'}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap justify-center gap-2">
            <Link to="/profile" className={buttonVariants({})}>
              Go to your profile
            </Link>
            <Link to="/" className={buttonVariants({ variant: 'outline' })}>
              Back to home
            </Link>
          </CardContent>
        </Card>
      </div>
    );
  }

  const reason = !token
    ? 'Verification token is missing'
    : verification.error instanceof ApiError
      ? (verification.error.serverMessage ?? 'Verification failed')
      : 'An error occurred during verification';
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="text-center">
        <CardHeader>
          <MailWarning className="mx-auto size-10 text-red-700" aria-hidden />
          <CardTitle as="h1">Verification failed</CardTitle>
          <CardDescription>{reason}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to home
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
