import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { ResetFormSchema, type ResetForm } from '@/shared/schemas/auth';
import { useResetPassword } from '../api/password-reset';
import { resetFailure } from '../lib/reset-errors';

interface Props {
  /** The verified token; null gives 'Invalid reset token'. */
  token: string | null;
  onBusyChange?(busy: boolean): void;
  onDone(): void;
}

/** The new-password form of the reset dialog and the /reset-password page. */
export function ResetPasswordForm({ token, onBusyChange, onDone }: Props) {
  const t = useT();
  const translateText = useTranslateText();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const uid = useId();
  const form = useForm<ResetForm>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const passwordError = errors.password?.message && translateText(errors.password.message);
  const confirmError = errors.confirmPassword?.message && translateText(errors.confirmPassword.message);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) {
      setFailure(t('auth.resetForm.invalidToken'));
      return;
    }
    setFailure(null);
    onBusyChange?.(true);
    try {
      await reset.mutateAsync({ token, password });
      setDone(true);
      notify.success(t('auth.resetForm.doneTitle'), t('auth.resetForm.done'));
      onDone();
    } catch (error) {
      const message = resetFailure(t, error, translateText);
      setFailure(message);
      notify.error(t('auth.resetForm.failedTitle'), message);
    } finally {
      onBusyChange?.(false);
    }
  });

  if (done) {
    return (
      <Alert variant="success" title={t('auth.resetForm.updatedTitle')}>
        {t('auth.resetForm.done')}
      </Alert>
    );
  }
  const busy = reset.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {failure && (
        <Alert variant="error" title={t('auth.resetForm.failedTitle')}>
          {failure}
        </Alert>
      )}
      <FormField
        id={`${uid}-password`}
        label={t('auth.resetForm.newPassword')}
        error={passwordError}
        hint={t('auth.resetForm.passwordHint')}
      >
        <Input
          {...fieldA11y(`${uid}-password`, passwordError, true)}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <FormField id={`${uid}-confirm`} label={t('auth.resetForm.confirmPassword')} error={confirmError}>
        <Input
          {...fieldA11y(`${uid}-confirm`, confirmError)}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? t('auth.resetForm.submitting') : t('auth.resetForm.submit')}
      </Button>
    </form>
  );
}
