import { Coins } from 'lucide-react';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';

export interface CoinShortfall {
  coinCost: number;
  userBalance: number;
}

interface Props {
  /** The coin-cost answer; undefined while it loads. */
  cost: { coinCost: number; canAfford: boolean; userBalance: number; hasReplied: boolean } | undefined;
  /** Set when a send was refused with 402: the server's figures win over the cached cost. */
  shortfall: CoinShortfall | null;
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

/**
 * Above the vendor's composer (001 §8): the one-time cost of a first reply, or the Insufficient
 * Coins warning with Buy Coins. Nothing when the reply is free or the company already replied.
 */
export function CoinCostNotice({ cost, shortfall, onBuyCoins }: Props) {
  const missing = shortfallOf(cost, shortfall);
  if (missing) {
    return (
      <Alert variant="warning" title="Insufficient Coins">
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
    <Alert variant="info">
      This reply will cost {cost.coinCost} coins from your balance of {cost.userBalance} coins. This is a one-time payment per
      quote.
    </Alert>
  );
}
