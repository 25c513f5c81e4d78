import { AdminRatings } from '@/client/features/admin/ratings/components/admin-ratings';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/ratings: the admin gate is the layout's; the screen is the feature's. */
export default function AdminRatingsPage() {
  usePageTitle('Manage Ratings & Reviews');
  return <AdminRatings />;
}
