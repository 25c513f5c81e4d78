/**
 * The built-in test payment provider's card form: used when the server has no Stripe key. Checks
 * the card like Stripe's own field would (number, expiry, CVC) before anything leaves the browser,
 * then asks the server's test provider to pay the intent; the caller confirms it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { dialogClasses } from '@/client/components/ui/dialog-classes';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { ApiError } from '@/client/lib/api';
import { formatMoney } from '@/client/lib/format';
import { notify } from '@/client/lib/notify';
import { passesLuhn, type PaymentIntentAnswer } from '@/shared/schemas/payments';
import { usePayWithTestProvider } from '../api/pay-with-test-provider';

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242", at most 19 digits. */
const formatCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1234" → "12/34"; the slash appears once the month is typed. */
const formatExpiry = (value: string) => {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** Cards are valid through the last day of their expiry month. */
function isExpiryInPast(month: number, twoDigitYear: number, now = new Date()): boolean {
  const year = 2000 + twoDigitYear;
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

const CardFormSchema = z.object({
  number: z.string().superRefine((value, ctx) => {
    const digits = digitsOf(value);
    if (digits.length < 12 || digits.length > 19) ctx.addIssue({ code: 'custom', message: 'Your card number is incomplete.' });
    else if (!passesLuhn(digits)) ctx.addIssue({ code: 'custom', message: 'Your card number is invalid.' });
  }),
  expiry: z.string().superRefine((value, ctx) => {
    const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
    if (!match) {
      ctx.addIssue({ code: 'custom', message: "Your card's expiration date is incomplete." });
      return;
    }
    const month = Number(match[1]);
    if (month < 1 || month > 12) ctx.addIssue({ code: 'custom', message: "Your card's expiration date is invalid." });
    else if (isExpiryInPast(month, Number(match[2]))) {
      ctx.addIssue({ code: 'custom', message: "Your card's expiration date is in the past." });
    }
  }),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
type CardForm = z.infer<typeof CardFormSchema>;

export interface CardFormProps {
  intent: PaymentIntentAnswer;
  /** The provider took the payment: the dialog confirms it with the server. */
  onPaid(paymentIntentId: string): Promise<void>;
  onBack(): void;
  onBusyChange(busy: boolean): void;
}

export default function TestCardForm({ intent, onPaid, onBack, onBusyChange }: CardFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const pay = usePayWithTestProvider();
  const [declined, setDeclined] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const form = useForm<CardForm>({
    resolver: zodResolver(CardFormSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const { errors } = form.formState;
  const busy = pay.isPending || isConfirming;

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const onSubmit = form.handleSubmit(async (values) => {
    setDeclined(null);
    try {
      await pay.mutateAsync({ paymentIntentId: intent.paymentIntentId, cardNumber: digitsOf(values.number) });
    } catch (error) {
      if (error instanceof ApiError && error.serverMessage) {
        // A declined card or a number the provider refuses: Stripe's words, on screen and in a toast.
        setDeclined(error.serverMessage);
        notify.error('Payment Failed', error.serverMessage);
        if (error.status === 400) form.setFocus('number');
      } else {
        console.warn('test provider payment failed', error);
        notify.error('Payment Error', 'An unexpected error occurred');
      }
      return;
    }
    setConfirming(true);
    try {
      await onPaid(intent.paymentIntentId);
    } finally {
      setConfirming(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Card details">
      <p
        id={id('hint')}
        className="rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-xs text-slate-700"
      >
        Test mode: use <span className="whitespace-nowrap">4242 4242 4242 4242</span> (succeeds) or{' '}
        <span className="whitespace-nowrap">4000 0000 0000 0002</span> (declined)
      </p>
      <Controller
        control={form.control}
        name="number"
        render={({ field }) => (
          <FormField id={id('number')} label="Card number" error={errors.number?.message}>
            <Input
              {...fieldA11y(id('number'), errors.number?.message)}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => {
                setDeclined(null);
                field.onChange(formatCardNumber(event.target.value));
              }}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              disabled={busy}
            />
          </FormField>
        )}
      />
      <div className="grid grid-cols-2 gap-4">
        <Controller
          control={form.control}
          name="expiry"
          render={({ field }) => (
            <FormField id={id('expiry')} label="Expiry (MM/YY)" error={errors.expiry?.message}>
              <Input
                {...fieldA11y(id('expiry'), errors.expiry?.message)}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(formatExpiry(event.target.value))}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                disabled={busy}
              />
            </FormField>
          )}
        />
        <FormField id={id('cvc')} label="CVC" error={errors.cvc?.message}>
          <Input
            {...fieldA11y(id('cvc'), errors.cvc?.message)}
            {...form.register('cvc', { setValueAs: (value: string) => digitsOf(value) })}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            placeholder="123"
            disabled={busy}
          />
        </FormField>
      </div>
      {declined && (
        <Alert variant="error" title="Payment Failed">
          {declined}
        </Alert>
      )}
      <div className={dialogClasses.footer}>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back to Packages
        </Button>
        <Button type="submit" disabled={busy} aria-describedby={id('hint')}>
          {busy && <Spinner />}
          {busy ? 'Processing…' : `Pay ${formatMoney(intent.price)}`}
        </Button>
      </div>
    </form>
  );
}
