import { AdminCategories } from '@/client/features/admin/categories/components/admin-categories';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/categories (001 §2 Admin categories); the admin layout has already checked the user. */
export default function AdminCategoriesPage() {
  usePageTitle('Manage Categories');
  return <AdminCategories />;
}
