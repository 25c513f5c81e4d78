import { Skeleton } from '@/client/components/ui/skeleton';
import { useRetentionRules } from '../api/get-retention-rules';

/** How long each kind of personal data is kept, as the server publishes it (GET /api/rules). */
export function RetentionSchedule() {
  const rules = useRetentionRules();
  if (rules.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading how long we keep your information">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (rules.isError) {
    return (
      <p>
        We keep your information only as long as the service needs it; the schedule could not be loaded just now. Please reload
        the page to see it.
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-2 ps-6" data-testid="retention-schedule">
      {rules.data.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}
