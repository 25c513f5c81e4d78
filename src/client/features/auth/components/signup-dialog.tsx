import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import XCircle from 'lucide-react/icons/circle-x';
import { useEffect, useId, useState, type ReactNode } from 'react';
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
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
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
  const t = useT();
  if (status === 'idle') return null;
  return (
    <p id={id} aria-live="polite" className="flex items-center gap-1.5 text-sm">
      {status === 'checking' && (
        <span className="flex items-center gap-1.5 text-slate-600">
          <Spinner size={14} /> {t('auth.signup.checkingEmail')}
        </span>
      )}
      {status === 'taken' && (
        <span className="flex items-center gap-1.5 text-red-700">
          <XCircle className="size-4" aria-hidden /> {t('auth.signup.emailTaken')}
        </span>
      )}
      {status === 'available' && (
        <span className="flex items-center gap-1.5 text-green-700">
          <CheckCircle2 className="size-4" aria-hidden /> {t('auth.signup.emailAvailable')}
        </span>
      )}
    </p>
  );
}

/** A link of the terms sentence (its words come from the message), opened in a new tab. */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="font-medium text-blue-700 underline">
      {children}
    </a>
  );
}

export function SignupDialog() {
  const { view, openDialog, closeDialog } = useAuthDialogs();
  const t = useT();
  const translateText = useTranslateText();
  const navigate = useNavigate();
  const signup = useSignup();
  const followSavedIntent = useFollowSavedIntent();
  const uid = useId();
  const form = useForm<SignupForm>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', terms: false as unknown as true },
  });
  const { errors } = form.formState;
  const errorOf = (name: keyof SignupForm) => {
    const message = errors[name]?.message;
    return message ? translateText(message) : undefined;
  };
  const emailStatus = useEmailAvailability(form.watch('email'));
  const busy = signup.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signup.mutateAsync(values);
      if (!answer.success || !answer.user) {
        notify.error(t('auth.signup.failedTitle'), t('auth.signup.failed'));
        return;
      }
      notify.success(t('auth.signup.createdTitle'), t('auth.signup.created'));
      form.reset();
      closeDialog();
      // A Start Quote or a claim link that asked for an account carries on; otherwise the profile.
      void followSavedIntent(() => setTimeout(() => void navigate('/profile'), SIGNUP_REDIRECT_MS));
    } catch (error) {
      notify.error(t('auth.signup.failedTitle'), translateText(errorMessage(error, t('auth.signup.failed'))));
    }
  });

  const id = (name: string) => `${uid}-${name}`;
  const firstId = id('first');
  const lastId = id('last');
  const emailId = id('email');
  const passwordId = id('password');
  const confirmId = id('confirm');
  const termsId = id('terms');
  return (
    <Dialog open={view === 'signup'} onOpenChange={(open) => !open && !busy && closeDialog()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('auth.signup.title')}</DialogTitle>
          <DialogDescription>{t('auth.signup.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={firstId} label={t('auth.fields.firstName')} error={errorOf('firstName')}>
              <Input {...fieldA11y(firstId, errorOf('firstName'))} autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField id={lastId} label={t('auth.fields.lastName')} error={errorOf('lastName')}>
              <Input {...fieldA11y(lastId, errorOf('lastName'))} autoComplete="family-name" {...form.register('lastName')} />
            </FormField>
          </div>
          <FormField id={emailId} label={t('auth.fields.email')} error={errorOf('email')}>
            <Input
              {...fieldA11y(emailId, errorOf('email'))}
              type="email"
              autoComplete="email"
              aria-describedby={[errors.email ? `${emailId}-error` : '', `${emailId}-status`].join(' ').trim()}
              {...form.register('email')}
            />
            <EmailStatusLine status={emailStatus} id={`${emailId}-status`} />
          </FormField>
          <FormField
            id={passwordId}
            label={t('auth.fields.password')}
            error={errorOf('password')}
            hint={t('auth.signup.passwordHint')}
          >
            <Input
              {...fieldA11y(passwordId, errorOf('password'), true)}
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
            />
          </FormField>
          <FormField id={confirmId} label={t('auth.signup.confirmPassword')} error={errorOf('confirmPassword')}>
            <Input
              {...fieldA11y(confirmId, errorOf('confirmPassword'))}
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          </FormField>
          <CheckboxField id={termsId} control={form.control} name="terms" error={errorOf('terms')}>
            <Message
              id="auth.signup.agreeToTerms"
              parts={{
                0: <NewTabLink href="/terms" />,
                1: <NewTabLink href="/privacy" />,
              }}
            />
          </CheckboxField>
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? t('auth.signup.submitting') : t('auth.signup.submit')}
          </Button>
          <p className="text-center text-sm text-slate-700">
            <Message
              id="auth.signup.haveAccount"
              parts={{ 0: <Button variant="link" className="h-auto p-0" onClick={() => openDialog('login')} disabled={busy} /> }}
            />
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
