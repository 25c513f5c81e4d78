/**
 * The product's notes in a conversation (sender 'system'), worded for the side reading them: the
 * same event is "you hired another company" to the customer and "another company was hired" to
 * the company. A note the server worded itself is shown as it is.
 */
import type { Message } from '@/shared/schemas/quote';

const NOTES: Record<'hired' | 'not_chosen' | 'request_closed', Record<'user' | 'company', string>> = {
  hired: {
    company: 'The customer hired you for this job.',
    user: 'You hired this company for the job.',
  },
  not_chosen: {
    company: 'The customer hired another company for this job. Thank you for your reply.',
    user: 'You hired another company for this job.',
  },
  request_closed: {
    company: 'The customer closed this request.',
    user: 'You closed this request.',
  },
};

export function systemNoteText(message: Pick<Message, 'event' | 'message'>, viewerSide: 'user' | 'company'): string {
  const own = message.message?.trim();
  if (own) return own;
  const event = message.event;
  if (event === 'hired' || event === 'not_chosen' || event === 'request_closed') return NOTES[event][viewerSide];
  return 'This request was updated.';
}
