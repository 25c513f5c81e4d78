import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useT } from '@/client/lib/i18n';
import { RESET_DIALOG_CLOSE_MS } from '@/shared/constants';
import { ResetPasswordForm } from './reset-password-form';

export function ResetPasswordDialog() {
  const t = useT();
  const { view, resetToken, openDialog, closeDialog } = useAuthDialogs();
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // After a successful reset the dialog closes after 3 s (time to read the success) and the login dialog opens.
  const onDone = () => {
    timer.current = setTimeout(() => openDialog('login'), RESET_DIALOG_CLOSE_MS);
  };
  const blockWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <Dialog open={view === 'reset'} onOpenChange={(open) => !open && !busy && closeDialog()}>
      <DialogContent hideClose={busy} onEscapeKeyDown={blockWhileBusy} onInteractOutside={blockWhileBusy}>
        <DialogHeader>
          <DialogTitle>{t('auth.resetDialog.title')}</DialogTitle>
          <DialogDescription>{t('auth.resetDialog.description')}</DialogDescription>
        </DialogHeader>
        {view === 'reset' && (
          <ResetPasswordForm key={resetToken ?? ''} token={resetToken} onBusyChange={setBusy} onDone={onDone} />
        )}
      </DialogContent>
    </Dialog>
  );
}
