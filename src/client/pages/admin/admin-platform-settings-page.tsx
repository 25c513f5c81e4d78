import { PlatformSettings } from '@/client/features/admin/settings/components/platform-settings-form';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/platform-settings; the admin layout has already checked the user. */
export default function AdminPlatformSettingsPage() {
  usePageTitle('Platform Settings');
  return <PlatformSettings />;
}
