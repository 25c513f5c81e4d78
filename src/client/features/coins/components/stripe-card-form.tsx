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
import { notify } from '@/client/lib/notify';
import type { CardFormProps } from './test-card-form';

const INIT_FAILED = 'Failed to initialize payment';

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

function PaymentForm({ intent, onPaid, onBack, onBusyChange }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [isElementReady, setElementReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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
        const message = result.error.message ?? 'Your payment could not be completed.';
        setFailure(message);
        notify.error('Payment Failed', message);
        return;
      }
      await onPaid(result.paymentIntent?.id ?? intent.paymentIntentId);
    } catch (error) {
      console.warn('stripe payment failed', error);
      notify.error('Payment Error', 'An unexpected error occurred');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-label="Card details">
      <div className="relative min-h-40" aria-busy={!isElementReady}>
        {!isElementReady && (
          <div className="absolute inset-0 grid content-start gap-3">
            <span role="status" className="sr-only">
              Loading the payment form…
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
            setFailure(INIT_FAILED);
            notify.error('Error', INIT_FAILED);
          }}
        />
      </div>
      {failure && (
        <Alert variant="error" title={failure === INIT_FAILED ? 'Error' : 'Payment Failed'}>
          {failure}
        </Alert>
      )}
      <div className={dialogClasses.footer}>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back to Packages
        </Button>
        <Button type="submit" disabled={!ready || busy}>
          {busy && <Spinner />}
          {busy ? 'Processing…' : `Pay ${formatMoney(intent.price)}`}
        </Button>
      </div>
    </form>
  );
}

export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
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
          notify.error('Error', INIT_FAILED);
        }
      },
      (error: unknown) => {
        if (!live) return;
        console.warn('Stripe.js failed to load', error);
        setFailed(true);
        notify.error('Error', INIT_FAILED);
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);

  if (failed) {
    return (
      <div className="grid gap-4">
        <Alert variant="error" title="Error">
          {INIT_FAILED}
        </Alert>
        <div className={dialogClasses.footer}>
          <Button variant="outline" onClick={formProps.onBack}>
            Back to Packages
          </Button>
          <Button disabled>Pay {formatMoney(formProps.intent.price)}</Button>
        </div>
      </div>
    );
  }
  if (!stripe) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span role="status" className="sr-only">
          Loading the payment form…
        </span>
        <Skeleton className="h-40 w-full" />
        <div className={dialogClasses.footer}>
          <Button variant="outline" onClick={formProps.onBack}>
            Back to Packages
          </Button>
          <Button disabled>Pay {formatMoney(formProps.intent.price)}</Button>
        </div>
      </div>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret: formProps.intent.clientSecret }}>
      <PaymentForm {...formProps} />
    </Elements>
  );
}
