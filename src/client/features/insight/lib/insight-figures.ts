/** The words and numbers of the Insight view, kept apart from the markup so they can be tested. */
import { formatNumber } from '@/client/lib/format';
import type { CompanyInsight, InsightDay } from '@/shared/schemas/insight';

/** The periods the view offers (the API keeps no other). */
export const PERIODS = [7, 30, 90] as const;

/** "5 coins", "2.5 coins", "1 coin"; "—" when there was nothing to divide by. */
export function coinsText(coins: number | null): string {
  if (coins === null) return '—';
  return `${formatNumber(coins)} ${coins === 1 ? 'coin' : 'coins'}`;
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

/** The daily figures, in the order the chart's choice and the table's columns show them. */
export const SERIES_METRICS: { key: Exclude<keyof InsightDay, 'day'>; label: string; unit: [string, string] }[] = [
  { key: 'requests', label: 'Requests', unit: ['request', 'requests'] },
  { key: 'replied', label: 'Replied', unit: ['reply', 'replies'] },
  { key: 'hires', label: 'Hires', unit: ['hire', 'hires'] },
  { key: 'pageViews', label: 'Page views', unit: ['view', 'views'] },
  { key: 'appearances', label: 'Appearances', unit: ['appearance', 'appearances'] },
  { key: 'coinsSpent', label: 'Coins spent', unit: ['coin', 'coins'] },
];
export type SeriesMetric = (typeof SERIES_METRICS)[number];

/** "1 request", "3 requests". */
export const countText = (count: number, [one, many]: [string, string]) => `${formatNumber(count)} ${count === 1 ? one : many}`;

export interface SourceShare {
  key: keyof CompanyInsight['sources'];
  label: string;
  count: number;
  /** Whole percent of the period's requests; 0 without any. */
  percent: number;
}

const SOURCE_LABELS: Record<keyof CompanyInsight['sources'], string> = {
  search: 'Search results',
  category: 'Category page',
  favorites: 'Favourites',
  other: 'Not recorded',
};

/** Where the period's requests came from, largest share first (ties in a fixed order). */
export function sourceShares(insight: CompanyInsight): SourceShare[] {
  const keys = ['search', 'category', 'favorites', 'other'] as const;
  return keys
    .map((key) => ({
      key,
      label: SOURCE_LABELS[key],
      count: insight.sources[key],
      percent: insight.requests > 0 ? Math.round((insight.sources[key] / insight.requests) * 100) : 0,
    }))
    .sort((a, b) => b.count - a.count);
}
