import { describe, expect, it } from 'vitest';
import { formatMessageTime } from './format-message-time';

describe('formatMessageTime (001 §9)', () => {
  const now = new Date('2026-11-22T15:00:00').getTime();
  it('shows the time under 24 hours, weekday and time under 7 days, else the date and time', () => {
    expect(formatMessageTime(new Date('2026-11-22T09:05:00').toISOString(), now)).toBe('9:05 AM');
    expect(formatMessageTime(new Date('2026-11-19T09:05:00').toISOString(), now)).toBe('Thu 9:05 AM');
    expect(formatMessageTime(new Date('2026-11-01T09:05:00').toISOString(), now)).toBe('Nov 1, 2026 9:05 AM');
  });
});
