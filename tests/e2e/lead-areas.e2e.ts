/**
 * Service areas in the browser: an owner limits a company to one ZIP code in the Leads tab (a
 * malformed and an unknown ZIP code refused first, in words) and ticks the one service it takes; a
 * search near another ZIP code leaves the company out, a search near its own lists it, and the
 * company page says where it works. A customer starts a quote from that search: the draft carries
 * the searched ZIP code, which she changes to the other one: the draft says the company does not
 * work there and would not get the request, and sending it is refused (nobody left). Back in the
 * company's ZIP code it is sent; the vendor replies (pays) and claims the job is elsewhere: that
 * waits for an administrator, since the request was inside its area as sent.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser, giveCoins } from '@/server/test/factories';
import { NO_COMPANY_TAKES_JOB_MESSAGE, QUOTE_ZIP_MESSAGE, QUOTE_ZIP_UNKNOWN_MESSAGE } from '@/shared/schemas/quote';
import { expectAccessible, expectToast, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

/** Austin, and Pflugerville about 15 miles north: within the search's 25 miles of each other. */
const ZIP_A = '78701';
const ZIP_B = '78660';
const COINS = 20;

const DESCRIPTION =
  'The kitchen sink drains slowly and the tap under it drips all night. We would like it looked at ' +
  'and fixed this week, ideally in the morning.';

const noSideScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('service areas in the browser', () => {
  it('an owner limits the area; searches, the company page and the quote follow; a job outside it is never sent', async () => {
    const db = journey.server.db;
    const vendor = await createUser(db, { firstName: 'Zara', isVerified: true });
    await giveCoins(db, vendor.id, COINS);
    const company = await createCompany(db, {
      name: 'Zipline Plumbing',
      ownerId: vendor.id,
      zip: ZIP_A,
      subcategorySlugs: ['plumber', 'drain-cleaning'],
    });
    // Set nothing: a search near either ZIP code lists it (the search itself finds both).
    await createCompany(db, { name: 'Zipline Other Plumbing', zip: ZIP_A });
    const customer = await createUser(db, { firstName: 'Gwen', lastName: 'Hale' });

    // ── The owner sets the area in the Leads tab ──
    const vendorView = await openPage(journey.browser, journey.server.baseUrl);
    const vendorPage = vendorView.page;
    await signInThroughApi(vendorPage, vendor, `/profile?tab=leads&company=${company.id}`);
    const form = vendorPage.getByRole('form', { name: 'Lead preferences' });
    const area = form.getByRole('group', { name: 'Service area' });
    expect(await area.getByRole('radio', { name: `Wherever a search near ${ZIP_A} finds us` }).isChecked()).toBe(true);
    await area.getByText(`Customers see: Works around Austin, TX ${ZIP_A}`).waitFor();
    const services = form.getByRole('group', { name: 'Services you take requests for' });
    await services.getByText('Leave all unticked to take requests for every service.', { exact: false }).waitFor();
    expect(await services.getByRole('checkbox', { name: 'Plumber' }).isChecked()).toBe(false);

    await area.getByRole('radio', { name: 'Only in these ZIP codes' }).check();
    const zips = area.getByRole('textbox', { name: 'ZIP codes' });
    const save = form.getByRole('button', { name: 'Save preferences' });

    // A malformed ZIP code: the shared rule's words under the field, nothing saved.
    await zips.fill('1234x');
    await save.click();
    await area.getByRole('alert').filter({ hasText: 'Each ZIP code must be 5 digits' }).waitFor();
    expect(await zips.getAttribute('aria-invalid')).toBe('true');
    // An unknown one: the server's words, under the field and in a toast.
    await zips.fill(`${ZIP_A}, 00000`);
    await save.click();
    await area.getByRole('alert').filter({ hasText: 'This ZIP code is not known: 00000' }).waitFor();
    await expectToast(vendorPage, 'Failed to save lead preferences', 'This ZIP code is not known: 00000');
    const storedZips = async () =>
      (
        await db.execute<{ zip: string }>(sql`SELECT zip FROM company_service_zips WHERE company_id = ${company.id} ORDER BY zip`)
      ).rows.map((row) => row.zip);
    expect(await storedZips()).toEqual([]);

    await zips.fill(ZIP_A);
    await services.getByRole('checkbox', { name: 'Plumber' }).click();
    await save.click();
    await expectToast(vendorPage, 'Lead preferences saved');
    await area.getByText(`Customers see: Works in ZIP code ${ZIP_A}`).waitFor();
    expect(await area.getByRole('radio', { name: 'Only in these ZIP codes' }).isChecked()).toBe(true);
    expect(await zips.inputValue()).toBe(ZIP_A);
    expect(await services.getByRole('checkbox', { name: 'Plumber' }).isChecked()).toBe(true);
    expect(await services.getByRole('checkbox', { name: 'Drain Cleaning' }).isChecked()).toBe(false);
    expect(await storedZips()).toEqual([ZIP_A]);
    await expectAccessible(vendorPage, 'leads tab with a service area');
    await screenshot(vendorPage, 'lead-areas-leads-tab-1280');
    await vendorPage.setViewportSize(VIEWPORTS.mobile);
    await area.getByText(`Customers see: Works in ZIP code ${ZIP_A}`).waitFor();
    expect(await noSideScroll(vendorPage)).toBeLessThanOrEqual(0);
    await expectAccessible(vendorPage, 'leads tab with a service area on a phone');
    await screenshot(vendorPage, 'lead-areas-leads-tab-375');
    await vendorPage.setViewportSize(VIEWPORTS.desktop);

    // ── A customer searches near each ZIP code ──
    const customerView = await openPage(journey.browser, journey.server.baseUrl);
    const page = customerView.page;
    const results = page.getByRole('table');
    const link = (name: string) => results.getByRole('link', { name, exact: true });
    await page.goto(`/search?q=zipline&location=${ZIP_B}`);
    await link('Zipline Other Plumbing').waitFor();
    expect(await link('Zipline Plumbing').count()).toBe(0);

    await page.goto(`/search?q=zipline&location=${ZIP_A}`);
    await link('Zipline Other Plumbing').waitFor();
    await link('Zipline Plumbing').click();
    await page.getByRole('heading', { level: 1, name: 'Zipline Plumbing' }).waitFor();
    await page.getByRole('heading', { name: 'Where it works' }).waitFor();
    await page.getByText(`Works in ZIP code ${ZIP_A}`, { exact: true }).waitFor();
    await page.getByText('Takes requests for: Plumber', { exact: true }).waitFor();
    await expectAccessible(page, 'company page with its work area');
    await screenshot(page, 'lead-areas-company-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByText(`Works in ZIP code ${ZIP_A}`, { exact: true }).waitFor();
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'company page with its work area on a phone');
    await screenshot(page, 'lead-areas-company-375');

    // ── She starts a quote from the search near ZIP A, signed out: the draft carries its ZIP code ──
    await page.goBack();
    await page.getByRole('checkbox', { name: 'Select Zipline Plumbing', exact: true }).click();
    await page.getByRole('button', { name: 'Start Quote (1)' }).click();
    const login = page.getByRole('dialog', { name: 'Log In to Your Account' });
    await login.getByLabel('Email').fill(customer.email);
    await login.getByLabel('Password').fill(customer.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/quotes\/\d+\/edit$/);
    await expectToast(page, 'Login successful');
    const quoteId = Number(/quotes\/(\d+)\/edit/.exec(page.url())![1]);
    const quoteForm = page.getByRole('form', { name: 'Edit quote' });
    const jobZip = quoteForm.getByLabel('Job ZIP code');
    await expect.poll(() => jobZip.inputValue()).toBe(ZIP_A);
    const service = quoteForm.getByLabel('Service', { exact: true });
    expect(await service.inputValue()).toBe('');
    await service.getByRole('option', { name: 'Plumber' }).waitFor({ state: 'attached' });

    // She changes it to where the job really is; a short one is refused under the field first.
    await quoteForm.getByLabel('Project Description').fill(DESCRIPTION);
    await jobZip.fill('7866');
    await quoteForm.getByRole('button', { name: 'Submit Quote' }).click();
    await quoteForm.getByRole('alert').filter({ hasText: QUOTE_ZIP_MESSAGE.zip }).waitFor();
    expect(await jobZip.getAttribute('aria-invalid')).toBe('true');
    // The sign-in's toasts (shown one at a time) are gone before the picture.
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
    await expectAccessible(page, 'quote draft with a ZIP code error');
    await screenshot(page, 'lead-areas-quote-draft-375');
    // One the server does not know: its words under the field too.
    await jobZip.fill('00000');
    await quoteForm.getByRole('button', { name: 'Save Draft' }).click();
    await expectToast(page, 'Update failed', QUOTE_ZIP_UNKNOWN_MESSAGE.zip);
    await quoteForm.getByRole('alert').filter({ hasText: QUOTE_ZIP_UNKNOWN_MESSAGE.zip }).waitFor();
    await jobZip.fill(ZIP_B);
    await service.selectOption({ label: 'Plumber' });
    await quoteForm.getByRole('button', { name: 'Save Draft' }).click();
    await expectToast(page, 'Quote updated');
    // Before sending she is told that the company does not work there and would not get it.
    const chosen = page.getByRole('list', { name: 'Selected companies' });
    await chosen.getByText(`Does not work in ZIP code ${ZIP_B}: it will not get this request`).waitFor();
    await page
      .getByText('None of these companies would get this request: change the ZIP code or service, or choose other companies.')
      .waitFor();
    await expectAccessible(page, 'quote draft naming a company that does not work there');
    await screenshot(page, 'lead-areas-quote-left-out-375');
    await quoteForm.getByRole('button', { name: 'Submit Quote' }).click();
    await expectToast(page, 'Submission failed', NO_COMPANY_TAKES_JOB_MESSAGE);
    const { rows: unsent } = await db.execute<{ status: string }>(sql`SELECT status FROM quotes WHERE id = ${quoteId}`);
    expect(unsent).toEqual([{ status: 'draft' }]);

    // The job is in ZIP A after all: the warning goes, and the request is sent.
    await jobZip.fill(ZIP_A);
    await quoteForm.getByRole('button', { name: 'Save Draft' }).click();
    await expectToast(page, 'Quote updated');
    await expect.poll(() => chosen.getByText('it will not get this request', { exact: false }).count()).toBe(0);
    await quoteForm.getByRole('button', { name: 'Submit Quote' }).click();
    await page.getByText('Quote submitted').first().waitFor();
    const summary = page.getByRole('complementary', { name: 'Quote summary' });
    await summary.getByRole('heading', { name: 'Job ZIP code' }).waitFor();
    await summary.getByText(ZIP_A, { exact: true }).waitFor();
    await summary.getByText('Plumber', { exact: true }).waitFor();
    const { rows: sent } = await db.execute<{ zip: string; outside: boolean; cost: number }>(sql`
      SELECT q.zip, qc.outside_service_area AS outside, q.reply_coin_cost AS cost
        FROM quotes q JOIN quote_companies qc ON qc.quote_id = q.id
       WHERE q.id = ${quoteId} AND qc.company_id = ${company.id}`);
    expect(sent).toEqual([{ zip: ZIP_A, outside: false, cost: expect.any(Number) }]);
    const cost = sent[0].cost;
    expect(cost).toBeGreaterThan(0);

    // ── The vendor replies (pays); a claim that the job is elsewhere waits for an administrator ──
    const conversation = vendorPage.getByRole('region', { name: 'Conversation' });
    await vendorPage.goto(`/vendorquotes/${quoteId}?company=${company.id}`);
    await conversation.getByText(`This reply will cost ${cost} coins`, { exact: false }).waitFor();
    expect(await conversation.getByText('outside your service area', { exact: false }).count()).toBe(0);
    const box = conversation.getByRole('textbox', { name: 'Message' });
    await box.fill('Happy to help.');
    await box.press('Enter');
    await expectToast(vendorPage, 'Message sent - Coins deducted');
    await vendorPage
      .getByRole('banner')
      .getByRole('link', { name: `${COINS - cost} coins` })
      .waitFor();
    // The request says where the job is and the service, as the customer sent it.
    const details = vendorPage.getByRole('heading', { name: 'Job ZIP code' }).locator('..');
    await details.getByText(ZIP_A, { exact: true }).waitFor();
    await vendorPage.getByRole('heading', { name: 'Service', exact: true }).waitFor();
    await conversation.getByRole('button', { name: 'Report a bad lead' }).click();
    const dialog = vendorPage.getByRole('alertdialog', { name: 'Report a bad lead' });
    await dialog.getByRole('radio', { name: 'Outside my service area' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(vendorPage, 'Report sent', 'An administrator will review it; you will get an e-mail with the decision.');
    await conversation
      .getByText('You reported this lead (Outside my service area). An administrator will review it.', { exact: false })
      .waitFor();
    await vendorPage
      .getByRole('banner')
      .getByRole('link', { name: `${COINS - cost} coins` })
      .waitFor();
    await expectAccessible(vendorPage, 'vendor conversation, outside-area claim waiting for an admin');
    await screenshot(vendorPage, 'lead-areas-report-pending-1280');

    expect(vendorView.consoleErrors).toEqual([]);
    expect(customerView.consoleErrors).toEqual([]);
    await vendorView.context.close();
    await customerView.context.close();
  });

  it('an admin sets a radius from the companies list; the page and the leads tab say it', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Rafe', isVerified: true });
    const company = await createCompany(db, { name: 'Radiant Radius Plumbing', ownerId: owner.id, zip: ZIP_A });
    const admin = await createUser(db, { isAdmin: true, isVerified: true, firstName: 'Ada' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(page, admin, '/admin/companies?search=Radiant');
    await page.getByRole('button', { name: 'Leads of Radiant Radius Plumbing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lead preferences — Radiant Radius Plumbing' });
    const area = dialog.getByRole('group', { name: 'Service area' });
    await area.getByRole('radio', { name: `Within a radius of ${ZIP_A}` }).check();
    const miles = area.getByLabel(`Miles from ${ZIP_A}`);
    await miles.fill('0');
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await area.getByRole('alert').filter({ hasText: 'The service radius must be between 1 and 500 miles' }).waitFor();
    await miles.fill('20');
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await area.getByText(`Customers see: Works within 20 miles of ${ZIP_A}`).waitFor();
    await expectAccessible(page, 'admin leads dialog with a radius');
    await screenshot(page, 'lead-areas-admin-radius-375');
    const { rows } = await db.execute<{ miles: number | null }>(
      sql`SELECT service_radius_miles AS miles FROM company_lead_preferences WHERE company_id = ${company.id}`,
    );
    expect(rows).toEqual([{ miles: 20 }]);

    await page.goto(`/companies/${company.id}`);
    await page.getByText(`Works within 20 miles of ${ZIP_A}`, { exact: true }).waitFor();
    expect(await page.getByText('Takes requests for', { exact: false }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
