import { describe, expect, it } from 'vitest';
import { replyTimeText } from './reply-time';

describe('replyTimeText', () => {
  it('says nothing without enough replies, and rounds up to hours, then days', () => {
    expect(replyTimeText(null)).toBeNull();
    expect(replyTimeText(12)).toBe('Usually replies within an hour');
    expect(replyTimeText(60)).toBe('Usually replies within an hour');
    expect(replyTimeText(121)).toBe('Usually replies within 3 hours');
    expect(replyTimeText(60 * 50)).toBe('Usually replies within 3 days');
  });
});
