import { AdminCredentials } from '@/client/features/admin/credentials/components/admin-credentials';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/credentials: companies' licences and insurances to verify or reject. */
export default function AdminCredentialsPage() {
  usePageTitle('Credentials');
  return <AdminCredentials />;
}
