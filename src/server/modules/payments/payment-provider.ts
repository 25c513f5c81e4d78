/**
 * The card processor behind one interface: Stripe through its official SDK when keys are set,
 * otherwise (outside production, or with PAYMENTS_PROVIDER=test) the built-in test provider, which
 * follows Stripe's flow (an intent with a client secret, the card step in the browser, the server
 * asking the provider whether the intent succeeded before it credits anything).
 */
export type ProviderIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderIntentState {
  id: string;
  status: ProviderIntentStatus;
  amountCents: number;
  currency: string;
  /** The last failure's message (a declined card), as the provider words it. */
  failureMessage: string | null;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    /** Makes a retried create return the same intent (Stripe's Idempotency-Key). */
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** The provider's word on an intent; undefined when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntentState | undefined>;
}

/** A webhook event reduced to what the app acts on. */
export type PaymentWebhookEvent =
  | { type: 'succeeded'; intent: ProviderIntentState }
  | { type: 'failed'; intent: ProviderIntentState }
  | { type: 'ignored'; eventType: string };
