import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '@/client/components/form/checkbox-field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import { SmsEnableFormSchema, type SmsEnableForm } from '@/shared/schemas/user';

interface Props {
  open: boolean;
  defaultPhone: string;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(phoneNumber: string): void;
}

/** The consent sentence's link to the terms (its words come from the message), opened in a new tab. */
function TermsLink({ children }: { children?: ReactNode }) {
  return (
    <a href="/terms" target="_blank" rel="noopener" className="text-blue-700 underline">
      {children}
    </a>
  );
}

/** Turning texts on without a phone asks for one (10+ characters) and the terms box: texts need a number and consent. */
export function SmsEnableDialog({ open, defaultPhone, busy, onOpenChange, onConfirm }: Props) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const form = useForm<SmsEnableForm>({
    resolver: zodResolver(SmsEnableFormSchema),
    values: { phoneNumber: defaultPhone, terms: false as unknown as true },
  });
  const { errors } = form.formState;
  const phoneError = errors.phoneNumber?.message && translateText(errors.phoneNumber.message);
  const termsError = errors.terms?.message && translateText(errors.terms.message);
  const onSubmit = form.handleSubmit(({ phoneNumber }) => onConfirm(phoneNumber));

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('users.sms.title')}</DialogTitle>
          <DialogDescription>{t('users.sms.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id={`${uid}-phone`} label={t('users.sms.phone')} error={phoneError}>
            <Input
              {...fieldA11y(`${uid}-phone`, phoneError)}
              type="tel"
              autoComplete="tel"
              placeholder="(555) 555-0100"
              {...form.register('phoneNumber')}
            />
          </FormField>
          <CheckboxField id={`${uid}-terms`} control={form.control} name="terms" error={termsError}>
            <Message id="users.sms.consent" parts={{ 0: <TermsLink /> }} />
          </CheckboxField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t('users.sms.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('users.sms.saving') : t('users.sms.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
