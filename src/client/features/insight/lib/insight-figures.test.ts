import { describe, expect, it } from 'vitest';
import type { CompanyInsight } from '@/shared/schemas/insight';
import { coinsText, isQuiet, sourceShares } from './insight-figures';

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
    expect(coinsText(null)).toBe('—');
    expect(coinsText(1)).toBe('1 coin');
    expect(coinsText(2.5)).toBe('2.5 coins');
    expect(coinsText(0)).toBe('0 coins');
  });

  it('is quiet only when nothing at all happened', () => {
    expect(isQuiet(quiet)).toBe(true);
    expect(isQuiet({ ...quiet, appearances: { search: 0, category: 1 } })).toBe(false);
    expect(isQuiet({ ...quiet, coinsCredited: 5 })).toBe(false);
  });

  it('shares the requests out by where they came from, largest first', () => {
    const shares = sourceShares({ ...quiet, requests: 4, sources: { search: 1, category: 0, favorites: 2, other: 1 } });
    expect(shares.map((share) => [share.key, share.count, share.percent])).toEqual([
      ['favorites', 2, 50],
      ['search', 1, 25],
      ['other', 1, 25],
      ['category', 0, 0],
    ]);
    expect(sourceShares(quiet).every((share) => share.percent === 0)).toBe(true);
  });
});
