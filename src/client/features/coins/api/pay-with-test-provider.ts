import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import type { TestProviderPayAnswerSchema } from '@/shared/schemas/payments';

export type TestProviderPayAnswer = z.infer<typeof TestProviderPayAnswerSchema>;

/**
 * POST /api/coins/test-provider/pay {paymentIntentId, cardNumber}: the built-in provider's card
 * step, answered 402 {error} for a declined card and 400 {error} for a bad number.
 */
export const payWithTestProvider = (body: { paymentIntentId: string; cardNumber: string }) =>
  api<TestProviderPayAnswer>('/api/coins/test-provider/pay', { method: 'POST', body });

export const usePayWithTestProvider = () => useMutation({ mutationFn: payWithTestProvider });
