import { AdminCategories } from '@/client/features/admin/categories/components/admin-categories';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/categories; the admin layout has already checked the user. */
export default function AdminCategoriesPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.categories'));
  return <AdminCategories />;
}
