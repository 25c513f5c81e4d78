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

interface Props {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the call runs. */
  busyLabel?: string;
  isBusy?: boolean;
  variant?: ButtonVariant;
  /** Runs the change; the caller closes the dialog (onClose) when it has succeeded. */
  onConfirm(): void;
  onClose(): void;
}

/**
 * A confirm (role alertdialog) for one admin action. It stays open while the call runs — Escape
 * and Cancel are held off — so the result is never hidden behind a closed dialog.
 */
export function AdminConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  isBusy = false,
  variant = 'default',
  onConfirm,
  onClose,
}: Props) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !isBusy && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isBusy}>Cancel</AlertDialogCancel>
          <Button variant={variant} onClick={onConfirm} disabled={isBusy}>
            {isBusy ? (busyLabel ?? `${confirmLabel}…`) : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
