import { AdminCompanies } from '@/client/features/admin/companies/components/admin-companies';
import { usePageTitle } from '@/client/lib/use-page-title';

/** 001 §2 /admin/companies. */
export default function AdminCompaniesPage() {
  usePageTitle('Manage Companies');
  return <AdminCompanies />;
}
