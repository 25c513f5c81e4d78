/**
 * A reader's language, end to end on the API: refusals answer in the language the request asks
 * for (its saved choice, then its browser's), their code and field unchanged; an account keeps
 * the language it signed up in, changes it on its profile among those offered, and gets it back
 * as a cookie at sign-in; its mails are written in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedMessages } from '@/server/modules/i18n/messages';
import { shippedWords } from '@/server/modules/i18n/translate-english';
import { PRODUCT_NAME } from '@/shared/constants';
import { createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
let call: ReturnType<typeof apiCaller>;
let adminCookie: string;

/** A catalogue message as written (the shipped file's text, compiled to parts for ICU). */
const shipped = (language: 'en' | 'es' | 'ar', key: string) => {
  const message = shippedMessages(language)[key];
  return Array.isArray(message) ? message.join('') : message;
};

beforeAll(async () => {
  t = await startTestApp();
  call = apiCaller(t.app);
  adminCookie = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true }));
});
afterAll(() => t.close());

const login = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });

describe('refusals', () => {
  it("answer in the request's language, with the same code, and in English exactly as before otherwise", async () => {
    const wrong = { email: 'nobody@example.com', password: 'not-the-password' };
    const english = await login({}, wrong);
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({ success: false, error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });

    const spanish = await login({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' }, wrong);
    expect(spanish.statusCode).toBe(401);
    expect(spanish.json()).toEqual({
      success: false,
      error: shipped('es', 'errors.Invalid email or password'),
      code: 'INVALID_CREDENTIALS',
    });
    expect(spanish.json().error).not.toBe('Invalid email or password');

    // A saved choice wins over the browser's preference.
    const arabic = await login({ 'accept-language': 'es', cookie: 'lp_lang=ar' }, wrong);
    expect(arabic.json().error).toBe(shipped('ar', 'errors.Invalid email or password'));
  });

  it('translate a validation message and keep its field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'es' },
      payload: {
        firstName: '',
        lastName: 'Ruiz',
        email: 'ana@example.com',
        password: 'Secret123!',
        confirmPassword: 'Secret123!',
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.field).toBe('firstName');
    expect(body.error).toBe(shipped('es', 'errors.First name is required'));
  });

  it('come in the language for a route nobody has, too', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'ar' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', error: shipped('ar', 'errors.Not found') });
  });
});

describe("an account's language", () => {
  it('is the one it signed up in, and its verification mail is written in it', async () => {
    const email = 'lucia@example.com';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'es' },
      payload: { firstName: 'Lucía', lastName: 'Ruiz', email, password: 'Secret123!', confirmPassword: 'Secret123!' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.language).toBe('es');
    const [mail] = await t.smtp.waitFor(email);
    expect(mail?.subject).toBe(shippedWords('es').say('mail.verify.subject', { product: PRODUCT_NAME }));
    expect(mail?.html).toContain('<html lang="es" dir="ltr">');
    expect(mail?.text).toContain('Lucía');
  });

  it('changes on the profile among the languages offered; another is refused naming `language`', async () => {
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    const put = (language: unknown) => call('PUT', `/api/users/${user.id}`, cookie, { language });

    const arabic = await put('ar');
    expect(arabic.statusCode).toBe(200);
    expect(arabic.json().language).toBe('ar');
    for (const bad of ['xx', 7, '']) {
      const refused = await put(bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'Choose one of the languages this site offers', field: 'language' });
    }
    // A shipped language the operator stopped offering is refused too, and the saved one stays.
    expect((await call('PUT', '/api/admin/platform-settings', adminCookie, { offered_languages: ['en', 'ar'] })).statusCode).toBe(
      200,
    );
    try {
      await t.app.services.catalogue.refresh();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await t.app.services.catalogue.refresh();
      const notOffered = await put('es');
      expect(notOffered.statusCode).toBe(400);
      expect(notOffered.json()).toMatchObject({ field: 'language' });
      expect((await call('GET', '/api/me', cookie)).json().language).toBe('ar');
    } finally {
      await call('PUT', '/api/admin/platform-settings', adminCookie, { offered_languages: ['en', 'es', 'ar'] });
    }
    const cleared = await put(null);
    expect(cleared.json().language).toBeNull();
  });

  it('comes back as the language cookie at sign-in, and its password reset mail is in it, right to left', async () => {
    const user = await createUser(t.db, { isVerified: true, language: 'ar' });
    const response = await login({}, { email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'lp_lang');
    expect(cookie).toMatchObject({ value: 'ar', path: '/' });
    expect(cookie?.httpOnly).toBeFalsy();

    const none = await createUser(t.db, { isVerified: true });
    const plain = await login({}, { email: none.email, password: none.password });
    expect(plain.cookies.find((c) => c.name === 'lp_lang')).toBeUndefined();

    expect((await call('POST', '/api/forgot-password', undefined, { email: user.email })).statusCode).toBe(200);
    const [mail] = await t.smtp.waitFor(user.email);
    expect(mail?.subject).toBe(shippedWords('ar').say('mail.reset.subject', { product: PRODUCT_NAME }));
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("takes an operator's override in its mails at once, in that language only", async () => {
    const put = await call('PUT', '/api/admin/texts/es/mail.reset.subject', adminCookie, {
      message: 'Tu nueva contraseña de {product} te espera',
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const spanish = await createUser(t.db, { isVerified: true, language: 'es' });
      const english = await createUser(t.db, { isVerified: true, language: 'en' });
      for (const user of [spanish, english])
        expect((await call('POST', '/api/forgot-password', undefined, { email: user.email })).statusCode).toBe(200);
      expect((await t.smtp.waitFor(spanish.email))[0]?.subject).toBe(`Tu nueva contraseña de ${PRODUCT_NAME} te espera`);
      expect((await t.smtp.waitFor(english.email))[0]?.subject).toBe(`Reset your ${PRODUCT_NAME} password`);
    } finally {
      await call('DELETE', '/api/admin/texts/es/mail.reset.subject', adminCookie);
    }
  });
});
