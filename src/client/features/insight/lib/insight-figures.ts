/**
 * The words and numbers of the Insight view, kept apart from the markup so they can be tested.
 * A function that words something takes the screen's `t` (useT), in the page's language.
 */
import { formatNumber } from '@/client/lib/format';
import type { MessageKey, useT } from '@/client/lib/i18n';
import type { CompanyInsight, InsightDay } from '@/shared/schemas/insight';

export type Translate = ReturnType<typeof useT>;

/** The periods the view offers (the API keeps no other). */
export const PERIODS = [7, 30, 90] as const;

/** "5 coins", "2.5 coins", "1 coin"; "—" when there was nothing to divide by. */
export function coinsText(t: Translate, coins: number | null): string {
  if (coins === null) return '—';
  return countText(t, coins, 'insight.unit.coins');
}

/** Nothing at all happened in the period: no visit, no listing, no request, no coin. */
export function isQuiet(insight: CompanyInsight): boolean {
  return (
    insight.pageViews === 0 &&
    insight.appearances.search + insight.appearances.category === 0 &&
    insight.requests === 0 &&
    insight.hires === 0 &&
    insight.coinsSpent === 0 &&
    insight.coinsCredited === 0
  );
}

/**
 * The daily figures, in the order the chart's choice and the table's columns show them: each
 * figure's name and its count's words ("3 requests").
 */
export const SERIES_METRICS: { key: Exclude<keyof InsightDay, 'day'>; label: MessageKey; unit: MessageKey }[] = [
  { key: 'requests', label: 'insight.metric.requests', unit: 'insight.unit.requests' },
  { key: 'replied', label: 'insight.metric.replied', unit: 'insight.unit.replies' },
  { key: 'hires', label: 'insight.metric.hires', unit: 'insight.unit.hires' },
  { key: 'pageViews', label: 'insight.metric.pageViews', unit: 'insight.unit.views' },
  { key: 'appearances', label: 'insight.metric.appearances', unit: 'insight.unit.appearances' },
  { key: 'coinsSpent', label: 'insight.metric.coinsSpent', unit: 'insight.unit.coins' },
];
export type SeriesMetric = (typeof SERIES_METRICS)[number];

/** "1 request", "3 requests": `unit` is the count's message (`{count}` chooses, `{amount}` is written). */
export const countText = (t: Translate, count: number, unit: MessageKey) => t(unit, { count, amount: formatNumber(count) });

export interface SourceShare {
  key: keyof CompanyInsight['sources'];
  label: string;
  count: number;
  /** Whole percent of the period's requests; 0 without any. */
  percent: number;
}

const SOURCE_LABELS: Record<keyof CompanyInsight['sources'], MessageKey> = {
  search: 'insight.source.search',
  category: 'insight.source.category',
  favorites: 'insight.source.favorites',
  other: 'insight.source.other',
};

/** Where the period's requests came from, largest share first (ties in a fixed order). */
export function sourceShares(t: Translate, insight: CompanyInsight): SourceShare[] {
  const keys = ['search', 'category', 'favorites', 'other'] as const;
  return keys
    .map((key) => ({
      key,
      label: t(SOURCE_LABELS[key]),
      count: insight.sources[key],
      percent: insight.requests > 0 ? Math.round((insight.sources[key] / insight.requests) * 100) : 0,
    }))
    .sort((a, b) => b.count - a.count);
}
