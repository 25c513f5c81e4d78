import { AdminAnalytics } from '@/client/features/admin/analytics/components/admin-analytics';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/analytics?days&interval: the platform's figures, the funnel and unmet searches. */
export default function AdminAnalyticsPage() {
  usePageTitle('Analytics');
  return <AdminAnalytics />;
}
