import { AdminUsers } from '@/client/features/admin/users/components/admin-users';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/users: the admin gate is the layout's; the screen is the feature's. */
export default function AdminUsersPage() {
  usePageTitle('Manage Users');
  return <AdminUsers />;
}
