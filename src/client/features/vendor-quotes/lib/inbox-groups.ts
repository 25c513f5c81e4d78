/**
 * The vendor inbox's groups: the requests still to work on first, then those decided — hired,
 * not chosen — and those the company declined, each under its heading with its count.
 */
import type { VendorQuoteRow } from '../api/get-vendor-quotes';

export type InboxGroupKey = 'open' | 'hired' | 'not_chosen' | 'declined';

export interface InboxGroup {
  key: InboxGroupKey;
  /** The heading above the group (none for the open requests, which come first). */
  title: string | null;
  /** The list's accessible name. */
  label: string | undefined;
  rows: VendorQuoteRow[];
}

const GROUPS: Omit<InboxGroup, 'rows'>[] = [
  { key: 'open', title: null, label: undefined },
  { key: 'hired', title: 'Hired', label: 'Hired requests' },
  { key: 'not_chosen', title: 'Not chosen', label: 'Requests not chosen' },
  { key: 'declined', title: 'Not interested', label: 'Declined requests' },
];

/** A declined request stays with the declined ones whatever the customer did later: the company chose to leave it. */
export function inboxGroupOf(row: Pick<VendorQuoteRow, 'declinedAt' | 'outcome'>): InboxGroupKey {
  if (row.declinedAt) return 'declined';
  return row.outcome ?? 'open';
}

/** The groups in order, each keeping the list's order (newest activity first); empty ones left out. */
export function groupInboxRows(rows: VendorQuoteRow[]): InboxGroup[] {
  return GROUPS.map((group) => ({ ...group, rows: rows.filter((row) => inboxGroupOf(row) === group.key) })).filter(
    (group) => group.rows.length > 0,
  );
}
