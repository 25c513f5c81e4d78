import { PublishedRules } from '@/client/features/leads/components/published-rules';
import { usePageTitle } from '@/client/lib/use-page-title';

/** The public page "How coins and ranking work": pros see the rules before they pay. */
export default function HowItWorksPage() {
  usePageTitle('How coins and ranking work');
  return <PublishedRules />;
}
