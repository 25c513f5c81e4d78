/** What the client needs to know about this deployment (no secrets). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '@/server/config';
import type { Brand } from '@/shared/brand';
import { SHIPPED_LANGUAGES } from '@/shared/i18n/languages';
import { objectUrlOf } from '@/shared/schemas/upload';
import { AppConfigSchema, type AppConfigAnswer } from '@/shared/schemas/app-config';
import type { LanguageOffer } from '../i18n/request-language';
import type { PaymentProvider } from '../payments/payment-provider';
import { PAYMENT_MESSAGES } from '../payments/payments.service';

const brandAnswer = ({ name, primaryColor, supportEmail, logoObjectId, faviconObjectId }: Brand): AppConfigAnswer['brand'] => ({
  name,
  primaryColor,
  supportEmail,
  logoUrl: logoObjectId ? objectUrlOf(logoObjectId) : null,
  faviconUrl: faviconObjectId ? objectUrlOf(faviconObjectId) : null,
});

export const appConfigRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  paymentProvider: PaymentProvider | null;
  /** The languages offered now (Platform Settings may change them while the app runs). */
  offer: LanguageOffer;
  /** The brand now (Platform Settings, the same). */
  brand: () => Brand;
}> = async (app, { config, paymentProvider, offer, brand }) => {
  const payments: AppConfigAnswer['payments'] =
    paymentProvider?.name === 'stripe' && config.stripe
      ? { provider: 'stripe', publishableKey: config.stripe.publishableKey }
      : paymentProvider
        ? { provider: 'test' }
        : { provider: 'none', message: PAYMENT_MESSAGES.shopClosed };
  const answer = (): AppConfigAnswer => ({
    isProduction: config.isProduction,
    objectStore: config.objectStore.kind,
    payments,
    country: config.country,
    distanceUnit: config.distanceUnit,
    locale: config.locale,
    currency: config.currency,
    defaultLanguage: offer.defaultLanguage,
    languages: offer.languages.map((code) => ({ code, name: SHIPPED_LANGUAGES[code].name })),
    brand: brandAnswer(brand()),
  });
  app.get('/api/app-config', { schema: { response: { 200: AppConfigSchema } } }, async (_request, reply) => {
    // The brand and the languages may change while the app runs: a browser asks again each time
    // (the app reads this once per load), so an admin's new brand shows on their next page.
    reply.header('cache-control', 'no-cache');
    return answer();
  });
};
