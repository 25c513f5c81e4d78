import { describe, expect, it } from 'vitest';
import { translatorIn } from '@/client/test/translator';
import type { CompanyInsight } from '@/shared/schemas/insight';
import { coinsText, countText, isQuiet, sourceShares } from './insight-figures';

const t = translatorIn('en');

const quiet: CompanyInsight = {
  companyId: 1,
  days: 7,
  since: '2026-01-01',
  pageViews: 0,
  appearances: { search: 0, category: 0 },
  requests: 0,
  declined: 0,
  replied: 0,
  sources: { search: 0, category: 0, favorites: 0, other: 0 },
  hires: 0,
  coinsSpent: 0,
  coinsCredited: 0,
  costPerHire: null,
  costPerReply: null,
  medianFirstReplyMinutes: null,
  series: [],
};

describe('insight figures', () => {
  it('writes coins per hire or reply, with a dash when there was none', () => {
    expect(coinsText(t, null)).toBe('—');
    expect(coinsText(t, 1)).toBe('1 coin');
    expect(coinsText(t, 2.5)).toBe('2.5 coins');
    expect(coinsText(t, 0)).toBe('0 coins');
  });

  it('words a count in the page language', () => {
    expect(countText(t, 1, 'insight.unit.requests')).toBe('1 request');
    expect(countText(t, 3, 'insight.unit.replies')).toBe('3 replies');
    const es = translatorIn('es');
    expect(coinsText(es, 1)).toBe('1 moneda');
    expect(countText(es, 3, 'insight.unit.requests')).toBe('3 solicitudes');
  });

  it('is quiet only when nothing at all happened', () => {
    expect(isQuiet(quiet)).toBe(true);
    expect(isQuiet({ ...quiet, appearances: { search: 0, category: 1 } })).toBe(false);
    expect(isQuiet({ ...quiet, coinsCredited: 5 })).toBe(false);
  });

  it('shares the requests out by where they came from, largest first', () => {
    const shares = sourceShares(t, { ...quiet, requests: 4, sources: { search: 1, category: 0, favorites: 2, other: 1 } });
    expect(shares.map((share) => [share.key, share.count, share.percent])).toEqual([
      ['favorites', 2, 50],
      ['search', 1, 25],
      ['other', 1, 25],
      ['category', 0, 0],
    ]);
    expect(shares.map((share) => share.label)).toEqual(['Favourites', 'Search results', 'Not recorded', 'Category page']);
    expect(sourceShares(t, quiet).every((share) => share.percent === 0)).toBe(true);
  });
});
