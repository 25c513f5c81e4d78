import { describe, expect, it } from 'vitest';
import { translatorIn } from '@/client/test/translator';
import { systemNoteText } from './system-note';

const t = translatorIn('en');

describe("the product's notes in a conversation", () => {
  it('thank the company that was not chosen, and tell the customer what they did', () => {
    expect(systemNoteText(t, { event: 'not_chosen', message: null }, 'company')).toBe(
      'The customer hired another company for this job. Thank you for your reply.',
    );
    expect(systemNoteText(t, { event: 'not_chosen', message: null }, 'user')).toBe('You hired another company for this job.');
  });

  it('say who hired whom, and who closed the request, by side', () => {
    expect(systemNoteText(t, { event: 'hired', message: null }, 'company')).toBe('The customer hired you for this job.');
    expect(systemNoteText(t, { event: 'request_closed', message: null }, 'user')).toBe('You closed this request.');
  });

  it("show the company the server's own words, and the customer theirs", () => {
    const note = { event: 'hired' as const, message: ' Ann hired you. Call Ann on 555-0100. ' };
    expect(systemNoteText(t, note, 'company')).toBe('Ann hired you. Call Ann on 555-0100.');
    expect(systemNoteText(t, note, 'user')).toBe('You hired this company for the job.');
  });
});
