/** Buying coins: the packages, the payment calls and the built-in test provider. */
import { z } from 'zod';

export const COIN_PACKAGE_TYPES = ['small', 'medium', 'large'] as const;
export type CoinPackageType = (typeof COIN_PACKAGE_TYPES)[number];

/** The badges of the package grid. */
export const COIN_PACKAGE_BADGES: Partial<Record<CoinPackageType, string>> = {
  medium: 'Most Popular',
  large: 'Best Value',
};

export const CoinPackageSchema = z.object({
  coins: z.number().int().positive(),
  /** Dollars, not cents (for example 9.99). */
  price: z.number().nonnegative(),
});
export type CoinPackage = z.infer<typeof CoinPackageSchema>;

/** GET /api/coins/packages: a map keyed by package type. */
export const CoinPackagesSchema = z.record(z.enum(COIN_PACKAGE_TYPES), CoinPackageSchema);
export type CoinPackages = z.infer<typeof CoinPackagesSchema>;

/** Price per coin to 2 decimals. */
export const pricePerCoin = (pkg: CoinPackage): string => (pkg.price / pkg.coins).toFixed(2);

export const CreatePaymentIntentBodySchema = z.object({
  packageType: z.enum(COIN_PACKAGE_TYPES, { error: 'Choose a coin package: small, medium or large' }),
});

/** POST /api/coins/create-payment-intent → 200; `paymentIntentId` lets the test provider pay the intent. */
export const PaymentIntentAnswerSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  packageType: z.enum(COIN_PACKAGE_TYPES),
  coins: z.number(),
  price: z.number(),
});
export type PaymentIntentAnswer = z.infer<typeof PaymentIntentAnswerSchema>;

const PAYMENT_INTENT_ID = z
  .string({ error: 'paymentIntentId is required' })
  .trim()
  .min(1, 'paymentIntentId is required')
  .max(255, 'paymentIntentId is too long');

export const ConfirmPaymentBodySchema = z.object({ paymentIntentId: PAYMENT_INTENT_ID });

/** POST /api/coins/confirm-payment → 200 (a repeated confirm answers the same and changes nothing). */
export const ConfirmPaymentAnswerSchema = z.object({
  message: z.string(),
  coinsAdded: z.number(),
  newBalance: z.number(),
});
export type ConfirmPaymentAnswer = z.infer<typeof ConfirmPaymentAnswerSchema>;

/** The Luhn checksum every card number carries (the card form and the test provider both check it). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The test provider's cards, which behave as Stripe's test cards do. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** POST /api/coins/test-provider/pay: the built-in provider's card step. */
export const TestProviderPayBodySchema = z.object({
  paymentIntentId: PAYMENT_INTENT_ID,
  cardNumber: z
    .string({ error: 'Your card number is incomplete.' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
});
export const TestProviderPayAnswerSchema = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });

/** Stripe-like card messages of the test provider. */
export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  incomplete: 'Your card number is incomplete.',
} as const;
