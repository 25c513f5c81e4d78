import { AdminAuditLog } from '@/client/features/admin/audit/components/admin-audit-log';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/audit-log: who changed what in the admin area. */
export default function AdminAuditLogPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.auditLog'));
  return <AdminAuditLog />;
}
