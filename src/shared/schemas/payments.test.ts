import { describe, expect, it } from 'vitest';
import { passesLuhn, pricePerCoin, TEST_CARDS } from './payments';

describe('card numbers and prices', () => {
  it('accepts the test cards and refuses a changed digit', () => {
    for (const card of Object.values(TEST_CARDS)) expect(passesLuhn(card)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('5555555555554444')).toBe(true);
  });

  it('prices a coin to two decimals', () => {
    expect(pricePerCoin({ coins: 50, price: 45 })).toBe('0.90');
    expect(pricePerCoin({ coins: 120, price: 96 })).toBe('0.80');
    expect(pricePerCoin({ coins: 3, price: 1 })).toBe('0.33');
  });
});
