import { AdminDashboard } from '@/client/features/admin/dashboard/components/admin-dashboard';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin: the counts and the way into each admin screen. */
export default function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  return <AdminDashboard />;
}
