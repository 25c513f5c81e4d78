import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { notify } from '@/client/lib/notify';
import { ResetFormSchema, type ResetForm } from '@/shared/schemas/auth';
import { useResetPassword } from '../api/password-reset';
import { resetFailure } from '../lib/reset-errors';

export const RESET_DONE = 'Password has been reset successfully. You can now log in with your new password.';

interface Props {
  /** The verified token; null gives 'Invalid reset token'. */
  token: string | null;
  onBusyChange?(busy: boolean): void;
  onDone(): void;
}

/** The new-password form of the reset dialog and the /reset-password page. */
export function ResetPasswordForm({ token, onBusyChange, onDone }: Props) {
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const uid = useId();
  const form = useForm<ResetForm>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) {
      setFailure('Invalid reset token');
      return;
    }
    setFailure(null);
    onBusyChange?.(true);
    try {
      await reset.mutateAsync({ token, password });
      setDone(true);
      notify.success('Password reset', RESET_DONE);
      onDone();
    } catch (error) {
      const message = resetFailure(error);
      setFailure(message);
      notify.error('Failed to reset password', message);
    } finally {
      onBusyChange?.(false);
    }
  });

  if (done) {
    return (
      <Alert variant="success" title="Password updated">
        {RESET_DONE}
      </Alert>
    );
  }
  const busy = reset.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {failure && (
        <Alert variant="error" title="Failed to reset password">
          {failure}
        </Alert>
      )}
      <FormField id={`${uid}-password`} label="New password" error={errors.password?.message} hint="At least 8 characters.">
        <Input
          {...fieldA11y(`${uid}-password`, errors.password?.message, true)}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <FormField id={`${uid}-confirm`} label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          {...fieldA11y(`${uid}-confirm`, errors.confirmPassword?.message)}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
