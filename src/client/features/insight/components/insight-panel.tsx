/**
 * The owner's Insight view of one company: what its listing brought over the last 7, 30 or 90
 * days (visits, listing appearances, requests and what became of them, coins and what a hire or a
 * reply cost), where the requests came from, the period day by day, and the same as a CSV file.
 */
import ChartNoAxesColumn from 'lucide-react/icons/chart-no-axes-column';
import Download from 'lucide-react/icons/download';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadingList, RetryAlert } from '@/client/components/list-states';
import { SegmentedChoice } from '@/client/components/segmented-choice';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { cn } from '@/client/components/ui/cn';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate, formatDuration, formatNumber } from '@/client/lib/format';
import { Message, useT } from '@/client/lib/i18n';
import type { CompanyInsight } from '@/shared/schemas/insight';
import { companyInsightCsvUrl, useCompanyInsight, type InsightPeriod } from '../api/get-company-insight';
import { coinsText, countText, isQuiet, PERIODS, sourceShares, type Translate } from '../lib/insight-figures';
import { InsightDaily, loadBarChart } from './insight-daily';

interface Tile {
  label: string;
  value: string;
  /** A detail under the figure ("1 declined"). */
  note?: string;
}

function tilesOf(t: Translate, insight: CompanyInsight): Tile[] {
  const { search, category } = insight.appearances;
  return [
    { label: t('insight.metric.pageViews'), value: formatNumber(insight.pageViews) },
    {
      label: t('insight.tile.appearances'),
      value: formatNumber(search + category),
      note: t('insight.tile.appearancesNote', { search: formatNumber(search), category: formatNumber(category) }),
    },
    {
      label: t('insight.metric.requests'),
      value: formatNumber(insight.requests),
      note: insight.declined
        ? t('insight.tile.declined', { count: insight.declined, amount: formatNumber(insight.declined) })
        : undefined,
    },
    { label: t('insight.metric.replied'), value: formatNumber(insight.replied) },
    { label: t('insight.metric.hires'), value: formatNumber(insight.hires) },
    {
      label: t('insight.metric.coinsSpent'),
      value: formatNumber(insight.coinsSpent),
      note: insight.coinsCredited
        ? t('insight.tile.givenBack', { count: insight.coinsCredited, amount: formatNumber(insight.coinsCredited) })
        : undefined,
    },
    { label: t('insight.tile.costPerHire'), value: coinsText(t, insight.costPerHire) },
    { label: t('insight.tile.costPerReply'), value: coinsText(t, insight.costPerReply) },
    { label: t('insight.tile.medianFirstReply'), value: formatDuration(insight.medianFirstReplyMinutes) },
  ];
}

function Tiles({ insight }: { insight: CompanyInsight }) {
  const t = useT();
  const tiles = tilesOf(t, insight);
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {tiles.map((tile, index) => (
        // Nine tiles on two columns: the last takes a row of its own, whole.
        <div
          key={tile.label}
          className={cn('rounded-md bg-slate-50 p-3 ring-1 ring-slate-200', index === tiles.length - 1 && 'max-sm:col-span-2')}
        >
          <dt className="text-xs text-slate-700">{tile.label}</dt>
          <dd className="text-xl font-semibold tabular-nums text-slate-900">{tile.value}</dd>
          {tile.note && <dd className="text-xs text-slate-700">{tile.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

function Sources({ insight }: { insight: CompanyInsight }) {
  const t = useT();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('insight.sources.title')}
      </h3>
      {insight.requests === 0 ? (
        <p className="text-sm text-slate-700">{t('insight.sources.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {sourceShares(t, insight).map((share) => (
            <li key={share.key} className="grid gap-1 text-sm text-slate-800">
              <div className="flex justify-between gap-2">
                <span>{share.label}</span>
                <span className="tabular-nums">
                  {countText(t, share.count, 'insight.unit.requests')} ({share.percent}%)
                </span>
              </div>
              <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-100">
                <div className="h-full rounded-full bg-blue-600" style={{ width: `${share.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InsightSkeleton() {
  const t = useT();
  return (
    <LoadingList label={t('insight.panel.loading')} className="grid gap-4">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 9 }, (_, index) => (
          <Skeleton key={index} className={cn('h-16', index === 8 && 'max-sm:col-span-2')} />
        ))}
      </div>
      <Skeleton className="h-24" />
      <Skeleton className="h-56" />
    </LoadingList>
  );
}

function QuietPeriod({
  companyId,
  companyName,
  days,
  onWiden,
}: {
  companyId: number;
  companyName: string;
  days: InsightPeriod;
  onWiden(): void;
}) {
  const t = useT();
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <ChartNoAxesColumn className="size-10 text-slate-500" aria-hidden />
      <h3 className="text-lg font-semibold text-slate-900">{t('insight.quiet.title')}</h3>
      <p className="max-w-md text-sm text-slate-700">{t('insight.quiet.text', { days, company: companyName })}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={`/profile?tab=leads&company=${companyId}`} className={buttonVariants({ size: 'sm' })}>
          {t('insight.quiet.seeWhere', { company: companyName })}
        </Link>
        {days !== 90 && (
          <Button variant="outline" size="sm" onClick={onWiden}>
            {t('insight.quiet.widen', { days: 90 })}
          </Button>
        )}
      </div>
    </Card>
  );
}

export function InsightPanel({ companyId, companyName }: { companyId: number; companyName: string }) {
  const t = useT();
  const titleId = useId();
  const [days, setDays] = useState<InsightPeriod>(30);
  const insight = useCompanyInsight(companyId, days);
  // The chart's code downloads beside the figures rather than after them.
  useEffect(() => {
    loadBarChart().catch(() => undefined);
  }, []);

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">
          {t('insight.panel.title', { company: companyName })}
        </h2>
        <p className="text-sm text-slate-700">
          {insight.data
            ? t('insight.panel.summarySince', { days, since: formatDate(insight.data.since) })
            : t('insight.panel.summary', { days })}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SegmentedChoice<InsightPeriod>
          legend={t('insight.panel.period')}
          value={days}
          options={PERIODS.map((period) => ({ value: period, label: t('insight.panel.days', { days: period }) }))}
          onChange={setDays}
        />
        <a href={companyInsightCsvUrl(companyId, days)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Download aria-hidden />
          <Message id="insight.panel.download" values={{ days }} parts={{ 0: <span className="sr-only" /> }} />
        </a>
      </div>

      {insight.isPending ? (
        <InsightSkeleton />
      ) : insight.isError ? (
        <RetryAlert title={t('insight.panel.loadFailed')} onRetry={() => void insight.refetch()} />
      ) : isQuiet(insight.data) ? (
        <QuietPeriod companyId={companyId} companyName={companyName} days={days} onWiden={() => setDays(90)} />
      ) : (
        <>
          <Tiles insight={insight.data} />
          <Sources insight={insight.data} />
          <InsightDaily series={insight.data.series} companyName={companyName} days={days} />
        </>
      )}
    </section>
  );
}

/** The view as its own chunk: the profile fetches it only when the Insight tab opens. */
export default InsightPanel;
