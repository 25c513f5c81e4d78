import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';

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
export function competitionText({ companyCount, repliedCount }: { companyCount: number; repliedCount: number }): string {
  const replied = repliedCount === 0 ? 'none has' : repliedCount === 1 ? '1 has' : `${repliedCount} have`;
  return `This request went to ${companyCount} ${companyCount === 1 ? 'company' : 'companies'}; ${replied} replied so far.`;
}

/**
 * What the company's own preferences said of the job when it was sent, before it pays: replying is
 * its choice, and a reply made knowing it is not credited for that reason.
 */
export function outsideScopeText(cost: { outsideServiceArea: boolean | null; outsideServices: boolean | null }): string | null {
  const outside = [
    cost.outsideServiceArea && 'outside your service area',
    cost.outsideServices && 'for a service you do not take',
  ]
    .filter(Boolean)
    .join(' and ');
  return outside
    ? `This job is ${outside} (as you had set it when the request was sent). You may still reply, but the lead will not be credited for that reason.`
    : null;
}

/**
 * Above the vendor's composer: the one-time cost of a first reply, or the Insufficient Coins
 * warning with Buy Coins, each saying how many companies compete for the request, so the vendor
 * knows the odds before paying.
 * Nothing when the reply is free or the company already replied.
 */
export function CoinCostNotice({ cost, shortfall, companyId, onBuyCoins }: Props) {
  const missing = shortfallOf(cost, shortfall);
  const scope = cost && !cost.hasReplied ? outsideScopeText(cost) : null;
  const competition =
    cost && !cost.hasReplied ? (
      <>
        {scope && <p className="font-medium">{scope}</p>}
        <p>{competitionText(cost)}</p>
      </>
    ) : null;
  const cap = cost?.weeklyCoinCap ?? null;
  if (cost && cap !== null && !cost.hasReplied && cost.coinCost > 0 && cost.weeklySpend + cost.coinCost > cap) {
    return (
      <Alert variant="warning" title="Weekly cap reached">
        {competition}
        <p>
          This reply costs {cost.coinCost} coins. This company has spent {cost.weeklySpend} of its weekly cap of {cap} coins on
          first replies this week, so the reply would pass it.
        </p>
        <Button asChild size="sm" variant="outline" className="mt-2">
          <Link to={`/profile?tab=leads&company=${companyId}`}>Raise the weekly cap</Link>
        </Button>
      </Alert>
    );
  }
  const weekly =
    cost && cap !== null ? (
      <p>
        This week: {cost.weeklySpend} of {cap} coins spent on first replies.
      </p>
    ) : null;
  if (missing) {
    return (
      <Alert variant="warning" title="Insufficient Coins">
        {competition}
        <p>
          You need {missing.coinCost} coins to reply to this quote. Your current balance is {missing.userBalance} coins.
        </p>
        <Button size="sm" className="mt-2" onClick={onBuyCoins}>
          <Coins aria-hidden /> Buy Coins
        </Button>
      </Alert>
    );
  }
  if (!cost || cost.hasReplied || cost.coinCost <= 0) return null;
  return (
    <Alert variant={scope ? 'warning' : 'info'} title={scope ? 'Outside what you take' : undefined}>
      {competition}
      <p>
        This reply will cost {cost.coinCost} coins from your balance of {cost.userBalance} coins. This is a one-time payment per
        quote.
      </p>
      {weekly}
    </Alert>
  );
}
