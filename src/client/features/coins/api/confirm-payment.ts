import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { ConfirmPaymentAnswer } from '@/shared/schemas/payments';
import { coinBalanceQueryKey, coinsQueryKey } from './get-coin-balance';

/**
 * POST /api/coins/confirm-payment {paymentIntentId} → {message, coinsAdded, newBalance}; 402 {error}
 * while the payment has not succeeded. Crediting happens once per intent on the server.
 */
export const confirmPayment = (paymentIntentId: string) =>
  api<ConfirmPaymentAnswer>('/api/coins/confirm-payment', { method: 'POST', body: { paymentIntentId } });

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: (answer) => {
      // The socket's coin_balance_update says the same; this tab need not wait for it.
      queryClient.setQueryData(coinBalanceQueryKey, { balance: answer.newBalance });
      void queryClient.invalidateQueries({ queryKey: coinsQueryKey });
    },
  });
}
