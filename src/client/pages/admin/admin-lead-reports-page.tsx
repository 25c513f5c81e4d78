import { AdminLeadReports } from '@/client/features/admin/lead-reports/components/admin-lead-reports';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/lead-reports: the queue of bad-lead reports. */
export default function AdminLeadReportsPage() {
  usePageTitle('Lead Reports');
  return <AdminLeadReports />;
}
