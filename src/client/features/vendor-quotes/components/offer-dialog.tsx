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
import { amountStep, currencySign, OFFER_KIND_KEYS, useMoneySettings } from '@/client/entities/offers/offer-money';
import { ApiError } from '@/client/lib/api';
import { placeServerError } from '@/client/lib/form-errors';
import { useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { MESSAGE_MAX_LENGTH } from '@/shared/constants';
import {
  MAX_OFFER_PRICE,
  MAX_OFFER_VALID_DAYS,
  MIN_OFFER_VALID_DAYS,
  OFFER_INCLUDES_MAX,
  OFFER_KINDS,
  type Offer,
  type OfferBody,
} from '@/shared/schemas/offers';
import { useMakeOffer } from '../api/make-offer';
import { checkOfferForm, OFFER_FORM_FIELDS, offerFormValues, type OfferFormField, type OfferFormInput } from '../lib/offer-form';
import type { CoinShortfall } from './coin-cost-notice';

const KIND_HINTS: Record<OfferFormInput['kind'], MessageKey> = {
  fixed: 'vendor-quotes.offerDialog.hintFixed',
  hourly: 'vendor-quotes.offerDialog.hintHourly',
  range: 'vendor-quotes.offerDialog.hintRange',
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
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const includesId = id('includes');
  const validDaysId = id('valid-days');
  const messageId = id('message');
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
  // The shared schema's words (or the server's), in the page's language.
  const errorOf = (message: string | undefined) => (message ? translateText(message) : undefined);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const includes = useWatch({ control: form.control, name: 'includes' }) ?? '';
  const busy = isSubmitting;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const answer = await make.mutateAsync({ quoteId, companyId, body });
      const title = current ? t('vendor-quotes.offerDialog.revised') : t('vendor-quotes.offerDialog.sent');
      notify.success(answer.coinInfo?.deducted ? t('vendor-quotes.offerDialog.coinsDeducted', { title }) : title);
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
        fallback: t('vendor-quotes.common.tryAgain'),
        shouldFocus: true,
      });
      notify.error(current ? t('vendor-quotes.offerDialog.reviseFailed') : t('vendor-quotes.offerDialog.sendFailed'), text);
    }
  });

  const formError = errorOf(errors.root?.message);
  const submitLabel = current
    ? t('vendor-quotes.offerDialog.sendRevised')
    : isFirstReply && acceptedCoinCost > 0
      ? t('vendor-quotes.offerDialog.sendForCoins', { coins: acceptedCoinCost })
      : t('vendor-quotes.offerDialog.send');

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-4"
      aria-label={current ? t('vendor-quotes.offer.revise') : t('vendor-quotes.offer.make')}
    >
      <DialogHeader>
        <DialogTitle>{current ? t('vendor-quotes.offerDialog.reviseTitle') : t('vendor-quotes.offer.make')}</DialogTitle>
        <DialogDescription>
          {current
            ? t('vendor-quotes.offerDialog.descriptionRevise', { currency })
            : t('vendor-quotes.offerDialog.description', { currency })}
        </DialogDescription>
      </DialogHeader>
      {isFirstReply && costNotice}

      <fieldset className="grid gap-2" aria-describedby={errors.kind ? id('kind-error') : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('vendor-quotes.offerDialog.kindLegend')}</legend>
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
                <span className="font-medium">{t(OFFER_KIND_KEYS[option])}</span>
                <span id={id(`kind-${option}-hint`)} className="text-xs text-slate-600">
                  {t(KIND_HINTS[option])}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.kind && (
          <p id={id('kind-error')} role="alert" className="text-sm text-red-700">
            {errorOf(errors.kind.message)}
          </p>
        )}
      </fieldset>

      {kind === 'range' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <PriceInput
            id={id('low')}
            label={t('vendor-quotes.offerDialog.lowest')}
            error={errorOf(errors.low?.message)}
            sign={sign}
            step={step}
            disabled={busy}
            registration={form.register('low')}
          />
          <PriceInput
            id={id('high')}
            label={t('vendor-quotes.offerDialog.highest')}
            error={errorOf(errors.high?.message)}
            sign={sign}
            step={step}
            disabled={busy}
            registration={form.register('high')}
          />
        </div>
      ) : (
        <PriceInput
          id={id('amount')}
          label={kind === 'hourly' ? t('vendor-quotes.offerDialog.hourlyRate') : t('vendor-quotes.offerDialog.price')}
          error={errorOf(errors.amount?.message)}
          sign={sign}
          step={step}
          disabled={busy}
          registration={form.register('amount')}
        />
      )}

      <FormField
        id={includesId}
        label={t('vendor-quotes.offerDialog.includes')}
        error={errorOf(errors.includes?.message)}
        hint={
          // The example and the count are two things: the count sits apart, at the end of the line.
          <span className="flex flex-wrap justify-between gap-x-3">
            <span>{t('vendor-quotes.offerDialog.includesExample')}</span>
            <span className="tabular-nums">
              {includes.length}/{OFFER_INCLUDES_MAX}
              <span className="sr-only">{t('vendor-quotes.offerDialog.charactersUsed')}</span>
            </span>
          </span>
        }
      >
        <Textarea
          rows={3}
          maxLength={OFFER_INCLUDES_MAX}
          disabled={busy}
          {...fieldA11y(includesId, errors.includes?.message, true)}
          {...form.register('includes')}
        />
      </FormField>

      <FormField
        id={validDaysId}
        label={t('vendor-quotes.offerDialog.validDays')}
        error={errorOf(errors.validDays?.message)}
        hint={t('vendor-quotes.offerDialog.validDaysHint', { min: MIN_OFFER_VALID_DAYS, max: MAX_OFFER_VALID_DAYS })}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_OFFER_VALID_DAYS}
          max={MAX_OFFER_VALID_DAYS}
          step={1}
          className="w-28"
          disabled={busy}
          {...fieldA11y(validDaysId, errors.validDays?.message, true)}
          {...form.register('validDays')}
        />
      </FormField>

      <FormField id={messageId} label={t('vendor-quotes.offerDialog.note')} error={errorOf(errors.message?.message)}>
        <Textarea
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={busy}
          {...fieldA11y(messageId, errors.message?.message)}
          {...form.register('message')}
        />
      </FormField>

      {formError && <Alert variant="error">{formError}</Alert>}

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('vendor-quotes.offerDialog.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t('vendor-quotes.offerDialog.sending') : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
