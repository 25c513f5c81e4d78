import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '@/client/components/form/checkbox-field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { SmsEnableFormSchema, type SmsEnableForm } from '@/shared/schemas/user';

interface Props {
  open: boolean;
  defaultPhone: string;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(phoneNumber: string): void;
}

/** Turning texts on without a phone asks for one (10+ characters) and the terms box: texts need a number and consent. */
export function SmsEnableDialog({ open, defaultPhone, busy, onOpenChange, onConfirm }: Props) {
  const uid = useId();
  const form = useForm<SmsEnableForm>({
    resolver: zodResolver(SmsEnableFormSchema),
    values: { phoneNumber: defaultPhone, terms: false as unknown as true },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ phoneNumber }) => onConfirm(phoneNumber));

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Enable Text Notifications</DialogTitle>
          <DialogDescription>We will text you about new quote requests and messages.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id={`${uid}-phone`} label="Mobile phone number" error={errors.phoneNumber?.message}>
            <Input
              {...fieldA11y(`${uid}-phone`, errors.phoneNumber?.message)}
              type="tel"
              autoComplete="tel"
              placeholder="(555) 555-0100"
              {...form.register('phoneNumber')}
            />
          </FormField>
          <CheckboxField id={`${uid}-terms`} control={form.control} name="terms" error={errors.terms?.message}>
            I agree to receive text messages. Message and data rates may apply. Reply STOP to unsubscribe or HELP for help. See
            the{' '}
            <a href="/terms" target="_blank" rel="noopener" className="text-blue-700 underline">
              Terms of Service
            </a>
            .
          </CheckboxField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Enable Texts'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
