import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFER_VALID_DAYS, type Offer } from '@/shared/schemas/offers';
import { checkOfferForm, offerFormValues, toOfferBody, type OfferFormInput } from './offer-form';

const form = (values: Partial<OfferFormInput>): OfferFormInput => ({ ...offerFormValues(null), ...values });

const offer = (values: Partial<Offer>): Offer => ({
  id: 7,
  quoteId: 1,
  companyId: 2,
  version: 1,
  kind: 'range',
  amount: null,
  low: 200,
  high: 400.5,
  currency: 'USD',
  includes: 'Parts and labour',
  validUntil: '2026-03-31T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  withdrawnAt: null,
  expired: false,
  ...values,
});

describe('the offer form', () => {
  it('starts as a fixed price valid for the default days', () => {
    expect(offerFormValues(null)).toMatchObject({ kind: 'fixed', amount: '', validDays: String(DEFAULT_OFFER_VALID_DAYS) });
  });

  it('revises the standing offer with its price, what it includes and its days, without the last note', () => {
    expect(offerFormValues(offer({}))).toEqual({
      kind: 'range',
      amount: '',
      low: '200',
      high: '400.5',
      includes: 'Parts and labour',
      validDays: '30',
      message: '',
    });
  });

  it('sends only the chosen kind of price, in the given currency, with the shown cost', () => {
    const input = form({ kind: 'fixed', amount: ' 250 ', low: '100', high: '300', message: '  ' });
    expect(toOfferBody(input, 'EUR', 5)).toMatchObject({ kind: 'fixed', amount: 250, currency: 'EUR', coinCost: 5 });
    expect(toOfferBody(input, 'EUR', 5)).toMatchObject({ low: undefined, high: undefined, message: undefined });
    expect(toOfferBody({ ...input, kind: 'range' }, 'EUR')).toMatchObject({ amount: undefined, low: 100, high: 300 });
  });

  it('accepts a complete offer', () => {
    const check = checkOfferForm(form({ kind: 'hourly', amount: '80', includes: 'Travel', message: 'See you soon' }), 'USD');
    expect(check).toEqual({
      ok: true,
      body: expect.objectContaining({ kind: 'hourly', amount: 80, validDays: 14, includes: 'Travel', message: 'See you soon' }),
    });
  });

  it('names the input of each problem with the shared schema’s words', () => {
    const check = checkOfferForm(form({ kind: 'range', low: '300', high: '200', validDays: '91' }), 'USD');
    expect(check).toEqual({
      ok: false,
      errors: { high: 'The highest price must be above the lowest', validDays: 'An offer is valid for 1 to 90 days' },
    });
    expect(checkOfferForm(form({ amount: '' }), 'USD')).toEqual({ ok: false, errors: { amount: 'Please enter the price' } });
    expect(checkOfferForm(form({ amount: 'abc' }), 'USD')).toMatchObject({ ok: false, errors: { amount: expect.any(String) } });
  });

  it('refuses more decimals than the currency has', () => {
    expect(checkOfferForm(form({ amount: '10.005' }), 'USD')).toEqual({
      ok: false,
      errors: { amount: 'Prices in USD have at most 2 decimals' },
    });
    expect(checkOfferForm(form({ amount: '10.5' }), 'JPY')).toEqual({
      ok: false,
      errors: { amount: 'Prices in JPY are whole numbers' },
    });
    expect(checkOfferForm(form({ amount: '1000' }), 'JPY')).toMatchObject({ ok: true });
  });
});
