import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coinsQueryKey, quotesQueryKey, unreadQueryKey, vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import { api } from '@/client/lib/api';
import type { OfferBody, Offer } from '@/shared/schemas/offers';
import type { Message } from '@/shared/schemas/quote';

export interface MakeOfferAnswer {
  offer: Offer;
  message: Message;
  /** Set when the offer was the company's first reply, which it paid for. */
  coinInfo?: { deducted: boolean; coinCost: number; newBalance: number };
}

/**
 * POST /api/quotes/{id}/companies/{companyId}/offers → 201 {offer, message, coinInfo?}: a new offer,
 * or the next version of the standing one. As the first reply it costs what a first message costs,
 * and carries the `coinCost` the screen showed (402 when the balance is short, 409 when the cost was
 * not the one shown).
 */
export const makeOffer = ({ quoteId, companyId, body }: { quoteId: number; companyId: number; body: OfferBody }) =>
  api<MakeOfferAnswer>(`/api/quotes/${quoteId}/companies/${companyId}/offers`, { method: 'POST', body });

/** POST /api/quotes/{id}/companies/{companyId}/offers/withdraw → {offer, message}. */
export const withdrawOffer = ({ quoteId, companyId }: { quoteId: number; companyId: number }) =>
  api<{ offer: Offer; message: Message }>(`/api/quotes/${quoteId}/companies/${companyId}/offers/withdraw`, {
    method: 'POST',
  });

/** The thread, the offer, the inbox row and (a paid first reply) the balance all change. */
function useRefreshAfterOffer() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [quotesQueryKey, vendorQuotesQueryKey, unreadQueryKey, coinsQueryKey]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

export const useMakeOffer = () => {
  const refresh = useRefreshAfterOffer();
  // A refused offer may have met a cost or an offer that changed meanwhile: ask for both again.
  return useMutation({ mutationFn: makeOffer, onSettled: refresh });
};

export const useWithdrawOffer = () => {
  const refresh = useRefreshAfterOffer();
  return useMutation({ mutationFn: withdrawOffer, onSettled: refresh });
};
