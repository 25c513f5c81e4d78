import { Skeleton } from '@/client/components/ui/skeleton';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { useRetentionRules } from '../api/get-retention-rules';

/** How long each kind of personal data is kept, as the server publishes it (GET /api/rules), in the page's language. */
export function RetentionSchedule() {
  const t = useT();
  const translateText = useTranslateText();
  const rules = useRetentionRules();
  if (rules.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={t('privacy.retention.loading')}>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (rules.isError) {
    return <p>{t('privacy.retention.loadFailed')}</p>;
  }
  return (
    <ul className="list-disc space-y-2 ps-6" data-testid="retention-schedule">
      {rules.data.map((rule) => (
        <li key={rule}>{translateText(rule)}</li>
      ))}
    </ul>
  );
}
