import { PurchaseCoinsDialog } from '@/client/features/coins/components/purchase-coins-dialog';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What the reply costs and what the vendor has, shown above the packages. */
  coinCost: number;
  userBalance: number;
  /** Called once coins were added, so the screen asks again whether the reply is affordable. */
  onPurchased?(): void;
}

/**
 * The Buy Coins dialog of the messaging flow (a vendor short of coins for a first reply): the
 * Purchase Coins dialog of the coins feature, told what this reply costs.
 */
export function BuyCoinsDialog({ open, onOpenChange, coinCost, userBalance, onPurchased }: Props) {
  return (
    <PurchaseCoinsDialog
      open={open}
      onOpenChange={onOpenChange}
      coinCost={coinCost}
      userBalance={userBalance}
      onPurchased={onPurchased}
    />
  );
}
