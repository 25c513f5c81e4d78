/**
 * Stripe's Payment Element for the Purchase Coins dialog, used when the server has Stripe keys.
 * This module is its own chunk, imported only on the Stripe path, so @stripe/* never reaches the
 * main bundle nor a test-provider deployment. Stripe.js confirms in the browser without a redirect
 * unless the payment method needs one; the server then credits the coins.
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { dialogClasses } from '@/client/components/ui/dialog-classes';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { formatMoney } from '@/client/lib/format';
import { useLanguage, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { CardFormProps } from './test-card-form';

/** One Stripe.js per key for the life of the page; a failed load is tried again next time. */
const stripes = new Map<string, Promise<Stripe | null>>();
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let pending = stripes.get(publishableKey);
  if (!pending) {
    pending = loadStripe(publishableKey).catch((error: unknown) => {
      stripes.delete(publishableKey);
      throw error;
    });
    stripes.set(publishableKey, pending);
  }
  return pending;
}

/** What went wrong: the form could not start, or Stripe refused the payment (in Stripe's words). */
type Failure = { kind: 'init' } | { kind: 'payment'; message: string };

function PaymentForm({ intent, onPaid, onBack, onBusyChange }: CardFormProps) {
  const t = useT();
  const stripe = useStripe();
  const elements = useElements();
  const [isElementReady, setElementReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const ready = !!stripe && !!elements && isElementReady;

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) {
        const message = result.error.message ?? t('coins.payment.notCompleted');
        setFailure({ kind: 'payment', message });
        notify.error(t('coins.payment.failed'), message);
        return;
      }
      await onPaid(result.paymentIntent?.id ?? intent.paymentIntentId);
    } catch (error) {
      console.warn('stripe payment failed', error);
      notify.error(t('coins.payment.unexpectedTitle'), t('coins.payment.unexpected'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-4"
      aria-label={t('coins.payment.cardDetails')}
    >
      <div className="relative min-h-40" aria-busy={!isElementReady}>
        {!isElementReady && (
          <div className="absolute inset-0 grid content-start gap-3">
            <span role="status" className="sr-only">
              {t('coins.payment.loading')}
            </span>
            <Skeleton className="h-10 w-full" />
            <div className="grid grid-cols-2 gap-3">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          </div>
        )}
        <PaymentElement
          onReady={() => setElementReady(true)}
          onLoadError={(event) => {
            console.warn('payment element failed to load', event.error);
            setFailure({ kind: 'init' });
            notify.error(t('coins.common.error'), t('coins.payment.initFailed'));
          }}
        />
      </div>
      {failure && (
        <Alert variant="error" title={failure.kind === 'init' ? t('coins.common.error') : t('coins.payment.failed')}>
          {failure.kind === 'init' ? t('coins.payment.initFailed') : failure.message}
        </Alert>
      )}
      <div className={dialogClasses.footer}>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          {t('coins.payment.back')}
        </Button>
        <Button type="submit" disabled={!ready || busy}>
          {busy && <Spinner />}
          {busy ? t('coins.payment.processing') : t('coins.payment.pay', { price: formatMoney(intent.price) })}
        </Button>
      </div>
    </form>
  );
}

export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const t = useT();
  const language = useLanguage();
  const { publishableKey, ...formProps } = props;
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const pending = getStripe(publishableKey);
    pending.then(
      (loaded) => {
        if (!live) return;
        if (loaded) setStripe(pending);
        else {
          setFailed(true);
          notify.error(t('coins.common.error'), t('coins.payment.initFailed'));
        }
      },
      (error: unknown) => {
        if (!live) return;
        console.warn('Stripe.js failed to load', error);
        setFailed(true);
        notify.error(t('coins.common.error'), t('coins.payment.initFailed'));
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, t]);

  if (failed) {
    return (
      <div className="grid gap-4">
        <Alert variant="error" title={t('coins.common.error')}>
          {t('coins.payment.initFailed')}
        </Alert>
        <div className={dialogClasses.footer}>
          <Button variant="outline" onClick={formProps.onBack}>
            {t('coins.payment.back')}
          </Button>
          <Button disabled>{t('coins.payment.pay', { price: formatMoney(formProps.intent.price) })}</Button>
        </div>
      </div>
    );
  }
  if (!stripe) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span role="status" className="sr-only">
          {t('coins.payment.loading')}
        </span>
        <Skeleton className="h-40 w-full" />
        <div className={dialogClasses.footer}>
          <Button variant="outline" onClick={formProps.onBack}>
            {t('coins.payment.back')}
          </Button>
          <Button disabled>{t('coins.payment.pay', { price: formatMoney(formProps.intent.price) })}</Button>
        </div>
      </div>
    );
  }
  return (
    // Stripe's own field labels and messages in the page's language too.
    <Elements stripe={stripe} options={{ clientSecret: formProps.intent.clientSecret, locale: language }}>
      <PaymentForm {...formProps} />
    </Elements>
  );
}
