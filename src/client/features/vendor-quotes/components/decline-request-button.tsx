/**
 * Issue 19, "Not interested": a vendor declines a request for free before replying; the customer
 * sees it in that conversation and the inbox moves the request aside. Asked once more first.
 */
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import { useDeclineRequest } from '../api/decline-request';

export function DeclineRequestButton({
  quoteId,
  companyId,
  customerName,
}: {
  quoteId: number;
  companyId: number;
  customerName: string;
}) {
  const [open, setOpen] = useState(false);
  const decline = useDeclineRequest();
  const busy = decline.isPending;

  const onConfirm = async () => {
    try {
      await decline.mutateAsync({ quoteId, companyId });
      notify.success('Request declined', `${customerName} sees that you are not interested. No coins were spent.`);
      setOpen(false);
    } catch (error) {
      notify.error('Could not decline the request', errorMessage(error, 'Please try again.'));
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        Not interested
      </Button>
      <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Decline this request?</AlertDialogTitle>
            <AlertDialogDescription>
              {customerName} will see that you are not interested, and the conversation closes. Declining is free.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button variant="destructive" onClick={() => void onConfirm()} disabled={busy}>
              {busy ? 'Declining…' : 'Decline request'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
