import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/lazy-dialog';
import type { ReactNode } from 'react';
import { MAX_COMPANY_PHOTOS } from '@/shared/constants';
import { useT } from '@/client/lib/i18n';
import type { AdminCompanyRow } from '@/shared/schemas/admin';
import { useLastDefined } from '../../shared/use-last-defined';

/** The admin companies list's "Photos": the owner's photo manager (10 photos at most) in a dialog. */
export function CompanyPhotosDialog({
  company,
  onClose,
  renderPhotoManager,
}: {
  company: AdminCompanyRow | null;
  onClose(): void;
  renderPhotoManager(company: AdminCompanyRow): ReactNode;
}) {
  const t = useT();
  const shown = useLastDefined(company);
  return (
    <Dialog open={company !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>
            {shown ? t('admin.companyPhotos.titleOf', { name: shown.name }) : t('admin.companyPhotos.title')}
          </DialogTitle>
          <DialogDescription>{t('admin.companyPhotos.description', { max: MAX_COMPANY_PHOTOS })}</DialogDescription>
        </DialogHeader>
        {shown ? renderPhotoManager(shown) : null}
      </DialogContent>
    </Dialog>
  );
}
