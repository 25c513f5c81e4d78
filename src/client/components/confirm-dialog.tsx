import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { Button, type ButtonVariant } from '@/client/components/ui/button';
import { useT } from '@/client/lib/i18n';

interface Props {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  /** What the confirm button says; while the call runs it says `busyLabel` (or this with an ellipsis). */
  confirmLabel: string;
  busyLabel?: string;
  isBusy?: boolean;
  variant?: ButtonVariant;
  /** Runs the change; the caller closes the dialog (onClose) once it has succeeded. */
  onConfirm(): void;
  onClose(): void;
  /** Anything the confirm shows or asks between its words and its buttons (a preview, a reason). */
  children?: ReactNode;
  /** When the dialog has closed; call preventDefault to send the keyboard somewhere else. */
  onCloseAutoFocus?(event: Event): void;
}

/**
 * A confirm (role alertdialog) for one action that calls the server. It stays open while the call
 * runs (Escape and Cancel are held off), so its result never lands behind a closed dialog; the
 * caller closes it when the call has succeeded and says why it failed otherwise.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  isBusy = false,
  variant = 'default',
  onConfirm,
  onClose,
  children,
  onCloseAutoFocus,
}: Props) {
  const t = useT();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !isBusy && onClose()}>
      <AlertDialogContent
        onEscapeKeyDown={(event) => {
          if (isBusy) event.preventDefault();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isBusy}>{t('common.actions.cancel')}</AlertDialogCancel>
          <Button variant={variant} onClick={() => onConfirm()} disabled={isBusy}>
            {isBusy ? (busyLabel ?? t('common.confirmDialog.busy', { label: confirmLabel })) : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
