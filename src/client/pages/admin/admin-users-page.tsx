import { AdminUsers } from '@/client/features/admin/users/components/admin-users';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/users: the admin gate is the layout's; the screen is the feature's. */
export default function AdminUsersPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.users'));
  return <AdminUsers />;
}
