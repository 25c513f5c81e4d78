import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { ApiError } from '@/client/lib/api';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { ForgotFormSchema, type ForgotForm } from '@/shared/schemas/auth';
import { useRequestPasswordReset } from '../api/password-reset';

export function ForgotPasswordDialog() {
  const { view, openDialog, closeDialog } = useAuthDialogs();
  const t = useT();
  const translateText = useTranslateText();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const uid = useId();
  const form = useForm<ForgotForm>({ resolver: zodResolver(ForgotFormSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const emailError = errors.email?.message && translateText(errors.email.message);
  const busy = request.isPending;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const answer = await request.mutateAsync(email);
      if (!answer.success) throw new Error(answer.error);
      setSent(true);
      notify.success(t('auth.forgot.sentTitle'), answer.message ? translateText(answer.message) : t('auth.forgot.sent'));
    } catch (error) {
      notify.error(
        t('auth.forgot.failedTitle'),
        error instanceof ApiError
          ? error.serverMessage
            ? translateText(error.serverMessage)
            : t('auth.forgot.failed')
          : t('auth.forgot.connectionFailed'),
      );
    }
  });

  const close = () => {
    setSent(false);
    form.reset();
    closeDialog();
  };
  const backToLogin = () => {
    setSent(false);
    form.reset();
    openDialog('login');
  };

  return (
    <Dialog open={view === 'forgot'} onOpenChange={(open) => !open && !busy && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('auth.forgot.title')}</DialogTitle>
          <DialogDescription>{t('auth.forgot.description')}</DialogDescription>
        </DialogHeader>
        {sent ? (
          <Alert variant="success" title={t('auth.forgot.sentAlertTitle')}>
            {t('auth.forgot.sent')}
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField id={`${uid}-email`} label={t('auth.fields.email')} error={emailError}>
              <Input {...fieldA11y(`${uid}-email`, emailError)} type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
            </Button>
          </form>
        )}
        <Button variant="link" className="justify-self-center" onClick={backToLogin} disabled={busy}>
          {t('auth.forgot.backToLogin')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
