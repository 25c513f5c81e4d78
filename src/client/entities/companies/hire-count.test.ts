import { describe, expect, it } from 'vitest';
import { hireCountText } from './hire-count';

describe('hireCountText', () => {
  it('says nothing for no hires, then one hire, then hires with the locale grouping', () => {
    expect(hireCountText(0)).toBeNull();
    expect(hireCountText(1)).toBe('1 hire on LocalPros');
    expect(hireCountText(2)).toBe('2 hires on LocalPros');
    expect(hireCountText(1234)).toBe('1,234 hires on LocalPros');
  });
});
