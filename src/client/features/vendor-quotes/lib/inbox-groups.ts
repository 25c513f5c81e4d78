/**
 * The vendor inbox's groups: the requests still to work on first, then those decided — hired,
 * not chosen — and those the company declined, each under its heading with its count.
 */
import type { MessageKey, useT } from '@/client/lib/i18n';
import type { VendorQuoteRow } from '../api/get-vendor-quotes';

type Translate = ReturnType<typeof useT>;

export type InboxGroupKey = 'open' | 'hired' | 'not_chosen' | 'declined';

export interface InboxGroup {
  key: InboxGroupKey;
  /** The heading above the group (none for the open requests, which come first). */
  title: string | null;
  /** The list's accessible name. */
  label: string | undefined;
  rows: VendorQuoteRow[];
}

const GROUPS: { key: InboxGroupKey; title: MessageKey | null; label: MessageKey | null }[] = [
  { key: 'open', title: null, label: null },
  { key: 'hired', title: 'vendor-quotes.inbox.hired', label: 'vendor-quotes.inbox.hiredLabel' },
  { key: 'not_chosen', title: 'vendor-quotes.inbox.notChosen', label: 'vendor-quotes.inbox.notChosenLabel' },
  { key: 'declined', title: 'vendor-quotes.inbox.declined', label: 'vendor-quotes.inbox.declinedLabel' },
];

/** A declined request stays with the declined ones whatever the customer did later: the company chose to leave it. */
export function inboxGroupOf(row: Pick<VendorQuoteRow, 'declinedAt' | 'outcome'>): InboxGroupKey {
  if (row.declinedAt) return 'declined';
  return row.outcome ?? 'open';
}

/**
 * The groups in order, each keeping the list's order (newest activity first); empty ones left out.
 * Their headings and names are in `t`'s language.
 */
export function groupInboxRows(rows: VendorQuoteRow[], t: Translate): InboxGroup[] {
  return GROUPS.map((group) => ({
    key: group.key,
    title: group.title && t(group.title),
    label: group.label ? t(group.label) : undefined,
    rows: rows.filter((row) => inboxGroupOf(row) === group.key),
  })).filter((group) => group.rows.length > 0);
}
