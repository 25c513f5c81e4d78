import { useRef } from 'react';
import { FallbackImage } from '@/client/components/fallback-image';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { errorMessage } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
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
  const t = useT();
  const remove = useDeleteCompanyImage(companyId);
  const busy = remove.isPending;
  const deleted = useRef(false);

  const onConfirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.image.id);
      deleted.current = true;
      notify.success(t('images.deletePhoto.deleted'), t('images.deletePhoto.deletedDetail', { position: target.position }));
      onDeleted(target.position);
      onClose();
    } catch (error) {
      notify.error(t('images.deletePhoto.failed'), errorMessage(error, t('images.deletePhoto.failedFallback')));
      console.warn('photo not deleted', error);
    }
  };

  return (
    <ConfirmDialog
      open={target !== null}
      title={t('images.deletePhoto.title', { position: target?.position ?? '' })}
      description={
        target?.image.caption
          ? t('images.deletePhoto.descriptionCaptioned', { caption: target.image.caption })
          : t('images.deletePhoto.description')
      }
      confirmLabel={t('images.deletePhoto.confirm')}
      busyLabel={t('common.actions.deleting')}
      isBusy={busy}
      variant="destructive"
      onConfirm={() => void onConfirm()}
      onClose={onClose}
      onCloseAutoFocus={(event) => {
        if (deleted.current) {
          deleted.current = false;
          event.preventDefault();
          returnFocus();
        }
      }}
    >
      {target && (
        <FallbackImage
          src={target.image.thumbnailUrl ?? target.image.objectUrl}
          alt=""
          className="h-32 w-full rounded-md bg-slate-100 object-cover"
          fallbackClassName="object-contain p-4"
        />
      )}
    </ConfirmDialog>
  );
}
