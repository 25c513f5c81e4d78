/**
 * The offer form, in a dialog: a fixed price, an hourly rate or a range, what it includes, how
 * many days it stands, and an optional note. It is checked with the server's own schema before
 * sending; a refusal goes under the input the answer names. Sent as the company's first reply, it
 * is that reply: the dialog shows the reply's cost and the offer carries it, as a first message does.
 */
import { useId } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/lazy-dialog';
import { Textarea } from '@/client/components/ui/textarea';
import { amountStep, currencySign, useMoneySettings } from '@/client/entities/offers/offer-money';
import { ApiError } from '@/client/lib/api';
import { placeServerError } from '@/client/lib/form-errors';
import { notify } from '@/client/lib/notify';
import { MESSAGE_MAX_LENGTH } from '@/shared/constants';
import {
  MAX_OFFER_PRICE,
  MAX_OFFER_VALID_DAYS,
  MIN_OFFER_VALID_DAYS,
  OFFER_INCLUDES_MAX,
  OFFER_KIND_LABELS,
  OFFER_KINDS,
  type Offer,
  type OfferBody,
} from '@/shared/schemas/offers';
import { useMakeOffer } from '../api/make-offer';
import { checkOfferForm, OFFER_FORM_FIELDS, offerFormValues, type OfferFormField, type OfferFormInput } from '../lib/offer-form';
import type { CoinShortfall } from './coin-cost-notice';

const KIND_HINTS: Record<OfferFormInput['kind'], string> = {
  fixed: 'One price for the whole job.',
  hourly: 'A price per hour of work.',
  range: 'The lowest and highest the job should cost.',
};

export interface OfferDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  quoteId: number;
  companyId: number;
  /** The standing offer to revise, or null for a new one. */
  current: Offer | null;
  /** The offer is the company's first reply: the cost the screen shows, which the offer confirms. */
  acceptedCoinCost?: number;
  /** The first reply's cost notice (the same as above the composer). */
  costNotice?: React.ReactNode;
  /** A first reply refused with 402: the Buy Coins flow. */
  onInsufficientCoins(info: CoinShortfall): void;
}

export function OfferDialog({ open, onOpenChange, current, ...rest }: OfferDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent className="sm:max-w-lg">
          <OfferForm key={current?.id ?? 'new'} current={current} onClose={() => onOpenChange(false)} {...rest} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** A price input with the currency's sign where the locale writes it. */
function PriceInput({
  id,
  label,
  error,
  sign,
  step,
  disabled,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  sign: { sign: string; isAfter: boolean };
  step: string;
  disabled: boolean;
  registration: ReturnType<ReturnType<typeof useForm<OfferFormInput>>['register']>;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <div className="relative">
        <span
          aria-hidden
          className={cn(
            'pointer-events-none absolute top-1/2 -translate-y-1/2 text-sm text-slate-700',
            sign.isAfter ? 'end-3' : 'start-3',
          )}
        >
          {sign.sign}
        </span>
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_OFFER_PRICE}
          step={step}
          className={cn('tabular-nums', sign.isAfter ? 'pe-10' : 'ps-9')}
          disabled={disabled}
          {...fieldA11y(id, error)}
          {...registration}
        />
      </div>
    </FormField>
  );
}

