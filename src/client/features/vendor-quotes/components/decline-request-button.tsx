/**
 * "Not interested": a vendor declines a request for free before replying; the customer sees it in
 * that conversation and the inbox moves the request aside. Asked once more first.
 */
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
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
      <ConfirmDialog
        open={open}
        title="Decline this request?"
        description={`${customerName} will see that you are not interested, and the conversation closes. Declining is free.`}
        confirmLabel="Decline request"
        busyLabel="Declining…"
        isBusy={busy}
        variant="destructive"
        onConfirm={() => void onConfirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
