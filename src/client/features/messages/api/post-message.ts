import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import { quotesQueryKey, unreadQueryKey, vendorQuotesQueryKey } from '@/client/lib/realtime';
import type { PostMessageResponseSchema } from '@/shared/schemas/quote';

export type PostMessageResponse = z.infer<typeof PostMessageResponseSchema>;

export interface PostMessageInput {
  quoteId: number;
  companyId: number;
  message: string;
  image?: File | null;
}

/**
 * POST /api/quotes/{id}/companies/{companyId}/messages, multipart `message` and optional `image`
 * → 201 {message, coinInfo?}. A vendor who cannot pay gets 402 {error, coinCost, userBalance}.
 */
export const postMessage = ({ quoteId, companyId, message, image }: PostMessageInput) => {
  const form = new FormData();
  form.append('message', message);
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
      void queryClient.invalidateQueries({ queryKey: ['coins'] });
    },
  });
};
