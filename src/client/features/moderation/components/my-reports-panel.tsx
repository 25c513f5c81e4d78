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
import { REASON_LABELS } from '@/client/entities/moderation/moderation-labels';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { Message, useT, type MessageKey } from '@/client/lib/i18n';
import type { ModerationDecision, Report } from '@/shared/schemas/moderation';

const OUTCOME_TEXT: Record<ModerationDecision, MessageKey> = {
  keep: 'moderation.myReports.outcomeKept',
  hide: 'moderation.myReports.outcomeHidden',
  remove: 'moderation.decision.removed',
};

function ReportRow({ report }: { report: Report }) {
  const t = useT();
  return (
    <li className="grid gap-1 border-b border-slate-200 py-3 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">{report.itemLabel}</p>
        <Badge variant={report.status === 'open' ? 'warning' : 'secondary'}>
          {report.status === 'open' ? t('moderation.myReports.underReview') : t('moderation.status.decided')}
        </Badge>
      </div>
      <p className="text-sm text-slate-700">
        <Message
          id="moderation.myReports.reasonReported"
          values={{ reason: t(REASON_LABELS[report.reason]), date: formatDate(report.createdAt) }}
          parts={{ 0: <time dateTime={report.createdAt} /> }}
        />
      </p>
      {report.outcome && (
        <p className="text-sm text-slate-800">
          {report.outcomeReason
            ? t('moderation.myReports.outcomeWithReason', {
                outcome: t(OUTCOME_TEXT[report.outcome]),
                reason: report.outcomeReason,
              })
            : t('moderation.myReports.outcome', { outcome: t(OUTCOME_TEXT[report.outcome]) })}
        </p>
      )}
    </li>
  );
}

export function MyReportsPanel() {
  const t = useT();
  const reports = useMyReports();
  const items = useMyModeratedItems();
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('moderation.myReports.title')}</CardTitle>
          <CardDescription>{t('moderation.myReports.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ListStates
            data={reports.data}
            isPending={reports.isPending}
            isError={reports.isError}
            isEmpty={(loaded) => loaded.length === 0}
            loading={
              <LoadingList label={t('moderation.myReports.loading')} className="grid gap-2">
                <Skeleton className="h-14 w-full" />
                <Skeleton className="h-14 w-full" />
              </LoadingList>
            }
            error={
              <RetryAlert
                title={t('moderation.myReports.loadFailed')}
                message={errorMessage(reports.error, t('moderation.common.tryAgain'))}
                onRetry={() => void reports.refetch()}
              />
            }
            empty={t('moderation.myReports.empty')}
            emptyClassName={emptyListClass.panel}
          >
            {(loaded) => (
              <ul aria-label={t('moderation.myReports.title')}>
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
            <CardTitle>{t('moderation.myReports.moderatedTitle')}</CardTitle>
            <CardDescription>{t('moderation.myReports.moderatedDescription')}</CardDescription>
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
