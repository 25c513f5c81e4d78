/**
 * What the live connection keeps fresh: the query keys under which features keep their data, and
 * what each frame — and each reconnect — refreshes. The layout hands these to the RealtimeProvider,
 * so the connection itself (lib/realtime.tsx) knows no domain.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ServerFrame } from '@/shared/realtime-events';

/** Query keys that frames refresh; features use these prefixes for their own queries. */
export const quotesQueryKey = ['quotes'] as const;
export const vendorQuotesQueryKey = ['vendor-quotes'] as const;
export const unreadQueryKey = ['unread'] as const;
export const coinsQueryKey = ['coins'] as const;
export const coinBalanceQueryKey = [...coinsQueryKey, 'balance'] as const;

export function refreshOnFrame(frame: ServerFrame, queryClient: QueryClient): void {
  switch (frame.type) {
    case 'coin_balance_update':
      queryClient.setQueryData(coinBalanceQueryKey, { balance: frame.data.newBalance });
      void queryClient.invalidateQueries({ queryKey: coinsQueryKey });
      break;
    // A message (sent, or hidden or removed by a moderator), an offer made, revised or withdrawn,
    // or the request decided: the thread and its offer history (under ['quotes']), the
    // comparison, the inbox's groups and counts all change.
    case 'new_message':
    case 'message_moderated':
    case 'message_read':
    case 'unread_count_update':
    case 'offer_update':
    case 'quote_outcome':
      void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
      void queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey });
      void queryClient.invalidateQueries({ queryKey: unreadQueryKey });
      break;
  }
}

/** Everything the frames keep fresh: unread counts, quotes and threads, the vendor inbox, the balance. */
export function refreshAfterReconnect(queryClient: QueryClient): void {
  for (const queryKey of [quotesQueryKey, vendorQuotesQueryKey, unreadQueryKey, coinsQueryKey]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
