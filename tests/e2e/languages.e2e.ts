/**
 * The interface in the visitor's language, Spanish left to right and Arabic right to left, at
 * both sizes: the pages a visitor walks through carry no English catalogue message, pass axe and
 * fit the screen; the footer's switcher keeps the choice and, for a signed-in user, saves it to
 * the account; a refusal comes in the page's language; an operator's override shows on the next
 * page without a restart.
 */
import { describe, expect, it } from 'vitest';
import { createCompany, createUser } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { catalogueOf, categoryNames, expectInLanguage, wordsOf } from './support/language';
import { expectLayoutFits } from './support/layout';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const es = catalogueOf('es');
const ar = catalogueOf('ar');

describe('the interface in Spanish and Arabic', () => {
  // Every page at 375 px in both directions; at 1280 px the pages whose layout changes most.
  const runs = [
    { language: 'es', messages: es, viewport: VIEWPORTS.mobile, staticPages: true },
    { language: 'ar', messages: ar, viewport: VIEWPORTS.mobile, staticPages: true },
    { language: 'ar', messages: ar, viewport: VIEWPORTS.desktop, staticPages: false },
  ] as const;
  for (const { language, messages, viewport, staticPages } of runs) {
    it(`reads in ${language} at ${viewport.width} px: home, search, company page${staticPages ? ', static pages' : ''}`, async () => {
      const name = `Aguas Claras ${language} ${viewport.width}`;
      const company = await createCompany(journey.server.db, { name, zip: '78701', subcategorySlugs: ['plumber'] });
      const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, viewport);
      const data = await categoryNames(journey.server.db);
      const check = async (label: string) => {
        // A page painted by the server in a language hydrates in it: no mismatch, nothing logged.
        expect(consoleErrors, label).toEqual([]);
        await expectInLanguage(page, language, label, data);
        await expectAccessible(page, `${label} (${language}, ${viewport.width})`);
        await expectLayoutFits(page, `${label} (${language}, ${viewport.width})`);
      };

      await page.goto(`/?lang=${language}`);
      await page.getByRole('heading', { level: 1, name: wordsOf(messages, 'pages.home.title') }).waitFor();
      await check('home');
      await screenshot(page, `language-home-${language}-${viewport.width}`);

      // A search, typed in the page's own words (the choice is kept for the pages that follow).
      await page.getByRole('combobox', { name: wordsOf(messages, 'search.bar.queryLabel') }).fill('plumber');
      await page.getByLabel(wordsOf(messages, 'search.bar.zipLabel')).fill('78701');
      await page.getByRole('button', { name: wordsOf(messages, 'search.bar.submit'), exact: true }).click();
      await page.waitForURL(/\/search\?/);
      await page.getByRole('link', { name }).first().waitFor();
      await check('search');
      await screenshot(page, `language-search-${language}-${viewport.width}`);

      await page.goto(`/companies/${company.id}?lang=${language}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('heading', { name: wordsOf(messages, 'companies.contact.title') }).waitFor();
      await check('company page');
      await screenshot(page, `language-company-${language}-${viewport.width}`);

      if (staticPages)
        for (const path of ['/how-it-works', '/terms', '/privacy', '/no/such/page']) {
          await page.goto(`${path}?lang=${language}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await check(path);
        }
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('keeps the footer choice, saves it to a signed-in account, and refuses in it', async () => {
    const user = await createUser(journey.server.db, { isVerified: true });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(page, user, '/');
    await page.getByRole('contentinfo').getByLabel('Language').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { level: 1, name: wordsOf(ar, 'pages.home.title') }).waitFor();
    await expectInLanguage(page, 'ar', 'home after the switch', await categoryNames(journey.server.db));
    const me = await page.evaluate(async () => (await (await fetch('/api/me')).json()) as { language: string | null });
    expect(me.language).toBe('ar');

    // Another page, no address parameter: the cookie holds the choice.
    await page.goto('/how-it-works');
    await page.waitForFunction(() => document.documentElement.lang === 'ar');

    // A refusal the server writes arrives in Arabic.
    const refusal = await page.evaluate(async (id) => {
      const response = await fetch(`/api/users/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'accept-language': document.documentElement.lang },
        body: JSON.stringify({ language: 'xx' }),
      });
      return (await response.json()) as { error: string; field: string };
    }, user.id);
    expect(refusal).toMatchObject({
      field: 'language',
      error: wordsOf(ar, 'errors.Choose one of the languages this site offers'),
    });

    await page.getByRole('contentinfo').getByLabel(wordsOf(ar, 'layout.footer.language')).selectOption('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en' && document.documentElement.dir === '');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows an operator's override on the next page, in its language only", async () => {
    const admin = await createUser(journey.server.db, { isAdmin: true, isVerified: true });
    const { page, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.desktop);
    await signInThroughApi(page, admin, '/admin/texts');
    const put = await page.evaluate(async () => {
      const response = await fetch('/api/admin/texts/es/pages.home.title', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Encuentra a tu fontanero de confianza' }),
      });
      return response.status;
    });
    expect(put).toBe(200);
    await page.goto('/?lang=es');
    await page.getByRole('heading', { level: 1, name: 'Encuentra a tu fontanero de confianza' }).waitFor();
    await page.goto('/?lang=en');
    await page.getByRole('heading', { level: 1, name: 'Find the right pro for your project' }).waitFor();
    await context.close();
  });
});
