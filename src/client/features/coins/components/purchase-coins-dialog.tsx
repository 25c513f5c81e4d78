/**
 * The Purchase Coins dialog: a package grid (with its badges and the price per coin), then
 * "Complete Your Purchase" with the provider's card form and Back to Packages. Choosing a package
 * creates a payment intent; the card form pays it; the server confirms it and credits the coins
 * once, and its coin_balance_update frame moves every open page's balance.
 *
 * The card form follows the server's payment provider (GET /api/app-config): the built-in test
 * provider's form, or Stripe's Payment Element, fetched only when Stripe is configured.
 */
import Coins from 'lucide-react/icons/coins';
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
import { Message, useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { COIN_PACKAGE_TYPES, type CoinPackage, type CoinPackageType, type PaymentIntentAnswer } from '@/shared/schemas/payments';
import { useConfirmPayment } from '../api/confirm-payment';
import { useCreatePaymentIntent } from '../api/create-payment-intent';
import { useCoinPackages } from '../api/get-coin-packages';
import TestCardForm, { type CardFormProps } from './test-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

const PACKAGE_NAMES: Record<CoinPackageType, MessageKey> = {
  small: 'coins.package.small',
  medium: 'coins.package.medium',
  large: 'coins.package.large',
};
/** The badges of the package grid. */
const PACKAGE_BADGES: Partial<Record<CoinPackageType, MessageKey>> = {
  medium: 'coins.package.mostPopular',
  large: 'coins.package.bestValue',
};

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
class ChunkBoundary extends Component<{ fallback: ReactNode; onFailure(): void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('the payment form failed to load', error);
    this.props.onFailure();
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
  const t = useT();
  const headingId = useId();
  const badge = PACKAGE_BADGES[type];
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
          {t(badge)}
        </Badge>
      )}
      <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        {t(PACKAGE_NAMES[type])}
      </h3>
      {/* A phone stacks the cards, so each keeps coins and price on one row to stay short. */}
      <div className="flex items-end justify-between gap-3 sm:flex-col sm:items-start">
        <p className="flex items-baseline gap-1.5">
          <Coins className="size-5 self-center text-amber-600" aria-hidden />
          <span className="text-2xl font-bold text-slate-900">{formatNumber(pkg.coins)}</span>
          <span className="text-sm text-slate-700">{t('coins.package.unit', { count: pkg.coins })}</span>
        </p>
        <div className="text-end sm:text-start">
          <p className="text-xl font-semibold text-slate-900">{formatMoney(pkg.price)}</p>
          <p className="text-xs text-slate-600">{t('coins.package.perCoin', { price: formatMoney(pkg.price / pkg.coins) })}</p>
        </div>
      </div>
      <Button className="mt-auto w-full" variant={featured ? 'default' : 'outline'} disabled={disabled} onClick={onChoose}>
        {isChoosing && <Spinner />}
        <Message
          id="coins.package.choose"
          values={{ name: t(PACKAGE_NAMES[type]) }}
          parts={{ 0: <span className="sr-only" /> }}
        />
      </Button>
    </li>
  );
}

/**
 * The shop is closed (a production server without a card processor): the server's reason instead
 * of packages and a card form, so nobody types a card number into something that cannot take it.
 */
