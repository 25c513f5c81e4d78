import { useQuery } from '@tanstack/react-query';
import KeyRound from 'lucide-react/icons/key-round';
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
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useTokenFromAddress } from '@/client/lib/use-token-from-address';
import { RESET_DIALOG_CLOSE_MS } from '@/shared/constants';

export default function ResetPasswordPage() {
  const t = useT();
  usePageTitle(t('auth.resetPage.pageTitle'));
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
      <Alert variant="error" title={t('auth.resetPage.missingTitle')}>
        {t('auth.resetPage.missing')}
      </Alert>
    );
  } else if (check.isPending) {
    body = (
      <p className="flex items-center gap-2 text-slate-700" role="status">
        <Spinner /> {t('auth.resetPage.verifying')}
      </p>
    );
  } else if (check.isError) {
    body = (
      <div className="grid gap-4">
        <Alert variant="error" title={t('auth.resetPage.invalidTitle')}>
          {tokenCheckFailure(t, check.error)}
        </Alert>
        <Button onClick={() => openDialog('forgot')}>{t('auth.resetPage.requestNew')}</Button>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <ResetPasswordForm token={token} onDone={() => setDone(true)} />
        {done && <p className="text-sm text-slate-700">{t('auth.resetPage.redirecting')}</p>}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <KeyRound className="size-8 text-blue-700" aria-hidden />
          <CardTitle as="h1">{t('auth.resetDialog.title')}</CardTitle>
          <CardDescription>{t('auth.resetPage.description')}</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
