/**
 * The product's notes in a conversation (sender 'system'), worded for the side reading them: the
 * same event is "you hired another company" to the customer and "another company was hired" to
 * the company. The server words its notes for the company (the hired one's carries the contact
 * details the customer shared), so the company reads them as they are and the customer reads its
 * own wording.
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
  const event = message.event;
  const known = event === 'hired' || event === 'not_chosen' || event === 'request_closed';
  if (own && (viewerSide === 'company' || !known)) return own;
  if (known) return NOTES[event][viewerSide];
  return 'This request was updated.';
}