function ShopClosed({ message }: { message: string }) {
  const t = useT();
  const translateText = useTranslateText();
  return (
    <Alert variant="warning" title={t('coins.purchase.closed')}>
      <p>{translateText(message)}</p>
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
  const t = useT();
  return (
    <div aria-busy="true">
      <span role="status" className="sr-only">
        {t('coins.package.loading')}
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
  const t = useT();
  const translateText = useTranslateText();
  const packages = useCoinPackages();
  const createIntent = useCreatePaymentIntent();
  const [choosing, setChoosing] = useState<CoinPackageType | null>(null);

  useEffect(() => {
    if (packages.isError) notify.error(t('coins.common.error'), t('coins.package.loadFailed'));
  }, [packages.isError, t]);

  const choose = (type: CoinPackageType) => {
    setChoosing(type);
    createIntent.mutate(type, {
      onSuccess: onChosen,
      onError: (error) =>
        notify.error(t('coins.common.error'), translateText(errorMessage(error, t('coins.package.chooseFailed')))),
      onSettled: () => setChoosing(null),
    });
  };

  if (packages.isPending) return <PackageGridSkeleton />;
  if (packages.isError) {
    return (
      <Alert variant="error" title={t('coins.common.error')}>
        <p>{t('coins.package.loadFailed')}</p>
        <Button variant="link" onClick={() => void packages.refetch()}>
          {t('coins.common.retry')}
        </Button>
      </Alert>
    );
  }
  const available = COIN_PACKAGE_TYPES.filter((type) => packages.data[type]);
  return (
    <ul className="grid grid-cols-1 gap-4 pt-2 sm:grid-cols-3" aria-label={t('coins.package.list')}>
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
  const t = useT();
  const config = useAppConfig();
  const headingId = useId();
  const initFailed = t('coins.payment.initFailed');
  const waiting = (
    <div className="grid gap-3" aria-busy="true">
      <span role="status" className="sr-only">
        {t('coins.payment.loading')}
      </span>
      <Skeleton className="h-40 w-full" />
    </div>
  );
  const failed = (
    <div className="grid gap-4">
      <Alert variant="error" title={t('coins.common.error')}>
        {initFailed}
      </Alert>
      <div>
        <Button variant="outline" onClick={formProps.onBack}>
          {t('coins.payment.back')}
        </Button>
      </div>
    </div>
  );

  useEffect(() => {
    if (config.isError) notify.error(t('coins.common.error'), initFailed);
  }, [config.isError, t, initFailed]);

  let form: ReactNode;
  if (config.isPending) form = waiting;
  else if (config.isError) form = failed;
  else if (config.data.payments.provider === 'stripe') {
    form = (
      <ChunkBoundary fallback={failed} onFailure={() => notify.error(t('coins.common.error'), initFailed)}>
        <Suspense fallback={waiting}>
          <StripeCardForm {...formProps} intent={intent} publishableKey={config.data.payments.publishableKey} />
        </Suspense>
      </ChunkBoundary>
    );
  } else form = <TestCardForm {...formProps} intent={intent} />;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {t('coins.payment.title')}
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
        <dt className="text-slate-700">{t('coins.payment.package')}</dt>
        <dd className="text-end font-medium text-slate-900">{t(PACKAGE_NAMES[intent.packageType])}</dd>
        <dt className="text-slate-700">{t('coins.payment.coins')}</dt>
        <dd className="text-end font-medium text-slate-900">{formatNumber(intent.coins)}</dd>
        <dt className="font-semibold text-slate-900">{t('coins.payment.total')}</dt>
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
  const t = useT();
  const translateText = useTranslateText();
  const [intent, setIntent] = useState<PaymentIntentAnswer | null>(null);
  const confirm = useConfirmPayment();
  const formatCoins = (n: number) => t('coins.common.coins', { count: n, amount: formatNumber(n) });

  const onPaid = async (paymentIntentId: string) => {
    try {
      const answer = await confirm.mutateAsync(paymentIntentId);
      notify.success(t('coins.purchase.paid'), translateText(answer.message));
      notify.success(
        t('coins.purchase.added'),
        t('coins.purchase.addedText', { added: answer.coinsAdded, balance: answer.newBalance }),
      );
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        notify.error(
          t('coins.purchase.confirmFailed'),
          translateText(errorMessage(error, t('coins.purchase.confirmFailedText'))),
        );
      } else {
        console.warn('confirming the payment failed', error);
        notify.error(t('coins.payment.unexpectedTitle'), t('coins.payment.unexpected'));
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
          {t('coins.purchase.title')}
        </DialogTitle>
        <DialogDescription>
          {needsMore
            ? t('coins.purchase.needsMore', { cost: formatCoins(coinCost), balance: formatCoins(userBalance) })
            : t('coins.purchase.intro')}
          {intent || isShopClosed ? null : <> {t('coins.purchase.choosePackage')}</>}
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
