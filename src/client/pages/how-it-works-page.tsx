import { PublishedRules } from '@/client/features/leads/components/published-rules';
import { usePageTitle } from '@/client/lib/use-page-title';

/** Issue 19: the public page "How coins and ranking work". */
export default function HowItWorksPage() {
  usePageTitle('How coins and ranking work');
  return <PublishedRules />;
}
