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
  const login = useLogin();
  const afterLogin = useAfterLogin();
  const uid = useId();
  const form = useForm<LoginForm>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;
  const busy = login.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      if (!answer.user) {
        notify.error('Login failed', 'Login failed');
        return;
      }
      rememberInput(STORAGE_KEYS.loginEmailHistory, values.email);
      notify.success('Login successful', 'Welcome back!');
      form.reset();
      closeDialog();
      void afterLogin();
    } catch (error) {
      if (error instanceof ApiError) {
        notify.error('Login failed', error.serverMessage ?? 'Please check your credentials.');
      } else {
        notify.error('Login failed', 'An unexpected error occurred. Please try again.');
      }
    }
  });

  const id = (name: string) => `${uid}-${name}`;
  return (
    <Dialog open={view === 'login'} onOpenChange={(open) => !open && !busy && closeDialog()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Log In to Your Account</DialogTitle>
          <DialogDescription>Welcome back. Enter your email and password.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id={id('email')} label="Email" error={errors.email?.message}>
            <Controller
              control={form.control}
              name="email"
              render={({ field }) => (
                <InputWithHistory
                  {...fieldA11y(id('email'), errors.email?.message)}
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
          <FormField id={id('password')} label="Password" error={errors.password?.message}>
            <Input
              {...fieldA11y(id('password'), errors.password?.message)}
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
                  <Checkbox
                    id={id('remember')}
                    checked={field.value === true}
                    onCheckedChange={(c) => field.onChange(c === true)}
                  />
                )}
              />
              <label htmlFor={id('remember')} className="text-sm text-slate-700">
                Remember me
              </label>
            </div>
            <Button variant="link" className="h-auto p-0" onClick={() => openDialog('forgot')} disabled={busy}>
              Forgot password?
            </Button>
          </div>
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Logging in...' : 'Log In'}
          </Button>
          <p className="text-center text-sm text-slate-700">
            Don&apos;t have an account?{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => openDialog('signup')} disabled={busy}>
              Sign up
            </Button>
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
