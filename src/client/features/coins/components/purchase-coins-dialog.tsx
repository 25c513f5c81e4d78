/**
 * The Purchase Coins dialog: a package grid (with its badges and the price per coin), then
 * "Complete Your Purchase" with the provider's card form and Back to Packages. Choosing a package
 * creates a payment intent; the card form pays it; the server confirms it and credits the coins
 * once, and its coin_balance_update frame moves every open page's balance.
 *
 * The card form follows the server's payment provider (GET /api/app-config): the built-in test
 * provider's form, or Stripe's Payment Element, fetched only when Stripe is configured.
 */
import { Coins } from 'lucide-react';
import { Component, lazy, Suspense, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/lazy-dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useAppConfig } from '@/client/lib/app-config';
import { formatMoney, formatNumber } from '@/client/lib/format';
import { notify } from '@/client/lib/notify';
import {
  COIN_PACKAGE_BADGES,
  COIN_PACKAGE_TYPES,
  type CoinPackage,
  type CoinPackageType,
  type PaymentIntentAnswer,
} from '@/shared/schemas/payments';
import { useConfirmPayment } from '../api/confirm-payment';
import { useCreatePaymentIntent } from '../api/create-payment-intent';
import { useCoinPackages } from '../api/get-coin-packages';
import TestCardForm, { type CardFormProps } from './test-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

const INIT_FAILED = 'Failed to initialize payment';
const PACKAGE_NAMES: Record<CoinPackageType, string> = { small: 'Small', medium: 'Medium', large: 'Large' };
const formatCoins = (n: number) => `${formatNumber(n)} ${n === 1 ? 'coin' : 'coins'}`;

export interface PurchaseCoinsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** In the messaging flow: what the reply costs and what the vendor has. */
  coinCost?: number;
  userBalance?: number;
  /** Called once coins were added. */
  onPurchased?(): void;
}

/** A failed download of the Stripe chunk shows "Failed to initialize payment" rather than breaking the page. */
class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('the payment form failed to load', error);
    notify.error('Error', INIT_FAILED);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function PackageCard({
  type,
  pkg,
  isChoosing,
  disabled,
  onChoose,
}: {
  type: CoinPackageType;
  pkg: CoinPackage;
  isChoosing: boolean;
  disabled: boolean;
  onChoose(): void;
}) {
  const headingId = useId();
  const badge = COIN_PACKAGE_BADGES[type];
  const featured = type === 'medium';
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col gap-2 rounded-lg border bg-white p-4 pt-5 shadow-sm sm:gap-3',
        featured ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200',
      )}
    >
      {badge && (
        <Badge variant={featured ? 'default' : 'success'} className="absolute -top-2.5 start-4">
          {badge}
        </Badge>
      )}
      <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        {PACKAGE_NAMES[type]}
      </h3>
      {/* A phone stacks the cards, so each keeps coins and price on one row to stay short. */}
      <div className="flex items-end justify-between gap-3 sm:flex-col sm:items-start">
        <p className="flex items-baseline gap-1.5">
          <Coins className="size-5 self-center text-amber-600" aria-hidden />
          <span className="text-2xl font-bold text-slate-900">{formatNumber(pkg.coins)}</span>
          <span className="text-sm text-slate-700">coins</span>
        </p>
        <div className="text-end sm:text-start">
          <p className="text-xl font-semibold text-slate-900">{formatMoney(pkg.price)}</p>
          <p className="text-xs text-slate-600">{formatMoney(pkg.price / pkg.coins)} per coin</p>
        </div>
      </div>
      <Button className="mt-auto w-full" variant={featured ? 'default' : 'outline'} disabled={disabled} onClick={onChoose}>
        {isChoosing && <Spinner />}
        Choose <span className="sr-only">{PACKAGE_NAMES[type]} package</span>
      </Button>
    </li>
  );
}

/**
 * The shop is closed (a production server without a card processor): the server's reason instead
 * of packages and a card form, so nobody types a card number into something that cannot take it.
 */
function ShopClosed({ message }: { message: string }) {
  return (
    <Alert variant="warning" title="Coin purchases are unavailable">
      <p>{message}</p>
    </Alert>
  );
}

/** Packages while the shop is open; the closed-shop notice otherwise (GET /api/app-config). */
function Shop({ onChosen }: { onChosen(intent: PaymentIntentAnswer): void }) {
  const config = useAppConfig();
  if (config.isPending) return <PackageGridSkeleton />;
  if (config.data?.payments.provider === 'none') return <ShopClosed message={config.data.payments.message} />;
  return <PackageGrid onChosen={onChosen} />;
}

function PackageGridSkeleton() {
  return (
    <div aria-busy="true">
      <span role="status" className="sr-only">
        Loading coin packages…
      </span>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-hidden="true">
        {COIN_PACKAGE_TYPES.map((type) => (
          <Skeleton key={type} className="h-48 w-full" />
        ))}
      </div>
    </div>
  );
}

