/**
 * The product's notes in a conversation (sender 'system'), worded for the side reading them: the
 * same event is "you hired another company" to the customer and "another company was hired" to
 * the company. The server words its notes for the company (the hired one's carries the contact
 * details the customer shared), so the company reads them as they are and the customer reads its
 * own wording.
 */
import type { MessageKey, useT } from '@/client/lib/i18n';
import type { Message } from '@/shared/schemas/quote';

type Translate = ReturnType<typeof useT>;

const NOTES: Record<'hired' | 'not_chosen' | 'request_closed', Record<'user' | 'company', MessageKey>> = {
  hired: {
    company: 'messages.systemNote.hiredCompany',
    user: 'messages.systemNote.hiredUser',
  },
  not_chosen: {
    company: 'messages.systemNote.notChosenCompany',
    user: 'messages.systemNote.notChosenUser',
  },
  request_closed: {
    company: 'messages.systemNote.requestClosedCompany',
    user: 'messages.systemNote.requestClosedUser',
  },
};

/** The note's words for one side; the server's own words (for the company) come back as the server wrote them. */
export function systemNoteText(
  t: Translate,
  message: Pick<Message, 'event' | 'message'>,
  viewerSide: 'user' | 'company',
): string {
  const own = message.message?.trim();
  const event = message.event;
  const known = event === 'hired' || event === 'not_chosen' || event === 'request_closed';
  if (own && (viewerSide === 'company' || !known)) return own;
  if (known) return t(NOTES[event][viewerSide]);
  return t('messages.systemNote.updated');
}
