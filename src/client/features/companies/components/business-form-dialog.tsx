/**
 * The add/edit business dialog. One dialog for the whole app, opened through `useBusinessDialog()`;
 * this module is its own chunk, fetched the first time it opens (see business-dialogs.tsx). The
 * form is business-form.tsx, its state hooks/use-business-form.ts.
 */
import { endSentence } from '@/shared/sentence';
import MailWarning from 'lucide-react/icons/mail-exclamation-point';
import { useEffect, useState } from 'react';
import { Alert } from '@/client/components/ui/alert';
import { ResendVerificationButton } from '@/client/components/resend-verification-button';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useBusinessDialog } from '@/client/lib/business-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { Message, useT } from '@/client/lib/i18n';
import type { User } from '@/shared/schemas/user';
import { BusinessFormBody } from './business-form';

function VerifyEmailPrompt({ user, onClose }: { user: User; onClose(): void }) {
  const t = useT();
  return (
    <div className="grid gap-4">
      <Alert variant="warning" title={t('companies.dialog.verifyTitle')}>
        {t('companies.verifyToAddBusiness')}
      </Alert>
      <p className="flex gap-2 text-sm text-slate-700">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden />
        <span>
          <Message
            id="companies.dialog.verifyText"
            values={{ email: user.email }}
            parts={{ 0: <span className="break-all font-medium text-slate-900" /> }}
          />
        </span>
      </p>
      <DialogFooter>
        <ResendVerificationButton size="default" />
        <Button onClick={onClose}>{t('companies.dialog.ok')}</Button>
      </DialogFooter>
    </div>
  );
}

function FormSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true" className="grid gap-4">
      <span role="status" className="sr-only">
        {t('companies.dialog.loading')}
      </span>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

export function BusinessFormDialog() {
  const t = useT();
  const { target, openCount, closeBusinessDialog } = useBusinessDialog();
  const { data: user, isPending } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const open = target !== null;

  // Logged out while it was open (logout in another tab): nothing to add a business for.
  useEffect(() => {
    if (open && !isPending && !user) closeBusinessDialog();
  }, [open, isPending, user, closeBusinessDialog]);

  const company = target?.mode === 'edit' ? target.company : null;
  // An unverified user cannot add a business (the server answers 403 as well).
  const mustVerify = target?.mode === 'create' && user?.isVerified === false;
  const blockWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && closeBusinessDialog()}>
      <DialogContent className="max-w-2xl" hideClose={busy} onEscapeKeyDown={blockWhileBusy} onInteractOutside={blockWhileBusy}>
        <DialogHeader>
          <DialogTitle>{t(target?.mode === 'edit' ? 'companies.dialog.editTitle' : 'companies.dialog.addTitle')}</DialogTitle>
          <DialogDescription>
            {mustVerify
              ? t('companies.dialog.verifyNeeded')
              : company
                ? endSentence(t('companies.dialog.editDescription', { name: company.name }))
                : t('companies.dialog.addDescription')}
          </DialogDescription>
        </DialogHeader>
        {!user ? (
          <FormSkeleton />
        ) : mustVerify ? (
          <VerifyEmailPrompt user={user} onClose={closeBusinessDialog} />
        ) : (
          <BusinessFormBody key={openCount} company={company} user={user} onBusyChange={setBusy} onDone={closeBusinessDialog} />
        )}
      </DialogContent>
    </Dialog>
  );
}

export default BusinessFormDialog;
