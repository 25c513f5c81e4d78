import { useMutation } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { CoinPackageType, PaymentIntentAnswer } from '@/shared/schemas/payments';

/** POST /api/coins/create-payment-intent {packageType} → {clientSecret, paymentIntentId, packageType, coins, price}. */
export const createPaymentIntent = (packageType: CoinPackageType) =>
  api<PaymentIntentAnswer>('/api/coins/create-payment-intent', { method: 'POST', body: { packageType } });

export const useCreatePaymentIntent = () => useMutation({ mutationFn: createPaymentIntent });
