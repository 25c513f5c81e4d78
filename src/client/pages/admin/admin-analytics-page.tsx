import { AdminAnalytics } from '@/client/features/admin/analytics/components/admin-analytics';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/analytics?days&interval: the platform's figures, the funnel and unmet searches. */
export default function AdminAnalyticsPage() {
  const t = useT();
  usePageTitle(t('admin.pageTitle.analytics'));
  return <AdminAnalytics />;
}
