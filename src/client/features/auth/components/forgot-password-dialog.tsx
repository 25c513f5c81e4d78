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
import { notify } from '@/client/lib/notify';
import { ForgotFormSchema, type ForgotForm } from '@/shared/schemas/auth';
import { useRequestPasswordReset } from '../api/password-reset';

const SENT = 'Password reset email sent. Please check your inbox.';

export function ForgotPasswordDialog() {
  const { view, openDialog, closeDialog } = useAuthDialogs();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const uid = useId();
  const form = useForm<ForgotForm>({ resolver: zodResolver(ForgotFormSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const busy = request.isPending;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const answer = await request.mutateAsync(email);
      if (!answer.success) throw new Error(answer.error);
      setSent(true);
      notify.success('Check your inbox', answer.message ?? SENT);
    } catch (error) {
      notify.error(
        'Failed to process request',
        error instanceof ApiError ? (error.serverMessage ?? 'Failed to process request') : 'Failed to connect to server',
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
          <DialogTitle>Forgot Your Password?</DialogTitle>
          <DialogDescription>Enter your email and we will send you a link to reset your password.</DialogDescription>
        </DialogHeader>
        {sent ? (
          <Alert variant="success" title="Email sent">
            {SENT}
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField id={`${uid}-email`} label="Email" error={errors.email?.message}>
              <Input
                {...fieldA11y(`${uid}-email`, errors.email?.message)}
                type="email"
                autoComplete="email"
                {...form.register('email')}
              />
            </FormField>
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        )}
        <Button variant="link" className="justify-self-center" onClick={backToLogin} disabled={busy}>
          Back to Login
        </Button>
      </DialogContent>
    </Dialog>
  );
}
