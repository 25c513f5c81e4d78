import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import { coinsQueryKey, quotesQueryKey, unreadQueryKey, vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import type { PostMessageResponseSchema } from '@/shared/schemas/quote';

export type PostMessageResponse = z.infer<typeof PostMessageResponseSchema>;

export interface PostMessageInput {
  quoteId: number;
  companyId: number;
  message: string;
  image?: File | null;
  /** The reply cost the vendor was shown; a paid first reply is refused (409) without it. */
  acceptedCoinCost?: number;
}

/**
 * POST /api/quotes/{id}/companies/{companyId}/messages, multipart `message` and optional `image`
 * → 201 {message, coinInfo?}. A vendor who cannot pay gets 402 {error, coinCost, userBalance}; a
 * paid first reply without the cost the vendor was shown gets 409 with the same fields.
 */
export const postMessage = ({ quoteId, companyId, message, image, acceptedCoinCost }: PostMessageInput) => {
  const form = new FormData();
  form.append('message', message);
  if (acceptedCoinCost !== undefined) form.append('coinCost', String(acceptedCoinCost));
  if (image) form.append('image', image);
  return api<PostMessageResponse>(`/api/quotes/${quoteId}/companies/${companyId}/messages`, { method: 'POST', body: form });
};

export const usePostMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMessage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
      void queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey });
      void queryClient.invalidateQueries({ queryKey: unreadQueryKey });
      // A vendor's first reply may have cost coins.
      void queryClient.invalidateQueries({ queryKey: coinsQueryKey });
    },
    // A refused reply (a cost the screen had not shown, a balance that changed): ask for the cost again.
    onError: () => void queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey }),
  });
};
