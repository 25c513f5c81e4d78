import { describe, expect, it } from 'vitest';
import { translatorIn } from '@/client/test/translator';
import { replyTimeText } from './reply-time';

const t = translatorIn('en');

describe('replyTimeText', () => {
  it('says nothing without enough replies, and rounds up to hours, then days', () => {
    expect(replyTimeText(null, t)).toBeNull();
    expect(replyTimeText(12, t)).toBe('Usually replies within an hour');
    expect(replyTimeText(60, t)).toBe('Usually replies within an hour');
    expect(replyTimeText(121, t)).toBe('Usually replies within 3 hours');
    expect(replyTimeText(60 * 50, t)).toBe('Usually replies within 3 days');
  });
});
