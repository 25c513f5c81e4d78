import { describe, expect, it } from 'vitest';
import { translatorIn } from '@/client/test/translator';
import { costPerHireText } from './cost-per-hire';

const t = translatorIn('en');

describe('the lead log’s cost per hire', () => {
  it('says there was no hire rather than a cost', () => {
    expect(costPerHireText(t, { costPerHire: null })).toBe('No hires in the last 30 days');
  });

  it('gives the coins per hire to a tenth, with the grouping of the locale', () => {
    expect(costPerHireText(t, { costPerHire: 40 / 3 })).toBe('Cost per hire: 13.3 coins');
    expect(costPerHireText(t, { costPerHire: 1250 })).toBe('Cost per hire: 1,250 coins');
    expect(costPerHireText(t, { costPerHire: 1 })).toBe('Cost per hire: 1 coin');
    expect(costPerHireText(t, { costPerHire: 0 })).toBe('Cost per hire: 0 coins');
  });
});
