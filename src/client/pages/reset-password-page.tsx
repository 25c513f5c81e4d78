import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { verifyResetToken } from '@/client/features/auth/api/password-reset';
import { ResetPasswordForm } from '@/client/features/auth/components/reset-password-form';
import { tokenCheckFailure } from '@/client/features/auth/lib/reset-errors';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useTokenFromAddress } from '@/client/lib/use-token-from-address';
import { RESET_DIALOG_CLOSE_MS } from '@/shared/constants';

export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const token = useTokenFromAddress();
  const navigate = useNavigate();
  const { openDialog } = useAuthDialogs();
  const check = useQuery({
    queryKey: ['verify-reset-token', token],
    queryFn: () => verifyResetToken(token!),
    enabled: !!token,
    staleTime: Infinity,
  });
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/'), RESET_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  let body;
  if (!token) {
    body = (
      <Alert variant="error" title="Missing reset link">
        No reset token provided. Please check your email link.
      </Alert>
    );
  } else if (check.isPending) {
    body = (
      <p className="flex items-center gap-2 text-slate-700" role="status">
        <Spinner /> Verifying your reset link...
      </p>
    );
  } else if (check.isError) {
    body = (
      <div className="grid gap-4">
        <Alert variant="error" title="Link not valid">
          {tokenCheckFailure(check.error)}
        </Alert>
        <Button onClick={() => openDialog('forgot')}>Request a new link</Button>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <ResetPasswordForm token={token} onDone={() => setDone(true)} />
        {done && <p className="text-sm text-slate-700">Taking you to the home page...</p>}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <KeyRound className="size-8 text-blue-700" aria-hidden />
          <CardTitle as="h1">Reset Your Password</CardTitle>
          <CardDescription>Choose a new password of at least 8 characters.</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
