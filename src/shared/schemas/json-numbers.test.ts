/**
 * A JSON body's numbers are JSON numbers; text carries a number only as plain digits (path and
 * query parameters, multipart fields, the platform settings' documented string forms). Every
 * schema that used to coerce is held here: "0x10", "1e3", true and [5] are never a number.
 */
import { describe, expect, it } from 'vitest';
import { CoinCostBodySchema, PlatformSettingsBodySchema } from './admin';
import { IdParamSchema, ConversationParamsSchema, wholeNumberFromText } from './common';
import { SearchQuerySchema } from './company';
import { LeadPreferencesBodySchema } from './leads';
import { UpdateQuoteBodySchema } from './quote';
import { RatingBodySchema } from './rating';

/** Blank and null mean "none" where a field may be cleared (documented); give those fields text instead. */
const blankToText = (value: unknown) => ((typeof value === 'string' && value.trim() === '') || value === null ? 'x' : value);
const NOT_NUMBERS = [true, [5], '0x10', '1e3', ' ', '', '-1', '5.5.5', 'Infinity', 'NaN', { n: 5 }, null];

describe('numbers in JSON bodies', () => {
  it('take JSON numbers only', () => {
    const bodies: [string, (value: unknown) => { success: boolean }][] = [
      ['weeklyCoinCap', (v) => LeadPreferencesBodySchema.safeParse({ weeklyCoinCap: blankToText(v) })],
      ['serviceRadiusMiles', (v) => LeadPreferencesBodySchema.safeParse({ serviceRadiusMiles: blankToText(v) })],
      ['cost', (v) => CoinCostBodySchema.safeParse({ cost: v })],
      ['rating', (v) => RatingBodySchema.safeParse({ rating: v })],
      [
        'subcategoryId',
        (v) => UpdateQuoteBodySchema.safeParse({ quoteName: 'Q', description: 'd', subcategoryId: blankToText(v) }),
      ],
    ];
    for (const [field, parse] of bodies) {
      for (const value of [...NOT_NUMBERS, '5', '12']) {
        expect({ field, value, ok: parse(value).success }).toEqual({ field, value, ok: false });
      }
    }
    expect(LeadPreferencesBodySchema.parse({ weeklyCoinCap: 12, serviceArea: 'radius', serviceRadiusMiles: 30 })).toMatchObject({
      weeklyCoinCap: 12,
      serviceRadiusMiles: 30,
    });
    expect(CoinCostBodySchema.parse({ cost: 7 })).toEqual({ cost: 7 });
  });

  it('platform settings take a number or its plain digits, as documented', () => {
    expect(PlatformSettingsBodySchema.parse({ quote_max_companies: '7' })).toEqual({ quote_max_companies: 7 });
    expect(PlatformSettingsBodySchema.parse({ quote_inactivity_timeout_days: 30 })).toEqual({
      quote_inactivity_timeout_days: 30,
    });
    for (const value of NOT_NUMBERS) {
      expect({ value, ok: PlatformSettingsBodySchema.safeParse({ quote_max_companies: value }).success }).toEqual({
        value,
        ok: false,
      });
    }
  });
});

describe('numbers carried as text', () => {
  it('are plain decimal digits', () => {
    expect(wholeNumberFromText('42')).toBe(42);
    expect(wholeNumberFromText(' 42 ')).toBe(42);
    expect(wholeNumberFromText('-3')).toBe(-3);
    for (const text of ['0x10', '1e3', '4.2', '+4', '--4', '-', '', ' ', '١٢']) expect(wholeNumberFromText(text)).toBe(text);
  });

  it('path ids and conversation ids refuse other shapes', () => {
    expect(IdParamSchema.parse({ id: '16' })).toEqual({ id: 16 });
    for (const id of ['0x10', '1e1', '16.0', ' ', '0', '2147483648']) {
      expect({ id, ok: IdParamSchema.safeParse({ id }).success }).toEqual({ id, ok: false });
    }
    expect(ConversationParamsSchema.safeParse({ id: '1', companyId: '0x2' }).success).toBe(false);
  });

  it('query numbers fall back to their defaults instead of reading "0x10" as 16', () => {
    expect(SearchQuerySchema.parse({ page: '0x10' }).page).toBe(1);
    expect(SearchQuerySchema.parse({ page: '3' }).page).toBe(3);
    expect(SearchQuerySchema.parse({ radius: '1e2' }).radius).toBe(25);
    expect(SearchQuerySchema.parse({ radius: '12.5' }).radius).toBe(12.5);
  });
});
