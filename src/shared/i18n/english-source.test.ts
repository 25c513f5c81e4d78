import { describe, expect, it } from 'vitest';
import { findEnglishSource } from './english-source';

const messages = {
  'errors.Email is required': 'El correo es obligatorio',
  'errors.Maximum {max} photos': 'Máximo {max} fotos',
  'errors.Maximum {max} photos per {what}': 'Máximo {max} fotos por {what}',
  'layout.footer.home': 'Inicio',
};

describe('findEnglishSource', () => {
  it('finds a sentence by its words', () => {
    expect(findEnglishSource(messages, 'Email is required')).toEqual({ key: 'errors.Email is required', values: {} });
  });

  it('reads the changing parts back, the more precise sentence first', () => {
    expect(findEnglishSource(messages, 'Maximum 5 photos')).toEqual({ key: 'errors.Maximum {max} photos', values: { max: '5' } });
    expect(findEnglishSource(messages, 'Maximum 5 photos per company')).toEqual({
      key: 'errors.Maximum {max} photos per {what}',
      values: { max: '5', what: 'company' },
    });
  });

  it('knows nothing of other areas, or of a text not in the catalogue', () => {
    expect(findEnglishSource(messages, 'footer.home')).toBeNull();
    expect(findEnglishSource(messages, 'Something else')).toBeNull();
    expect(findEnglishSource(messages, '')).toBeNull();
  });
});
