/**
 * The profile's Reports tab: what the user reported and what became of each report, and their own
 * items a moderator hid or removed, with the reason and the one appeal.
 */
import { ListStates, LoadingList, RetryAlert, emptyListClass } from '@/client/components/list-states';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ModeratedItemCard } from '@/client/entities/moderation/moderated-item-notice';
import { useMyModeratedItems, useMyReports } from '@/client/entities/moderation/moderation-api';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { MODERATION_REASON_LABELS, type Report } from '@/shared/schemas/moderation';

const OUTCOME_TEXT = {
  keep: 'Kept: it does not break our rules',
  hide: 'Hidden from the public',
  remove: 'Removed',
} as const;

function ReportRow({ report }: { report: Report }) {
  return (
    <li className="grid gap-1 border-b border-slate-200 py-3 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">{report.itemLabel}</p>
        <Badge variant={report.status === 'open' ? 'warning' : 'secondary'}>
          {report.status === 'open' ? 'Under review' : 'Decided'}
        </Badge>
      </div>
      <p className="text-sm text-slate-700">
        {MODERATION_REASON_LABELS[report.reason]} · reported{' '}
        <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
      </p>
      {report.outcome && (
        <p className="text-sm text-slate-800">
          Outcome: {OUTCOME_TEXT[report.outcome]}
          {report.outcomeReason ? ` — ${report.outcomeReason}` : ''}
        </p>
      )}
    </li>
  );
}

export function MyReportsPanel() {
  const reports = useMyReports();
  const items = useMyModeratedItems();
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>My reports</CardTitle>
          <CardDescription>What you reported, and what our moderators decided.</CardDescription>
        </CardHeader>
        <CardContent>
          <ListStates
            data={reports.data}
            isPending={reports.isPending}
            isError={reports.isError}
            isEmpty={(loaded) => loaded.length === 0}
            loading={
              <LoadingList label="Loading your reports…" className="grid gap-2">
                <Skeleton className="h-14 w-full" />
                <Skeleton className="h-14 w-full" />
              </LoadingList>
            }
            error={
              <RetryAlert
                title="Failed to load your reports"
                message={errorMessage(reports.error, 'Please try again.')}
                onRetry={() => void reports.refetch()}
              />
            }
            empty="You have not reported anything."
            emptyClassName={emptyListClass.panel}
          >
            {(loaded) => (
              <ul aria-label="My reports">
                {loaded.map((report) => (
                  <ReportRow key={report.id} report={report} />
                ))}
              </ul>
            )}
          </ListStates>
        </CardContent>
      </Card>
      {items.data && items.data.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Moderated items</CardTitle>
            <CardDescription>Your listings, reviews, photos or messages a moderator hid or removed.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {items.data.map((item) => (
              <ModeratedItemCard key={item.caseId} item={item} />
            ))}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
