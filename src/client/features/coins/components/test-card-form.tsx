/**
 * The built-in test payment provider's card form: used when the server has no Stripe key. Checks
 * the card like Stripe's own field would (number, expiry, CVC) before anything leaves the browser,
 * then asks the server's test provider to pay the intent; the caller confirms it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
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
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
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

/** The card's checks, their messages in the page's language (`t` is the form's). */
const cardFormSchema = (t: ReturnType<typeof useT>) =>
  z.object({
    number: z.string().superRefine((value, ctx) => {
      const digits = digitsOf(value);
      if (digits.length < 12 || digits.length > 19) ctx.addIssue({ code: 'custom', message: t('coins.card.numberIncomplete') });
      else if (!passesLuhn(digits)) ctx.addIssue({ code: 'custom', message: t('coins.card.numberInvalid') });
    }),
    expiry: z.string().superRefine((value, ctx) => {
      const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
      if (!match) {
        ctx.addIssue({ code: 'custom', message: t('coins.card.expiryIncomplete') });
        return;
      }
      const month = Number(match[1]);
      if (month < 1 || month > 12) ctx.addIssue({ code: 'custom', message: t('coins.card.expiryInvalid') });
      else if (isExpiryInPast(month, Number(match[2]))) {
        ctx.addIssue({ code: 'custom', message: t('coins.card.expiryPast') });
      }
    }),
    cvc: z.string().regex(/^\d{3,4}$/, t('coins.card.cvcIncomplete')),
  });
type CardForm = z.infer<ReturnType<typeof cardFormSchema>>;

export interface CardFormProps {
  intent: PaymentIntentAnswer;
  /** The provider took the payment: the dialog confirms it with the server. */
  onPaid(paymentIntentId: string): Promise<void>;
  onBack(): void;
  onBusyChange(busy: boolean): void;
}

export default function TestCardForm({ intent, onPaid, onBack, onBusyChange }: CardFormProps) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const pay = usePayWithTestProvider();
  const schema = useMemo(() => cardFormSchema(t), [t]);
  const cvcId = id('cvc');
  const [declined, setDeclined] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const form = useForm<CardForm>({
    resolver: zodResolver(schema),
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
        const message = translateText(error.serverMessage);
        setDeclined(message);
        notify.error(t('coins.payment.failed'), message);
        if (error.status === 400) form.setFocus('number');
      } else {
        console.warn('test provider payment failed', error);
        notify.error(t('coins.payment.unexpectedTitle'), t('coins.payment.unexpected'));
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
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('coins.payment.cardDetails')}>
      <p
        id={id('hint')}
        className="rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-xs text-slate-700"
      >
        <Message
          id="coins.card.testMode"
          values={{ succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' }}
          parts={{ 0: <span className="whitespace-nowrap" />, 1: <span className="whitespace-nowrap" /> }}
        />
      </p>
      <Controller
        control={form.control}
        name="number"
        render={({ field }) => (
          <FormField id={id('number')} label={t('coins.card.number')} error={errors.number?.message}>
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
            <FormField id={id('expiry')} label={t('coins.card.expiry')} error={errors.expiry?.message}>
              <Input
                {...fieldA11y(id('expiry'), errors.expiry?.message)}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(formatExpiry(event.target.value))}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder={t('coins.card.expiryPlaceholder')}
                disabled={busy}
              />
            </FormField>
          )}
        />
        <FormField id={cvcId} label={t('coins.card.cvc')} error={errors.cvc?.message}>
          <Input
            {...fieldA11y(cvcId, errors.cvc?.message)}
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
        <Alert variant="error" title={t('coins.payment.failed')}>
          {declined}
        </Alert>
      )}
      <div className={dialogClasses.footer}>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          {t('coins.payment.back')}
        </Button>
        <Button type="submit" disabled={busy} aria-describedby={id('hint')}>
          {busy && <Spinner />}
          {busy ? t('coins.payment.processing') : t('coins.payment.pay', { price: formatMoney(intent.price) })}
        </Button>
      </div>
    </form>
  );
}
