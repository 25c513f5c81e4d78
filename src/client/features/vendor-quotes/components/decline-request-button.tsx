/**
 * "Not interested": a vendor declines a request for free before replying; the customer sees it in
 * that conversation and the inbox moves the request aside. Asked once more first.
 */
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { errorMessage } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
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
  const t = useT();
  const [open, setOpen] = useState(false);
  const decline = useDeclineRequest();
  const busy = decline.isPending;

  const onConfirm = async () => {
    try {
      await decline.mutateAsync({ quoteId, companyId });
      notify.success(t('vendor-quotes.decline.declinedTitle'), t('vendor-quotes.decline.declinedDetail', { name: customerName }));
      setOpen(false);
    } catch (error) {
      notify.error(t('vendor-quotes.decline.failed'), errorMessage(error, t('vendor-quotes.common.tryAgain')));
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        {t('vendor-quotes.decline.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('vendor-quotes.decline.title')}
        description={t('vendor-quotes.decline.description', { name: customerName })}
        confirmLabel={t('vendor-quotes.decline.confirm')}
        busyLabel={t('vendor-quotes.decline.busy')}
        isBusy={busy}
        variant="destructive"
        onConfirm={() => void onConfirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
