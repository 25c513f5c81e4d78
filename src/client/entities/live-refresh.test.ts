import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '@/shared/realtime-events';
import { quotesQueryKey, refreshOnFrame, unreadQueryKey, vendorQuotesQueryKey } from './live-refresh';

/** The query keys a frame marks stale, among a thread, its offer history, the inbox list and the lead log. */
function staleAfter(frame: ServerFrame): string[] {
  const client = new QueryClient();
  const keys = [
    [...quotesQueryKey, 4, 'messages', 9],
    [...quotesQueryKey, 4, 'offers', 9],
    [...vendorQuotesQueryKey, 'list'],
    [...unreadQueryKey, 'vendor'],
    ['companies', '9', 'lead-log'],
  ];
  for (const key of keys) client.setQueryData(key, {});
  refreshOnFrame(frame, client);
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
}

describe('what the live frames refresh', () => {
  it('an offer made, revised or withdrawn refreshes the thread, the offer history and the inbox', () => {
    expect(staleAfter({ type: 'offer_update', data: { quoteId: 4, companyId: 9, offerId: 3 } })).toEqual([
      'quotes/4/messages/9',
      'quotes/4/offers/9',
      'vendor-quotes/list',
      'unread/vendor',
    ]);
  });

  it("a request's outcome refreshes the same, so the inbox moves the request to its group", () => {
    expect(staleAfter({ type: 'quote_outcome', data: { quoteId: 4, outcome: 'hired', companyId: 2 } })).toEqual([
      'quotes/4/messages/9',
      'quotes/4/offers/9',
      'vendor-quotes/list',
      'unread/vendor',
    ]);
  });

  it("a moderator's decision on a message refreshes the thread and the inbox's previews", () => {
    expect(staleAfter({ type: 'message_moderated', data: { quoteId: 4, companyId: 9, messageId: 12 } })).toEqual([
      'quotes/4/messages/9',
      'quotes/4/offers/9',
      'vendor-quotes/list',
      'unread/vendor',
    ]);
  });

  it('a new balance refreshes none of them', () => {
    expect(staleAfter({ type: 'coin_balance_update', data: { newBalance: 3 } })).toEqual([]);
  });
});
