import { useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { DeleteAccountBodySchema } from '@/shared/schemas/privacy';
import { useDeleteAccount } from '../api/delete-account';

const PASSWORD_ID = 'delete-account-password';

/** The profile's "Delete account": what goes and what stays, then a confirmation with the password. */
export function DeleteAccountSection() {
  const t = useT();
  const translateText = useTranslateText();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const deletion = useDeleteAccount();

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const onConfirm = () => {
    const parsed = DeleteAccountBodySchema.safeParse({ password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue && translateText(issue));
      return;
    }
    setError(undefined);
    deletion.mutate(parsed.data, {
      onSuccess: close,
      onError: (failure) => {
        const fallback = t('privacy.delete.failed');
        setError(
          translateText(
            failure instanceof ApiError && failure.field === 'password'
              ? (failure.serverMessage ?? fallback)
              : errorMessage(failure, fallback),
          ),
        );
      },
    });
  };

  return (
    <Card role="region" aria-labelledby="delete-account-title" className="border-red-200">
      <CardHeader>
        <CardTitle id="delete-account-title" className="text-red-800">
          {t('privacy.delete.title')}
        </CardTitle>
        <CardDescription>{t('privacy.delete.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t('privacy.delete.button')}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={open}
        title={t('privacy.delete.confirmTitle')}
        description={t('privacy.delete.confirmDescription')}
        confirmLabel={t('privacy.delete.confirm')}
        busyLabel={t('privacy.delete.deleting')}
        isBusy={deletion.isPending}
        variant="destructive"
        onConfirm={onConfirm}
        onClose={close}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <FormField id={PASSWORD_ID} label={t('privacy.delete.password')} error={error}>
            <Input
              {...fieldA11y(PASSWORD_ID, error)}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
        </form>
      </ConfirmDialog>
    </Card>
  );
}
