import { Coins } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/lazy-dialog';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What the reply costs and what the vendor has, for the purchase step to suggest a package. */
  coinCost: number;
  userBalance: number;
  /** Called once coins were added, so the screen asks again whether the reply is affordable. */
  onPurchased?(): void;
}

/**
 * The Buy Coins dialog of the messaging flow (001 §2 "Coin purchase in the messaging flow").
 * A placeholder until the payments issue lands: it replaces this one component with the real
 * Purchase Coins dialog (package grid, then "Complete Your Purchase"), keeping these props.
 */
export function BuyCoinsDialog({ open, onOpenChange, coinCost, userBalance }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Coins className="size-5 text-amber-600" aria-hidden />
            Purchase Coins
          </DialogTitle>
          <DialogDescription>
            Coin purchases arrive soon. This reply needs {coinCost} coins and your balance is {userBalance} coins.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
