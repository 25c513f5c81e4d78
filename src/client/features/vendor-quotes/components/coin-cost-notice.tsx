import Coins from 'lucide-react/icons/coins';
import { Link } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { useT } from '@/client/lib/i18n';

type Translate = ReturnType<typeof useT>;

export interface CoinShortfall {
  coinCost: number;
  userBalance: number;
}

interface Props {
  /** The coin-cost answer; undefined while it loads. */
  cost:
    | {
        coinCost: number;
        canAfford: boolean;
        userBalance: number;
        hasReplied: boolean;
        companyCount: number;
        repliedCount: number;
        weeklySpend: number;
        weeklyCoinCap: number | null;
        outsideServiceArea: boolean | null;
        outsideServices: boolean | null;
      }
    | undefined;
  /** Set when a send was refused with 402: the server's figures win over the cached cost. */
  shortfall: CoinShortfall | null;
  /** The company replying: its lead preferences are where the weekly cap is raised. */
  companyId: number;
  onBuyCoins(): void;
}

/** Whether the vendor cannot pay for this reply (from a 402 or from the coin-cost answer). */
export function shortfallOf(cost: Props['cost'], shortfall: CoinShortfall | null): CoinShortfall | null {
  if (shortfall) return shortfall;
  if (cost && !cost.canAfford && !cost.hasReplied && cost.coinCost > 0) {
    return { coinCost: cost.coinCost, userBalance: cost.userBalance };
  }
  return null;
}

/** What the vendor would pay to compete with, in the notice before the first reply. */
export function competitionText(
  { companyCount, repliedCount }: { companyCount: number; repliedCount: number },
  t: Translate,
): string {
  return t('vendor-quotes.cost.competition', { companyCount, repliedCount });
}

/**
 * What the company's own preferences said of the job when it was sent, before it pays: replying is
 * its choice, and a reply made knowing it is not credited for that reason.
 */
export function outsideScopeText(
  cost: { outsideServiceArea: boolean | null; outsideServices: boolean | null },
  t: Translate,
): string | null {
  if (cost.outsideServiceArea && cost.outsideServices) return t('vendor-quotes.cost.outsideAreaAndServices');
  if (cost.outsideServiceArea) return t('vendor-quotes.cost.outsideArea');
  if (cost.outsideServices) return t('vendor-quotes.cost.outsideServices');
  return null;
}

/**
 * Above the vendor's composer: the one-time cost of a first reply, or the Insufficient Coins
 * warning with Buy Coins, each saying how many companies compete for the request, so the vendor
 * knows the odds before paying.
 * Nothing when the reply is free or the company already replied.
 */
export function CoinCostNotice({ cost, shortfall, companyId, onBuyCoins }: Props) {
  const t = useT();
  const missing = shortfallOf(cost, shortfall);
  const scope = cost && !cost.hasReplied ? outsideScopeText(cost, t) : null;
  const competition =
    cost && !cost.hasReplied ? (
      <>
        {scope && <p className="font-medium">{scope}</p>}
        <p>{competitionText(cost, t)}</p>
      </>
    ) : null;
  const cap = cost?.weeklyCoinCap ?? null;
  if (cost && cap !== null && !cost.hasReplied && cost.coinCost > 0 && cost.weeklySpend + cost.coinCost > cap) {
    return (
      <Alert variant="warning" title={t('vendor-quotes.cost.capReachedTitle')}>
        {competition}
        <p>{t('vendor-quotes.cost.capReached', { cost: cost.coinCost, spent: cost.weeklySpend, cap })}</p>
        <Button asChild size="sm" variant="outline" className="mt-2">
          <Link to={`/profile?tab=leads&company=${companyId}`}>{t('vendor-quotes.cost.raiseCap')}</Link>
        </Button>
      </Alert>
    );
  }
  const weekly = cost && cap !== null ? <p>{t('vendor-quotes.cost.thisWeek', { spent: cost.weeklySpend, cap })}</p> : null;
  if (missing) {
    return (
      <Alert variant="warning" title={t('vendor-quotes.cost.insufficientTitle')}>
        {competition}
        <p>{t('vendor-quotes.cost.insufficient', { cost: missing.coinCost, balance: missing.userBalance })}</p>
        <Button size="sm" className="mt-2" onClick={onBuyCoins}>
          <Coins aria-hidden /> {t('vendor-quotes.cost.buyCoins')}
        </Button>
      </Alert>
    );
  }
  if (!cost || cost.hasReplied || cost.coinCost <= 0) return null;
  return (
    <Alert variant={scope ? 'warning' : 'info'} title={scope ? t('vendor-quotes.cost.outsideTitle') : undefined}>
      {competition}
      <p>{t('vendor-quotes.cost.replyCost', { cost: cost.coinCost, balance: cost.userBalance })}</p>
      {weekly}
    </Alert>
  );
}
