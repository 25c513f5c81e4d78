import { AdminSystem } from '@/client/features/admin/system/components/admin-system';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/system: periodic jobs and the notification outbox. */
export default function AdminSystemPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.system'));
  return <AdminSystem />;
}
