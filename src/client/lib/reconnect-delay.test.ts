import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './realtime';

describe('reconnectDelay', () => {
  it('waits about 3 s after a drop, twice as long after each failed try, never over 30 s', () => {
    const lowest = (attempt: number) => reconnectDelay(attempt, () => 0);
    const highest = (attempt: number) => reconnectDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 10].map(highest)).toEqual([3000, 6000, 12000, 24000, 30000, 30000]);
    expect([0, 1, 2, 3, 4, 10].map(lowest)).toEqual([1500, 3000, 6000, 12000, 15000, 15000]);
  });

  it('spreads clients out: waits drawn from the upper half of the ceiling', () => {
    const waits = new Set(Array.from({ length: 50 }, () => reconnectDelay(2)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) expect(wait >= 6000 && wait <= 12000).toBe(true);
  });
});
