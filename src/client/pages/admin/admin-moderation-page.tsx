import { AdminModeration } from '@/client/features/admin/moderation/components/admin-moderation';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/moderation: reported listings, reviews, messages and photos, decided here. */
export default function AdminModerationPage() {
  usePageTitle('Moderation');
  return <AdminModeration />;
}
