import { AdminAuditLog } from '@/client/features/admin/audit/components/admin-audit-log';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/audit-log: who changed what in the admin area. */
export default function AdminAuditLogPage() {
  usePageTitle('Audit Log');
  return <AdminAuditLog />;
}
