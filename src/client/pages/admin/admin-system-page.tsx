import { AdminSystem } from '@/client/features/admin/system/components/admin-system';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/system: periodic jobs and the notification outbox. */
export default function AdminSystemPage() {
  usePageTitle('System');
  return <AdminSystem />;
}
