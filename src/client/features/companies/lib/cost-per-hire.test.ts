import { describe, expect, it } from 'vitest';
import { costPerHireText } from './cost-per-hire';

describe('the lead log’s cost per hire', () => {
  it('says there was no hire rather than a cost', () => {
    expect(costPerHireText({ costPerHire: null })).toBe('No hires in the last 30 days');
  });

  it('gives the coins per hire to a tenth, with the grouping of the locale', () => {
    expect(costPerHireText({ costPerHire: 40 / 3 })).toBe('Cost per hire: 13.3 coins');
    expect(costPerHireText({ costPerHire: 1250 })).toBe('Cost per hire: 1,250 coins');
    expect(costPerHireText({ costPerHire: 1 })).toBe('Cost per hire: 1 coin');
    expect(costPerHireText({ costPerHire: 0 })).toBe('Cost per hire: 0 coins');
  });
});
