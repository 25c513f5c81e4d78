import { AdminCredentials } from '@/client/features/admin/credentials/components/admin-credentials';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/credentials: companies' licences and insurances to verify or reject. */
export default function AdminCredentialsPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.credentials'));
  return <AdminCredentials />;
}