function PackageGrid({ onChosen }: { onChosen(intent: PaymentIntentAnswer): void }) {
  const packages = useCoinPackages();
  const createIntent = useCreatePaymentIntent();
  const [choosing, setChoosing] = useState<CoinPackageType | null>(null);

  useEffect(() => {
    if (packages.isError) notify.error('Error', 'Failed to load coin packages');
  }, [packages.isError]);

  const choose = (type: CoinPackageType) => {
    setChoosing(type);
    createIntent.mutate(type, {
      onSuccess: onChosen,
      onError: (error) => notify.error('Error', errorMessage(error, 'Failed to create payment intent')),
      onSettled: () => setChoosing(null),
    });
  };

  if (packages.isPending) return <PackageGridSkeleton />;
  if (packages.isError) {
    return (
      <Alert variant="error" title="Error">
        <p>Failed to load coin packages</p>
        <Button variant="link" onClick={() => void packages.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const available = COIN_PACKAGE_TYPES.filter((type) => packages.data[type]);
  return (
    <ul className="grid grid-cols-1 gap-4 pt-2 sm:grid-cols-3" aria-label="Coin packages">
      {available.map((type) => (
        <PackageCard
          key={type}
          type={type}
          pkg={packages.data[type]}
          isChoosing={choosing === type}
          disabled={choosing !== null}
          onChoose={() => choose(type)}
        />
      ))}
    </ul>
  );
}

function PaymentStep({ intent, ...formProps }: Omit<CardFormProps, 'intent'> & { intent: PaymentIntentAnswer }) {
  const config = useAppConfig();
  const headingId = useId();
  const waiting = (
    <div className="grid gap-3" aria-busy="true">
      <span role="status" className="sr-only">
        Loading the payment form…
      </span>
      <Skeleton className="h-40 w-full" />
    </div>
  );
  const failed = (
    <div className="grid gap-4">
      <Alert variant="error" title="Error">
        {INIT_FAILED}
      </Alert>
      <div>
        <Button variant="outline" onClick={formProps.onBack}>
          Back to Packages
        </Button>
      </div>
    </div>
  );

  useEffect(() => {
    if (config.isError) notify.error('Error', INIT_FAILED);
  }, [config.isError]);

  let form: ReactNode;
  if (config.isPending) form = waiting;
  else if (config.isError) form = failed;
  else if (config.data.payments.provider === 'stripe') {
    form = (
      <ChunkBoundary fallback={failed}>
        <Suspense fallback={waiting}>
          <StripeCardForm {...formProps} intent={intent} publishableKey={config.data.payments.publishableKey} />
        </Suspense>
      </ChunkBoundary>
    );
  } else form = <TestCardForm {...formProps} intent={intent} />;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Complete Your Purchase
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
        <dt className="text-slate-700">Package</dt>
        <dd className="text-end font-medium text-slate-900">{PACKAGE_NAMES[intent.packageType]}</dd>
        <dt className="text-slate-700">Coins</dt>
        <dd className="text-end font-medium text-slate-900">{formatNumber(intent.coins)}</dd>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="text-end font-semibold text-slate-900">{formatMoney(intent.price)}</dd>
      </dl>
      {form}
    </section>
  );
}

function PurchaseCoinsBody({
  coinCost,
  userBalance,
  onDone,
  onBusyChange,
}: {
  coinCost?: number;
  userBalance?: number;
  onDone(): void;
  onBusyChange(busy: boolean): void;
}) {
  const [intent, setIntent] = useState<PaymentIntentAnswer | null>(null);
  const confirm = useConfirmPayment();

  const onPaid = async (paymentIntentId: string) => {
    try {
      const answer = await confirm.mutateAsync(paymentIntentId);
      notify.success('Payment Successful!', answer.message);
      notify.success(
        'Coins Added!',
        `Successfully added ${answer.coinsAdded} coins. Your new balance is ${answer.newBalance} coins.`,
      );
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        notify.error('Payment Processing Failed', errorMessage(error, 'Failed to process payment'));
      } else {
        console.warn('confirming the payment failed', error);
        notify.error('Payment Error', 'An unexpected error occurred');
      }
    }
  };

  const needsMore = coinCost !== undefined && userBalance !== undefined && coinCost > userBalance;
  const isShopClosed = useAppConfig().data?.payments.provider === 'none';
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <Coins className="size-5 text-amber-600" aria-hidden />
          Purchase Coins
        </DialogTitle>
        <DialogDescription>
          {needsMore
            ? `This reply needs ${formatCoins(coinCost)}; you have ${formatCoins(userBalance)}.`
            : 'Coins pay for the first reply to each quote request.'}
          {intent || isShopClosed ? '' : ' Choose a package.'}
        </DialogDescription>
      </DialogHeader>
      {intent ? (
        <PaymentStep intent={intent} onPaid={onPaid} onBack={() => setIntent(null)} onBusyChange={onBusyChange} />
      ) : (
        <Shop onChosen={setIntent} />
      )}
    </>
  );
}

export function PurchaseCoinsDialog({ open, onOpenChange, coinCost, userBalance, onPurchased }: PurchaseCoinsDialogProps) {
  const [busy, setBusy] = useState(false);
  const onBusyChange = useCallback((next: boolean) => setBusy(next), []);
  // While a payment is under way the dialog stays open: closing it would lose the confirmation.
  const keepOpen = (event: Event) => {
    if (busy) event.preventDefault();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-2xl" onInteractOutside={keepOpen} onEscapeKeyDown={keepOpen}>
        {/* Mounted only while open, so each opening starts at the package grid. */}
        <PurchaseCoinsBody
          coinCost={coinCost}
          userBalance={userBalance}
          onBusyChange={onBusyChange}
          onDone={() => {
            setBusy(false);
            onOpenChange(false);
            onPurchased?.();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
