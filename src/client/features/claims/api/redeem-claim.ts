import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import type { RedeemClaimAnswerSchema } from '@/shared/schemas/claims';
import type { z } from 'zod';
import { claimQueryKey } from './get-claim';

export type RedeemClaimAnswer = z.infer<typeof RedeemClaimAnswerSchema>;

/** POST /api/claims/{id}/redeem: the signed-in caller becomes the company's owner, once. */
export const redeemClaim = (id: string) =>
  api<RedeemClaimAnswer>(`/api/claims/${encodeURIComponent(id)}/redeem`, { method: 'POST' });

export function useRedeemClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemClaim,
    onSuccess: (_answer, id) => {
      // The caller now owns a company: their companies, their inbox and the claim changed.
      void queryClient.invalidateQueries({ queryKey: claimQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['user-companies'] });
      void queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey });
    },
  });
}
