import { AdminCompanies } from '@/client/features/admin/companies/components/admin-companies';
import { preloadBusinessDialog } from '@/client/features/companies/components/business-dialogs';
import { PhotoManager } from '@/client/features/images/components/photo-manager';
import { LeadPreferencesPanel } from '@/client/features/leads/components/lead-preferences-form';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/**
 * /admin/companies. The page brings the features together: the admin list edits through the
 * companies feature's business form and manages photos with the images feature's manager.
 */
export default function AdminCompaniesPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.companies'));
  return (
    <AdminCompanies
      onPreloadEditor={preloadBusinessDialog}
      renderPhotoManager={(company) => (
        <PhotoManager key={company.id} companyId={company.id} companyName={company.name} headingLevel="h3" />
      )}
      renderLeadPreferences={(company) => (
        <LeadPreferencesPanel key={company.id} companyId={company.id} companyName={company.name} />
      )}
    />
  );
}
