import { AdminCategories } from '@/client/features/admin/categories/components/admin-categories';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/categories; the admin layout has already checked the user. */
export default function AdminCategoriesPage() {
  usePageTitle('Manage Categories');
  return <AdminCategories />;
}
