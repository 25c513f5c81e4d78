import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/lazy-dialog';
import { useT } from '@/client/lib/i18n';
import type { AdminCompanyRow } from '@/shared/schemas/admin';
import { useLastDefined } from '../../shared/use-last-defined';

/** A company's lead preferences (the owner's Leads tab) in a dialog of the admin list; changes are audited. */
export function CompanyLeadsDialog({
  company,
  onClose,
  renderLeadPreferences,
}: {
  company: AdminCompanyRow | null;
  onClose(): void;
  renderLeadPreferences(company: AdminCompanyRow): ReactNode;
}) {
  const t = useT();
  const shown = useLastDefined(company);
  return (
    <Dialog open={company !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {shown ? t('admin.companyLeads.titleOf', { name: shown.name }) : t('admin.companyLeads.title')}
          </DialogTitle>
          <DialogDescription>{t('admin.companyLeads.description')}</DialogDescription>
        </DialogHeader>
        {shown ? renderLeadPreferences(shown) : null}
      </DialogContent>
    </Dialog>
  );
}
