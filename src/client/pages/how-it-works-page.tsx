import { PublishedRules } from '@/client/features/leads/components/published-rules';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** The public page "How coins and ranking work": pros see the rules before they pay. */
export default function HowItWorksPage() {
  const t = useT();
  usePageTitle(t('leads.rules.title'));
  return <PublishedRules />;
}
