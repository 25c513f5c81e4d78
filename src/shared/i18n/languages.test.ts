import { describe, expect, it } from 'vitest';
import { chooseLanguage, preferredLanguage } from './languages';

describe('preferredLanguage', () => {
  it('picks the offered language with the highest q-value, a region matching its language', () => {
    expect(preferredLanguage('fr-FR,fr;q=0.9,es-MX;q=0.8,en;q=0.7', ['en', 'es', 'ar'])).toBe('es');
    expect(preferredLanguage('en;q=0.2, ar-EG', ['en', 'es', 'ar'])).toBe('ar');
  });
  it('keeps header order between equal q-values and skips q=0', () => {
    expect(preferredLanguage('es, en', ['en', 'es'])).toBe('es');
    expect(preferredLanguage('es;q=0, en', ['en', 'es'])).toBe('en');
  });
  it('answers null for a header naming nothing offered, and the first offered for *', () => {
    expect(preferredLanguage('de-DE,fr', ['en', 'es'])).toBeNull();
    expect(preferredLanguage(undefined, ['en'])).toBeNull();
    expect(preferredLanguage('*', ['es', 'en'])).toBe('es');
  });
});

describe('chooseLanguage', () => {
  const offered = ['en', 'es'] as const;
  it('prefers the address, then the saved choice, then the browser, then the default', () => {
    expect(chooseLanguage({ param: 'es', cookie: 'en', acceptLanguage: 'en' }, offered, 'en')).toBe('es');
    expect(chooseLanguage({ cookie: 'es', acceptLanguage: 'en' }, offered, 'en')).toBe('es');
    expect(chooseLanguage({ acceptLanguage: 'es-ES' }, offered, 'en')).toBe('es');
    expect(chooseLanguage({}, offered, 'es')).toBe('es');
  });
  it('ignores a language the operator does not offer, or one that is not shipped', () => {
    expect(chooseLanguage({ param: 'ar', cookie: 'xx', acceptLanguage: 'ar' }, offered, 'en')).toBe('en');
  });
});
