import { AdminQuotes } from '@/client/features/admin/quotes/components/admin-quotes';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/quotes: the admin gate is the layout's; the screen is the feature's. */
export default function AdminQuotesPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.quotes'));
  return <AdminQuotes />;
}
