import { AdminClaims } from '@/client/features/admin/claims/components/admin-claims';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/claims: the admin gate is the layout's; the screen is the feature's. */
export default function AdminClaimsPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.claims'));
  return <AdminClaims />;
}
