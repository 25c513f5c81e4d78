/**
 * Beside the vendor's composer: the company's standing offer on the request, with "Revise offer"
 * and "Withdraw offer", or "Make an offer" when there is none (the one word for a pro's price is
 * "offer", from the button to the dialog to the customer's comparison). Gone once the request is decided (the
 * page leaves it out).
 */
import Tag from 'lucide-react/icons/tag';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useOfferHistory } from '@/client/entities/offers/get-offer-history';
import { offerValidityText } from '@/client/entities/offers/offer-card';
import { OFFER_KIND_KEYS, offerPrice, useMoneySettings } from '@/client/entities/offers/offer-money';
import { errorMessage } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useWithdrawOffer } from '../api/make-offer';
import type { CoinShortfall } from './coin-cost-notice';
import { OfferDialog } from './offer-dialog';

export interface OfferControlsProps {
  quoteId: number;
  companyId: number;
  /** The company has not replied yet: the offer is its first reply, at the cost the screen shows. */
  acceptedCoinCost?: number;
  /** The first reply's cost notice, shown again in the offer form. */
  costNotice?: ReactNode;
  /** Replying is not possible now (coins short, the cost still loading). */
  disabled?: boolean;
  onInsufficientCoins(info: CoinShortfall): void;
}

export function OfferControls({
  quoteId,
  companyId,
  acceptedCoinCost,
  costNotice,
  disabled = false,
  onInsufficientCoins,
}: OfferControlsProps) {
  const t = useT();
  const history = useOfferHistory(quoteId, companyId);
  const { locale } = useMoneySettings();
  const [isFormOpen, setFormOpen] = useState(false);
  const [isWithdrawOpen, setWithdrawOpen] = useState(false);
  const withdraw = useWithdrawOffer();
  const current = history.data?.current ?? null;

  const onWithdraw = async () => {
    try {
      await withdraw.mutateAsync({ quoteId, companyId });
      notify.success(t('vendor-quotes.offer.withdrawnTitle'), t('vendor-quotes.offer.withdrawnDetail'));
      setWithdrawOpen(false);
    } catch (error) {
      notify.error(t('vendor-quotes.offer.withdrawFailed'), errorMessage(error, t('vendor-quotes.common.tryAgain')));
    }
  };

  if (history.isPending) return <Skeleton className="h-9 w-full" />;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(history.error, t('vendor-quotes.offer.loadFailed'))}
      </p>
    );
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
      {current ? (
        <p className="min-w-0 text-sm text-slate-800">
          <span className="font-medium">{t('vendor-quotes.offer.yours')}</span>
          <span className="font-semibold tabular-nums">{offerPrice(current, locale, t)}</span>
          <span className="text-slate-700">
            {' '}
            · {t(OFFER_KIND_KEYS[current.kind])} · {offerValidityText(current, t)}
          </span>
        </p>
      ) : (
        <p className="text-sm text-slate-700">{t('vendor-quotes.offer.prompt')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {current ? (
          <>
            <Button size="sm" variant="outline" onClick={() => setFormOpen(true)} disabled={disabled}>
              {t('vendor-quotes.offer.revise')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setWithdrawOpen(true)} disabled={disabled}>
              {t('vendor-quotes.offer.withdraw')}
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setFormOpen(true)} disabled={disabled}>
            <Tag aria-hidden />
            {t('vendor-quotes.offer.make')}
          </Button>
        )}
      </div>
      <OfferDialog
        open={isFormOpen}
        onOpenChange={setFormOpen}
        quoteId={quoteId}
        companyId={companyId}
        current={current}
        // A revision is never the first reply: an offer needs one before it (or is it).
        acceptedCoinCost={current ? undefined : acceptedCoinCost}
        costNotice={costNotice}
        onInsufficientCoins={onInsufficientCoins}
      />
      <ConfirmDialog
        open={isWithdrawOpen}
        title={t('vendor-quotes.offer.withdrawTitle')}
        description={t('vendor-quotes.offer.withdrawDescription')}
        confirmLabel={t('vendor-quotes.offer.withdraw')}
        busyLabel={t('vendor-quotes.offer.withdrawing')}
        isBusy={withdraw.isPending}
        variant="destructive"
        onConfirm={() => void onWithdraw()}
        onClose={() => setWithdrawOpen(false)}
      />
    </div>
  );
}
