import { AdminLeadReports } from '@/client/features/admin/lead-reports/components/admin-lead-reports';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/lead-reports: the queue of bad-lead reports. */
export default function AdminLeadReportsPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.leadReports'));
  return <AdminLeadReports />;
}
