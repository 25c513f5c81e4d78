import { describe, expect, it } from 'vitest';
import { translatorIn } from '@/client/test/translator';
import type { VendorQuoteRow } from '../api/get-vendor-quotes';
import { groupInboxRows } from './inbox-groups';

let next = 0;
const row = (values: Partial<VendorQuoteRow>): VendorQuoteRow => ({
  quoteId: ++next,
  companyId: 1,
  companyName: 'Pipes',
  quoteName: `Request ${next}`,
  description: '',
  status: 'in_progress',
  userFirstName: 'Ann',
  userLastName: 'Lee',
  unreadCount: 0,
  lastMessage: null,
  lastMessageAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  declinedAt: null,
  closedAt: null,
  jobZip: null,
  outsideServiceArea: null,
  outsideServices: null,
  outcome: null,
  ...values,
});

const t = translatorIn('en');
const shape = (rows: VendorQuoteRow[]) =>
  groupInboxRows(rows, t).map((group) => [group.title, group.rows.map((r) => r.quoteName)]);

describe('the vendor inbox groups', () => {
  it('puts open requests first, then hired, not chosen and declined ones, each in the list’s order', () => {
    const rows = [
      row({ quoteName: 'lost', status: 'completed', outcome: 'not_chosen' }),
      row({ quoteName: 'open 1' }),
      row({ quoteName: 'won', status: 'completed', outcome: 'hired' }),
      row({ quoteName: 'declined', declinedAt: '2026-03-02T10:00:00.000Z' }),
      row({ quoteName: 'open 2', closedAt: '2026-03-02T10:00:00.000Z' }),
      row({ quoteName: 'lost 2', status: 'completed', outcome: 'not_chosen' }),
    ];
    expect(shape(rows)).toEqual([
      [null, ['open 1', 'open 2']],
      ['Hired', ['won']],
      ['Not chosen', ['lost', 'lost 2']],
      ['Not interested', ['declined']],
    ]);
  });

  it('keeps a request the company declined with the declined ones after another company was hired', () => {
    expect(shape([row({ quoteName: 'declined', declinedAt: '2026-03-02T10:00:00.000Z', outcome: 'not_chosen' })])).toEqual([
      ['Not interested', ['declined']],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(shape([row({ quoteName: 'won', outcome: 'hired' })])).toEqual([['Hired', ['won']]]);
    expect(groupInboxRows([], t)).toEqual([]);
  });
});
