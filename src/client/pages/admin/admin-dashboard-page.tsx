import { AdminDashboard } from '@/client/features/admin/dashboard/components/admin-dashboard';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin: the counts and the way into each admin screen. */
export default function AdminDashboardPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.dashboard'));
  return <AdminDashboard />;
}
