import { AdminRatings } from '@/client/features/admin/ratings/components/admin-ratings';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/ratings: the admin gate is the layout's; the screen is the feature's. */
export default function AdminRatingsPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.ratings'));
  return <AdminRatings />;
}