function OfferForm({
  quoteId,
  companyId,
  current,
  acceptedCoinCost,
  costNotice,
  onInsufficientCoins,
  onClose,
}: Omit<OfferDialogProps, 'open' | 'onOpenChange'> & { onClose(): void }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { locale, currency } = useMoneySettings();
  const sign = currencySign(locale, currency);
  const step = amountStep(currency);
  const make = useMakeOffer();
  const isFirstReply = acceptedCoinCost !== undefined;

  const resolver: Resolver<OfferFormInput, unknown, OfferBody> = async (values) => {
    const check = checkOfferForm(values, currency, acceptedCoinCost);
    if (check.ok) return { values: check.body, errors: {} };
    const errors: Partial<Record<OfferFormField | 'root', { type: string; message: string }>> = {};
    for (const [name, message] of Object.entries(check.errors)) errors[name as OfferFormField] = { type: 'validate', message };
    return { values: {}, errors: errors as FieldErrors<OfferFormInput> };
  };
  const form = useForm<OfferFormInput, unknown, OfferBody>({ resolver, defaultValues: offerFormValues(current) });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const includes = useWatch({ control: form.control, name: 'includes' }) ?? '';
  const busy = isSubmitting;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const answer = await make.mutateAsync({ quoteId, companyId, body });
      const title = current ? 'Offer revised' : 'Offer sent';
      notify.success(answer.coinInfo?.deducted ? `${title} - Coins deducted` : title);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'INSUFFICIENT_COINS') {
        const found = (failure.body ?? {}) as { coinCost?: unknown; userBalance?: unknown };
        onClose();
        onInsufficientCoins({
          coinCost: typeof found.coinCost === 'number' ? found.coinCost : (acceptedCoinCost ?? 0),
          userBalance: typeof found.userBalance === 'number' ? found.userBalance : 0,
        });
        return;
      }
      const text = placeServerError(form, failure, {
        fields: OFFER_FORM_FIELDS,
        fallback: 'Please try again.',
        shouldFocus: true,
      });
      notify.error(current ? 'Failed to revise the offer' : 'Failed to send the offer', text);
    }
  });

  const formError = errors.root?.message;
  const submitLabel = current
    ? 'Send revised offer'
    : isFirstReply && acceptedCoinCost > 0
      ? `Send offer for ${acceptedCoinCost} coins`
      : 'Send offer';

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-4"
      aria-label={current ? 'Revise offer' : 'Make an offer'}
    >
      <DialogHeader>
        <DialogTitle>{current ? 'Revise your offer' : 'Make an offer'}</DialogTitle>
        <DialogDescription>
          An estimate the customer can compare and hire on; it binds no one. Prices are in {currency}.
          {current ? ' The customer sees the new version and the earlier ones.' : ''}
        </DialogDescription>
      </DialogHeader>
      {isFirstReply && costNotice}

      <fieldset className="grid gap-2" aria-describedby={errors.kind ? id('kind-error') : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Kind of price</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {OFFER_KINDS.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm text-slate-800',
                kind === option ? 'border-blue-600 bg-blue-50' : 'border-slate-300',
              )}
            >
              <input
                type="radio"
                value={option}
                className="mt-0.5 size-4 shrink-0"
                disabled={busy}
                aria-describedby={id(`kind-${option}-hint`)}
                {...form.register('kind')}
              />
              <span className="flex flex-col">
                <span className="font-medium">{OFFER_KIND_LABELS[option]}</span>
                <span id={id(`kind-${option}-hint`)} className="text-xs text-slate-600">
                  {KIND_HINTS[option]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.kind && (
          <p id={id('kind-error')} role="alert" className="text-sm text-red-700">
            {errors.kind.message}
          </p>
        )}
      </fieldset>

      {kind === 'range' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <PriceInput
            id={id('low')}
            label="Lowest price"
            error={errors.low?.message}
            sign={sign}
            step={step}
            disabled={busy}
            registration={form.register('low')}
          />
          <PriceInput
            id={id('high')}
            label="Highest price"
            error={errors.high?.message}
            sign={sign}
            step={step}
            disabled={busy}
            registration={form.register('high')}
          />
        </div>
      ) : (
        <PriceInput
          id={id('amount')}
          label={kind === 'hourly' ? 'Hourly rate' : 'Price'}
          error={errors.amount?.message}
          sign={sign}
          step={step}
          disabled={busy}
          registration={form.register('amount')}
        />
      )}

      <FormField
        id={id('includes')}
        label="What the price includes"
        error={errors.includes?.message}
        hint={
          // The example and the count are two things: the count sits apart, at the end of the line.
          <span className="flex flex-wrap justify-between gap-x-3">
            <span>For example: parts, labour, travel, clean-up.</span>
            <span className="tabular-nums">
              {includes.length}/{OFFER_INCLUDES_MAX}
              <span className="sr-only"> characters used</span>
            </span>
          </span>
        }
      >
        <Textarea
          rows={3}
          maxLength={OFFER_INCLUDES_MAX}
          disabled={busy}
          {...fieldA11y(id('includes'), errors.includes?.message, true)}
          {...form.register('includes')}
        />
      </FormField>

      <FormField
        id={id('valid-days')}
        label="Valid for (days)"
        error={errors.validDays?.message}
        hint={`From ${MIN_OFFER_VALID_DAYS} to ${MAX_OFFER_VALID_DAYS} days from today.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_OFFER_VALID_DAYS}
          max={MAX_OFFER_VALID_DAYS}
          step={1}
          className="w-28"
          disabled={busy}
          {...fieldA11y(id('valid-days'), errors.validDays?.message, true)}
          {...form.register('validDays')}
        />
      </FormField>

      <FormField id={id('message')} label="Note to the customer (optional)" error={errors.message?.message}>
        <Textarea
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={busy}
          {...fieldA11y(id('message'), errors.message?.message)}
          {...form.register('message')}
        />
      </FormField>

      {formError && <Alert variant="error">{formError}</Alert>}

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
