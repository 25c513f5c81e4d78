/**
 * The main flows in Spanish (left to right) and Arabic (right to left): a customer sends a quote
 * request that answers a category's questions, a pro replies with a priced offer, the customer
 * compares and hires, then reviews; an admin opens the Platform Settings. Each screen is checked
 * for English catalogue messages, with axe, and for fitting the screen, at 1280 and 375 px (each
 * language walks at one width and checks the key screens at the other).
 */
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller } from '@/server/test/harness';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { categoryNames, expectInLanguage, sayIn } from './support/language';
import { expectLayoutFits } from './support/layout';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const COST = 5;

/** A browser whose saved language choice is `language`, as the footer's switcher leaves it. */
async function openIn(language: string, viewport: { width: number; height: number }) {
  const view = await openPage(journey.browser, journey.server.baseUrl, viewport);
  await view.context.addCookies([{ name: 'lp_lang', value: language, url: journey.server.baseUrl }]);
  return view;
}

/** The operator writes its questions in its own language: they are its data, as its categories are. */
const QUESTIONS = {
  es: {
    label: '¿Qué hay que arreglar?',
    options: ['Una fuga', 'Un desagüe atascado'],
    description:
      'Hay una fuga bajo el fregadero de la cocina y el suelo se moja cada vez que usamos el grifo. Queremos que la reparen esta semana.',
  },
  ar: {
    label: 'ما الذي يحتاج إلى إصلاح؟',
    options: ['تسرّب', 'مصرف مسدود'],
    description: 'يوجد تسرّب تحت حوض المطبخ ويبتلّ الأرض كلما استخدمنا الصنبور. نريد إصلاحه هذا الأسبوع قبل أن يتلف الخشب.',
  },
} as const;

