import { AdminModeration } from '@/client/features/admin/moderation/components/admin-moderation';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/moderation: reported listings, reviews, messages and photos, decided here. */
export default function AdminModerationPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.moderation'));
  return <AdminModeration />;
}
