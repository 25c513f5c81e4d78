/**
 * Money as offers show and take it: in the deployment's locale and currency (GET /api/app-config),
 * which the format module holds once checked; until the config arrives, its defaults.
 */
import { useAppConfig } from '@/client/lib/app-config';
import { getFormatSettings, type FormatSettings } from '@/client/lib/format';
import type { MessageKey, useT } from '@/client/lib/i18n';
import { currencyDigits, offerPriceText, type Offer, type OfferKind } from '@/shared/schemas/offers';

type Translate = ReturnType<typeof useT>;

/** The kinds of price, in the words both sides read. */
export const OFFER_KIND_KEYS: Record<OfferKind, MessageKey> = {
  fixed: 'quotes.offer.kindFixed',
  hourly: 'quotes.offer.kindHourly',
  range: 'quotes.offer.kindRange',
};

/** An offer's price in words: "$250.00", "$80.00 per hour", "$200.00–$400.00". */
export function offerPrice(
  offer: Pick<Offer, 'kind' | 'amount' | 'low' | 'high' | 'currency'>,
  locale: string,
  t: Translate,
): string {
  // The amounts alone carry no words; only the hourly rate says what it is per.
  if (offer.kind !== 'hourly') return offerPriceText(offer, locale);
  return t('quotes.offer.pricePerHour', { price: offerPriceText({ ...offer, kind: 'fixed' }, locale) });
}

/** The locale and currency to show money in; re-renders when the app config arrives. */
export function useMoneySettings(): Readonly<FormatSettings> {
  // The config's own values may be ones this browser cannot use: the format module kept the usable ones.
  useAppConfig();
  return getFormatSettings();
}

/** The currency's sign as the locale writes it ("$", "€", "¥"), and whether it follows the number. */
export function currencySign(locale: string, currency: string): { sign: string; isAfter: boolean } {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1);
    const at = parts.findIndex((part) => part.type === 'currency');
    const number = parts.findIndex((part) => part.type === 'integer');
    return at < 0 ? { sign: currency, isAfter: false } : { sign: parts[at].value, isAfter: at > number };
  } catch {
    return { sign: currency, isAfter: false };
  }
}

/** The step of a price input: one of the currency's smallest unit ("0.01" for USD, "1" for JPY). */
export function amountStep(currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0 ? '1' : `0.${'0'.repeat(digits - 1)}1`;
}
