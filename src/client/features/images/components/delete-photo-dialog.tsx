import { useRef } from 'react';
import { FallbackImage } from '@/client/components/fallback-image';
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
import type { CompanyImage } from '@/shared/schemas/business';
import { useDeleteCompanyImage } from '../api/delete-company-image';

/** The confirm before a photo is deleted; it cannot be undone. */
export function DeletePhotoDialog({
  companyId,
  target,
  onClose,
  onDeleted,
  returnFocus,
}: {
  companyId: number;
  target: { image: CompanyImage; position: number } | null;
  onClose(): void;
  onDeleted(position: number): void;
  /** Where the keyboard goes once the photo (and the button that opened this) is gone. */
  returnFocus(): void;
}) {
  const remove = useDeleteCompanyImage(companyId);
  const busy = remove.isPending;
  const deleted = useRef(false);

  const onConfirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.image.id);
      deleted.current = true;
      notify.success('Photo deleted', `Photo ${target.position} was removed from your company page.`);
      onDeleted(target.position);
      onClose();
    } catch (error) {
      notify.error('Delete failed', errorMessage(error, 'Failed to delete photo'));
      console.warn('photo not deleted', error);
    }
  };

  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (deleted.current) {
            deleted.current = false;
            event.preventDefault();
            returnFocus();
          }
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Delete photo {target?.position}?</AlertDialogTitle>
          <AlertDialogDescription>
            {target?.image.caption ? `“${target.image.caption}” will be` : 'This photo will be'} removed from your company page.
            This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {target && (
          <FallbackImage
            src={target.image.thumbnailUrl ?? target.image.objectUrl}
            alt=""
            className="h-32 w-full rounded-md bg-slate-100 object-cover"
            fallbackClassName="object-contain p-4"
          />
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void onConfirm()} disabled={busy}>
            {busy ? 'Deleting...' : 'Delete Photo'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
