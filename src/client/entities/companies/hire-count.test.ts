import { describe, expect, it } from 'vitest';
import { translatorIn } from '@/client/test/translator';
import { hireCountText } from './hire-count';

const t = translatorIn('en');

describe('hireCountText', () => {
  it('says nothing for no hires, then one hire, then hires with the locale grouping', () => {
    expect(hireCountText(0, t)).toBeNull();
    expect(hireCountText(1, t)).toBe('1 hire on LocalPros');
    expect(hireCountText(2, t)).toBe('2 hires on LocalPros');
    expect(hireCountText(1234, t)).toBe('1,234 hires on LocalPros');
  });
});
