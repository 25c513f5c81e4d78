import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { InputWithHistory } from '@/client/components/form/input-with-history';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { ApiError } from '@/client/lib/api';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { rememberInput } from '@/client/lib/input-history';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { STORAGE_KEYS } from '@/client/lib/storage';
import { LoginFormSchema, type LoginForm } from '@/shared/schemas/auth';
import { useLogin } from '../api/login';
import { useFollowSavedIntent } from '../hooks/use-follow-saved-intent';

/** After logging in: a saved intent first; otherwise the home page leads to /profile and anywhere else stays. */
function useAfterLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const followSavedIntent = useFollowSavedIntent();
  return () =>
    followSavedIntent(() => {
      if (location.pathname === '/') void navigate('/profile');
    });
}

export function LoginDialog() {
  const { view, openDialog, closeDialog } = useAuthDialogs();
  const t = useT();
  const translateText = useTranslateText();
  const login = useLogin();
  const afterLogin = useAfterLogin();
  const uid = useId();
  const form = useForm<LoginForm>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;
  const emailError = errors.email?.message && translateText(errors.email.message);
  const passwordError = errors.password?.message && translateText(errors.password.message);
  const busy = login.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      if (!answer.user) {
        notify.error(t('auth.login.failedTitle'), t('auth.login.failed'));
        return;
      }
      rememberInput(STORAGE_KEYS.loginEmailHistory, values.email);
      notify.success(t('auth.login.successTitle'), t('auth.login.welcomeBack'));
      form.reset();
      closeDialog();
      void afterLogin();
    } catch (error) {
      if (error instanceof ApiError) {
        notify.error(
          t('auth.login.failedTitle'),
          error.serverMessage ? translateText(error.serverMessage) : t('auth.login.checkCredentials'),
        );
      } else {
        notify.error(t('auth.login.failedTitle'), t('auth.login.unexpected'));
      }
    }
  });

  const id = (name: string) => `${uid}-${name}`;
  const emailId = id('email');
  const passwordId = id('password');
  const rememberId = id('remember');
  return (
    <Dialog open={view === 'login'} onOpenChange={(open) => !open && !busy && closeDialog()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('auth.login.title')}</DialogTitle>
          <DialogDescription>{t('auth.login.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id={emailId} label={t('auth.fields.email')} error={emailError}>
            <Controller
              control={form.control}
              name="email"
              render={({ field }) => (
                <InputWithHistory
                  {...fieldA11y(emailId, emailError)}
                  historyKey={STORAGE_KEYS.loginEmailHistory}
                  type="email"
                  name={field.name}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
          </FormField>
          <FormField id={passwordId} label={t('auth.fields.password')} error={passwordError}>
            <Input
              {...fieldA11y(passwordId, passwordError)}
              type="password"
              autoComplete="current-password"
              {...form.register('password')}
            />
          </FormField>
          <div className="flex items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <Controller
                control={form.control}
                name="rememberMe"
                render={({ field }) => (
                  <Checkbox id={rememberId} checked={field.value === true} onCheckedChange={(c) => field.onChange(c === true)} />
                )}
              />
              <label htmlFor={rememberId} className="text-sm text-slate-700">
                {t('auth.login.rememberMe')}
              </label>
            </div>
            <Button variant="link" className="h-auto p-0" onClick={() => openDialog('forgot')} disabled={busy}>
              {t('auth.login.forgotPassword')}
            </Button>
          </div>
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? t('auth.login.submitting') : t('auth.login.submit')}
          </Button>
          <p className="text-center text-sm text-slate-700">
            <Message
              id="auth.login.noAccount"
              parts={{ 0: <Button variant="link" className="h-auto p-0" onClick={() => openDialog('signup')} disabled={busy} /> }}
            />
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
