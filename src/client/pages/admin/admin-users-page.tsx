import { AdminUsers } from '@/client/features/admin/users/components/admin-users';
import { usePageTitle } from '@/client/lib/use-page-title';

/** 001 §2 /admin/users. */
export default function AdminUsersPage() {
  usePageTitle('Manage Users');
  return <AdminUsers />;
}
