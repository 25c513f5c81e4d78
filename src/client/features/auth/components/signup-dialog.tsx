import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CheckboxField } from '@/client/components/form/checkbox-field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/api';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { notify } from '@/client/lib/notify';
import { EMAIL_CHECK_DEBOUNCE_MS, SIGNUP_REDIRECT_MS } from '@/shared/constants';
import { SignupFormSchema, type SignupForm } from '@/shared/schemas/auth';
import { checkEmail } from '../api/check-email';
import { useSignup } from '../api/signup';
import { useFollowSavedIntent } from '../hooks/use-follow-saved-intent';

type EmailStatus = 'idle' | 'checking' | 'available' | 'taken';

/** 500 ms after typing stops, for values with an @ longer than 5 characters; failures are ignored. */
function useEmailAvailability(email: string): EmailStatus {
  const [status, setStatus] = useState<EmailStatus>('idle');
  useEffect(() => {
    const value = email.trim();
    if (!value.includes('@') || value.length <= 5) {
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('checking');
      checkEmail(value, controller.signal).then(
        ({ exists }) => setStatus(exists ? 'taken' : 'available'),
        () => {
          if (!controller.signal.aborted) setStatus('idle');
        },
      );
    }, EMAIL_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email]);
  return status;
}

function EmailStatusLine({ status, id }: { status: EmailStatus; id: string }) {
  if (status === 'idle') return null;
  return (
    <p id={id} aria-live="polite" className="flex items-center gap-1.5 text-sm">
      {status === 'checking' && (
        <span className="flex items-center gap-1.5 text-slate-600">
          <Spinner size={14} /> Checking availability...
        </span>
      )}
      {status === 'taken' && (
        <span className="flex items-center gap-1.5 text-red-700">
          <XCircle className="size-4" aria-hidden /> This email is already in use. Please try another one.
        </span>
      )}
      {status === 'available' && (
        <span className="flex items-center gap-1.5 text-green-700">
          <CheckCircle2 className="size-4" aria-hidden /> This email is available.
        </span>
      )}
    </p>
  );
}

export function SignupDialog() {
  const { view, openDialog, closeDialog } = useAuthDialogs();
  const navigate = useNavigate();
  const signup = useSignup();
  const followSavedIntent = useFollowSavedIntent();
  const uid = useId();
  const form = useForm<SignupForm>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', terms: false as unknown as true },
  });
  const { errors } = form.formState;
  const emailStatus = useEmailAvailability(form.watch('email'));
  const busy = signup.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signup.mutateAsync(values);
      if (!answer.success || !answer.user) {
        notify.error('Signup failed', 'Signup failed');
        return;
      }
      notify.success('Account created', 'Please check your email to verify your account.');
      form.reset();
      closeDialog();
      // A Start Quote or a claim link that asked for an account carries on; otherwise the profile.
      void followSavedIntent(() => setTimeout(() => void navigate('/profile'), SIGNUP_REDIRECT_MS));
    } catch (error) {
      notify.error('Signup failed', errorMessage(error, 'Signup failed'));
    }
  });

  const id = (name: string) => `${uid}-${name}`;
  return (
    <Dialog open={view === 'signup'} onOpenChange={(open) => !open && !busy && closeDialog()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create an Account</DialogTitle>
          <DialogDescription>Join to request quotes, message pros and list your business.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={id('first')} label="First name" error={errors.firstName?.message}>
              <Input
                {...fieldA11y(id('first'), errors.firstName?.message)}
                autoComplete="given-name"
                {...form.register('firstName')}
              />
            </FormField>
            <FormField id={id('last')} label="Last name" error={errors.lastName?.message}>
              <Input
                {...fieldA11y(id('last'), errors.lastName?.message)}
                autoComplete="family-name"
                {...form.register('lastName')}
              />
            </FormField>
          </div>
          <FormField id={id('email')} label="Email" error={errors.email?.message}>
            <Input
              {...fieldA11y(id('email'), errors.email?.message)}
              type="email"
              autoComplete="email"
              aria-describedby={[errors.email ? `${id('email')}-error` : '', `${id('email')}-status`].join(' ').trim()}
              {...form.register('email')}
            />
            <EmailStatusLine status={emailStatus} id={`${id('email')}-status`} />
          </FormField>
          <FormField
            id={id('password')}
            label="Password"
            error={errors.password?.message}
            hint="At least 8 characters. Numbers and special characters make it stronger."
          >
            <Input
              {...fieldA11y(id('password'), errors.password?.message, true)}
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
            />
          </FormField>
          <FormField id={id('confirm')} label="Confirm password" error={errors.confirmPassword?.message}>
            <Input
              {...fieldA11y(id('confirm'), errors.confirmPassword?.message)}
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          </FormField>
          <CheckboxField id={id('terms')} control={form.control} name="terms" error={errors.terms?.message}>
            I agree to the{' '}
            <a href="/terms" target="_blank" rel="noopener" className="font-medium text-blue-700 underline">
              Terms of Service
            </a>{' '}
            and{' '}
            <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-blue-700 underline">
              Privacy Policy
            </a>
          </CheckboxField>
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Signing up...' : 'Sign Up'}
          </Button>
          <p className="text-center text-sm text-slate-700">
            Already have an account?{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => openDialog('login')} disabled={busy}>
              Log in
            </Button>
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