describe('the main flows in Spanish and Arabic', () => {
  const runs = [
    { language: 'es', walk: VIEWPORTS.desktop, other: VIEWPORTS.mobile },
    { language: 'ar', walk: VIEWPORTS.mobile, other: VIEWPORTS.desktop },
  ] as const;

  for (const { language, walk, other } of runs) {
    it(`a request with questions, a priced offer, compare and hire, a review and the settings, in ${language}`, async () => {
      const { db, app } = journey.server;
      const say = (key: string, values?: Record<string, string | number>) => sayIn(language, key, values);
      const data = await categoryNames(journey.server.db);
      const views: { page: Page; context: BrowserContext; consoleErrors: string[] }[] = [];
      /** Checks a screen at the width walked (and, with `both`, at the other width too, then back). */
      const check = async (page: Page, label: string, both = false) => {
        for (const viewport of both ? [walk, other] : [walk]) {
          await page.setViewportSize(viewport);
          await expectInLanguage(page, language, label, data);
          await expectAccessible(page, `${label} (${language}, ${viewport.width})`);
          await expectLayoutFits(page, `${label} (${language}, ${viewport.width})`);
        }
        if (both) await page.setViewportSize(walk);
      };
      const shot = (page: Page, name: string) => screenshot(page, `language-flow-${language}-${name}`);

      // The operator's category asks one required question, in the operator's language.
      const tree = await app.inject({ method: 'GET', url: '/api/categories/with-subcategories' });
      const plumbing = tree.json<CategoryWithSubcategories[]>().find((category) => category.slug === 'plumbing-services')!;
      await db.execute(sql`UPDATE category_coin_costs SET cost = ${COST} WHERE category_id = ${plumbing.id}`);
      const admin = await createUser(db, { firstName: 'Ada', isAdmin: true, isVerified: true });
      const question = QUESTIONS[language];
      const saved = await apiCaller(app)('PUT', `/api/admin/categories/${plumbing.id}/questions`, await loginAs(app, admin), {
        questions: [
          { kind: 'single_choice', label: question.label, helpText: null, required: true, options: question.options, unit: null },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const vendor = await createUser(db, { firstName: 'Vera', isVerified: true });
      await giveCoins(db, vendor.id, 20);
      const name = `Fontanería Sol ${language}`;
      const company = await createCompany(db, { name, ownerId: vendor.id, subcategorySlugs: ['plumber'] });
      const customer = await createUser(db, { firstName: 'Lucía', lastName: 'Ruiz', isVerified: true });

      // ── The customer picks the company in search and starts a request. ──
      const customerView = await openIn(language, walk);
      views.push(customerView);
      const page = customerView.page;
      await signInThroughApi(page, customer, `/search?q=${encodeURIComponent(name)}`);
      await page.getByRole('checkbox', { name: say('companies.listing.selectNamed', { name }) }).click();
      await page.getByRole('button', { name: say('quotes.startBar.start', { count: 1 }) }).click();
      await page.waitForURL(/\/quotes\/\d+\/edit$/);
      const quoteId = Number(/\/quotes\/(\d+)\/edit$/.exec(page.url())![1]);
      const form = page.getByRole('form', { name: say('quotes.editForm.label') });
      await form.getByLabel(say('quotes.editForm.description')).fill(question.description);
      await form.getByRole('radio', { name: question.options[0] }).check();
      await check(page, 'the quote form', true);
      await shot(page, 'quote-form');
      await form.getByRole('button', { name: say('quotes.editForm.submit') }).click();
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: say('quotes.editForm.submittedTitle') })
        .first()
        .waitFor();
      await expect
        .poll(
          async () =>
            (await db.execute<{ status: string }>(sql`SELECT status FROM quotes WHERE id = ${quoteId}`)).rows[0]?.status,
        )
        .toBe('in_progress');

      // ── The pro answers with a priced offer, paying the reply. ──
      const vendorView = await openIn(language, other);
      views.push(vendorView);
      const vendorPage = vendorView.page;
      await signInThroughApi(vendorPage, vendor, `/vendorquotes/${quoteId}?company=${company.id}`);
      const conversation = vendorPage.getByRole('region', { name: say('vendor-quotes.page.conversation') });
      await conversation.getByRole('button', { name: say('vendor-quotes.offer.make') }).click();
      const offer = vendorPage.getByRole('dialog', { name: say('vendor-quotes.offer.make') });
      await offer.getByLabel(say('vendor-quotes.offerDialog.price'), { exact: true }).fill('250');
      await offer.getByLabel(say('vendor-quotes.offerDialog.includes')).fill(question.options[0]);
      await expectInLanguage(vendorPage, language, 'the offer form', data);
      await expectAccessible(vendorPage, `the offer form (${language}, ${other.width})`);
      await screenshot(vendorPage, `language-flow-${language}-offer-form`);
      await offer.getByRole('button', { name: say('vendor-quotes.offerDialog.sendForCoins', { coins: COST }) }).click();
      await offer.waitFor({ state: 'hidden' });
      await expectInLanguage(vendorPage, language, 'the conversation after the offer', data);

      // ── The customer compares the reply and hires the company. ──
      await page.goto(`/quotes/${quoteId}/edit`);
      const comparison = page.getByRole('region', { name: say('quotes.comparison.heading') });
      const hire = comparison.getByRole('button', { name: say('quotes.comparison.hireButton', { name }) });
      await hire.waitFor();
      await check(page, 'the comparison', true);
      await shot(page, 'comparison');
      await hire.click();
      const dialog = page.getByRole('alertdialog', { name: say('quotes.hireDialog.title', { name }) });
      await dialog.waitFor();
      await expectInLanguage(page, language, 'the hire dialog', data);
      await expectAccessible(page, `the hire dialog (${language}, ${walk.width})`);
      await shot(page, 'hire-dialog');
      await dialog.getByRole('button', { name: say('quotes.hireDialog.confirm', { name }) }).click();
      await dialog.waitFor({ state: 'hidden' });
      const hired = say('quotes.outcome.hiredTitle', { name, date: '' }).trim();
      await comparison.getByRole('heading', { name: new RegExp(hired.split(' ').slice(0, 2).join(' ')) }).waitFor();
      await check(page, 'the outcome');

      // ── The review, from the outcome's invitation. ──
      await comparison.getByRole('link', { name: say('quotes.outcome.writeReview', { name }) }).click();
      await page.waitForURL((url) => url.pathname === `/companies/${company.id}`);
      const stars = page.getByRole('slider', { name: say('ratings.form.ratingLabel') });
      await stars.focus();
      for (let i = 0; i < 9; i++) await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await page.getByLabel(say('ratings.form.commentLabel')).fill(question.options[0]);
      await check(page, 'the review form');
      await page.getByRole('button', { name: say('ratings.form.submit') }).click();
      await page.getByRole('article').filter({ hasText: question.options[0] }).first().waitFor();
      await check(page, 'the company page with the review');
      await shot(page, 'company-reviewed');

      // ── The admin's settings. ──
      const adminView = await openIn(language, walk);
      views.push(adminView);
      await signInThroughApi(adminView.page, admin, '/admin/platform-settings');
      await adminView.page.getByRole('heading', { level: 1, name: say('admin.settings.title') }).waitFor();
      await adminView.page.getByText(say('admin.settings.offeredLanguages')).first().waitFor();
      await check(adminView.page, 'the platform settings', true);
      await screenshot(adminView.page, `language-flow-${language}-settings`);

      for (const view of views) {
        expect(view.consoleErrors).toEqual([]);
        await view.context.close();
      }
    });
  }
});
