import { PlatformSettings } from '@/client/features/admin/settings/components/platform-settings-form';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/platform-settings; the admin layout has already checked the user. */
export default function AdminPlatformSettingsPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.platformSettings'));
  return <PlatformSettings />;
}
