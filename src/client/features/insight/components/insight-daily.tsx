/**
 * The period day by day: a bar chart of one figure at a time (visx, fetched only when this view
 * opens) and a table of every figure for every day, which is what screen readers and keyboards use.
 */
import { DaysTable } from '@/client/components/days-table';
import { ScrollRegion } from '@/client/components/scroll-region';
import { lazy, Suspense, useId, useState } from 'react';
import { ChunkBoundary } from '@/client/components/chunk-boundary';
import { LabelledSelect } from '@/client/components/labelled-select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate, formatNumber } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';
import type { InsightDay } from '@/shared/schemas/insight';
import { countText, SERIES_METRICS, type SeriesMetric } from '../lib/insight-figures';

/** The chart's code, asked for as soon as the view mounts so it downloads while the figures load. */
export const loadBarChart = () => import('@/client/components/charts/bar-chart');
const BarChart = lazy(loadBarChart);

const CHART_HEIGHT = 220;

/** '2026-03-05' → 'Mar 5', as the calendar day it names. */
const dayText = (day: string) => formatDate(day, 'short') || day;

function DailyChart({ series, metric }: { series: InsightDay[]; metric: SeriesMetric }) {
  const t = useT();
  const total = series.reduce((sum, day) => sum + day[metric.key], 0);
  const first = series[0];
  const last = series[series.length - 1];
  const label = t('insight.daily.chartLabel', {
    metric: t(metric.label),
    from: dayText(first.day),
    to: dayText(last.day),
    total: countText(t, total, metric.unit),
  });
  const points = series.map((day) => ({
    key: day.day,
    value: day[metric.key],
    tick: dayText(day.day),
    title: t('insight.daily.barTitle', { day: dayText(day.day), count: countText(t, day[metric.key], metric.unit) }),
  }));
  const waiting = <Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />;
  return (
    <ChunkBoundary
      fallback={
        <p className="flex items-center justify-center rounded-md border border-dashed border-slate-300 p-6 text-sm text-slate-700">
          {t('insight.daily.chartFailed')}
        </p>
      }
    >
      <Suspense fallback={waiting}>
        <BarChart points={points} label={label} height={CHART_HEIGHT} />
      </Suspense>
    </ChunkBoundary>
  );
}

function DailyTable({ series, companyName, days }: { series: InsightDay[]; companyName: string; days: number }) {
  const t = useT();
  // Newest first: the days an owner looks for first.
  const rows = [...series].reverse();
  return (
    <ScrollRegion label={t('insight.daily.tableLabel')} className="max-h-96 overflow-auto rounded-md border border-slate-200">
      <DaysTable
        caption={t('insight.daily.caption', { company: companyName, days })}
        columns={SERIES_METRICS.map((metric) => ({
          key: metric.key,
          label: t(metric.label),
          cell: (day: InsightDay) => formatNumber(day[metric.key]),
        }))}
        rows={rows}
        dayText={dayText}
      />
    </ScrollRegion>
  );
}

export function InsightDaily({ series, companyName, days }: { series: InsightDay[]; companyName: string; days: number }) {
  const t = useT();
  const titleId = useId();
  const [metricKey, setMetricKey] = useState<SeriesMetric['key']>('requests');
  const metric = SERIES_METRICS.find((candidate) => candidate.key === metricKey) ?? SERIES_METRICS[0];
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {t('insight.daily.title')}
        </h3>
        <LabelledSelect<SeriesMetric['key']>
          label={t('insight.daily.chartShows')}
          value={metricKey}
          options={SERIES_METRICS.map((candidate) => ({ value: candidate.key, label: t(candidate.label) }))}
          onChange={setMetricKey}
        />
      </div>
      {series.length > 0 && <DailyChart series={series} metric={metric} />}
      <DailyTable series={series} companyName={companyName} days={days} />
    </section>
  );
}
