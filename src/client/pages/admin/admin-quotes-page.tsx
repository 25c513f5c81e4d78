import { AdminQuotes } from '@/client/features/admin/quotes/components/admin-quotes';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/quotes: the admin gate is the layout's; the screen is the feature's. */
export default function AdminQuotesPage() {
  usePageTitle('Manage Quotes');
  return <AdminQuotes />;
}
