import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { formFieldOf, placeServerError } from './form-errors';

type Form = { weeklyCoinCap: string; serviceZips: string; serviceArea: { radiusMiles: string } };

const refusal = (body: unknown, status = 400) => new ApiError(status, body, JSON.stringify(body));

/** A stand-in for react-hook-form's `setError` that records where each text went. */
function recordingForm() {
  const placed: [string, string | undefined][] = [];
  return {
    placed,
    setError: (name: string, error: { message?: string }) => void placed.push([name, error.message]),
  };
}

describe('formFieldOf', () => {
  it('finds the input of that name, or the one the path lies inside; null when the form shows none', () => {
    const shown = ['serviceZips', 'serviceArea', 'serviceArea.radiusMiles'] as const;
    expect(formFieldOf('serviceZips', shown)).toBe('serviceZips');
    expect(formFieldOf('serviceZips.1', shown)).toBe('serviceZips');
    expect(formFieldOf('serviceArea.radiusMiles', shown)).toBe('serviceArea.radiusMiles');
    expect(formFieldOf('serviceArea.type', shown)).toBe('serviceArea');
    // A name that only starts the same is another field.
    expect(formFieldOf('serviceZipsExtra', shown)).toBeNull();
    expect(formFieldOf('paused', shown)).toBeNull();
    expect(formFieldOf(undefined, shown)).toBeNull();
  });
});

describe('placeServerError', () => {
  const fields = ['weeklyCoinCap', 'serviceZips', 'serviceArea.radiusMiles'] as const;

  it('puts the text under the field the answer names, and returns it', () => {
    const form = recordingForm();
    const text = placeServerError<Form>(
      form,
      refusal({
        success: false,
        error: 'These ZIP codes are not known: 00000',
        code: 'SERVICE_ZIPS_UNKNOWN',
        field: 'serviceZips',
      }),
      { fields, fallback: 'Please try again.' },
    );
    expect(text).toBe('These ZIP codes are not known: 00000');
    expect(form.placed).toEqual([['serviceZips', 'These ZIP codes are not known: 00000']]);
  });

  it('an item of a list goes under the list; a nested input under its dotted name', () => {
    const form = recordingForm();
    placeServerError<Form>(form, refusal({ success: false, error: 'Each ZIP code must be 5 digits', field: 'serviceZips.1' }), {
      fields,
      fallback: 'x',
    });
    placeServerError<Form>(form, refusal({ success: false, error: 'Too far', field: 'serviceArea.radiusMiles' }), {
      fields,
      fallback: 'x',
    });
    expect(form.placed).toEqual([
      ['serviceZips', 'Each ZIP code must be 5 digits'],
      ['serviceArea.radiusMiles', 'Too far'],
    ]);
  });

  it('falls back to the form-level message: no field, a field the form does not show, no answer at all', () => {
    const form = recordingForm();
    placeServerError<Form>(form, refusal({ success: false, error: 'Nothing to update', code: 'BAD_REQUEST' }), {
      fields,
      fallback: 'x',
    });
    placeServerError<Form>(form, refusal({ success: false, error: 'Paused must be true or false', field: 'paused' }), {
      fields,
      fallback: 'x',
    });
    placeServerError<Form>(form, refusal('<html>Bad Gateway</html>', 502), { fields, fallback: 'Please try again.' });
    placeServerError<Form>(form, new TypeError('Failed to fetch'), { fields, fallback: 'Please try again.' });
    expect(form.placed).toEqual([
      ['root', 'Nothing to update'],
      ['root', 'Paused must be true or false'],
      ['root', 'Please try again.'],
      ['root', 'Please try again.'],
    ]);
  });

  it('never reads the words: a message that mentions another field stays where the field says', () => {
    const form = recordingForm();
    placeServerError<Form>(form, refusal({ success: false, error: 'The weekly coin cap and ZIP codes', field: 'serviceZips' }), {
      fields,
      fallback: 'x',
    });
    expect(form.placed).toEqual([['serviceZips', 'The weekly coin cap and ZIP codes']]);
  });
});
