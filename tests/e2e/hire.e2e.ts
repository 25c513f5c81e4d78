/**
 * A request that ends in a hire, in the browser: two companies reply with priced offers (one
 * revises it) while the customer's page is open, the customer compares them (a table on a desktop,
 * cards on a phone), hires one sharing the e-mail address, sees how the request ended and the
 * invitation to review, and writes a review marked "Hired through LocalPros"; the company's page
 * counts the hire. And the other ending: a request closed with a reason.
 */
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { quotes } from '@/server/db/schema';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import type { OfferBodySchema } from '@/shared/schemas/offers';
import type { z } from 'zod';
import { OFFER_CHANGED_MESSAGE } from '@/shared/schemas/hires';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const COST = 5;

async function setPlumbingCost(cost: number) {
  await journey.server.db.execute(
    sql`UPDATE category_coin_costs SET cost = ${cost} WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
  );
}

/** A pro's offer through the API, as the vendor's own browser would send it. */
async function sendOffer(
  vendor: { email: string; password: string },
  quoteId: number,
  companyId: number,
  offer: Omit<z.input<typeof OfferBodySchema>, 'currency'>,
) {
  const cookie = await loginAs(journey.server.app, vendor);
  const answer = await journey.server.app.inject({
    method: 'POST',
    url: `/api/quotes/${quoteId}/companies/${companyId}/offers`,
    payload: { currency: 'USD', ...offer },
    headers: { cookie },
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

/** The customer's page is live (its socket is open), so frames sent from now on reach it. */
async function waitForLiveCustomer() {
  const hub = journey.server.app.services.hub;
  await expect.poll(() => hub.connectionCount()).toBeGreaterThan(0);
}

/** A screenshot from the top of the page, where the sticky header belongs. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const comparison = (page: Page) => page.getByRole('region', { name: 'Compare replies' });

describe('comparing replies, hiring and closing in the browser', () => {
  it('a customer compares two offers (one revised), hires one, reviews it, and the company page counts the hire', async () => {
    const db = journey.server.db;
    await setPlumbingCost(COST);
    const plumberOwner = await createUser(db, { firstName: 'Pia', isVerified: true });
    const drainOwner = await createUser(db, { firstName: 'Dan', isVerified: true });
    await giveCoins(db, plumberOwner.id, 50);
    await giveCoins(db, drainOwner.id, 50);
    const plumber = await createCompany(db, { name: 'Hirewell Plumbing', ownerId: plumberOwner.id });
    const drains = await createCompany(db, { name: 'Hirewell Drains', ownerId: drainOwner.id });
    const customer = await createUser(db, { firstName: 'Hana', lastName: 'Ito', phoneNumber: '(512) 555-0142' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [plumber.id, drains.id] });

    // The customer's request is open, and nobody has replied yet.
    const desktop = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.desktop);
    const page = desktop.page;
    await signInThroughApi(page, customer, `/quotes/${quote.id}/edit`);
    await comparison(page).getByText('No company has replied yet.', { exact: false }).waitFor();
    const notReplied = comparison(page).getByRole('list', { name: 'Companies that have not replied' });
    await notReplied.getByRole('listitem').filter({ hasText: 'Hirewell Drains' }).getByText('No reply yet').waitFor();
    await expect
      .poll(() =>
        comparison(page)
          .getByRole('button', { name: /^Hire / })
          .count(),
      )
      .toBe(0);

    // Both reply with offers while the page is open; the drain company then revises its price.
    await waitForLiveCustomer();
    await sendOffer(plumberOwner, quote.id, plumber.id, {
      kind: 'fixed',
      amount: 250,
      includes: 'Parts and labour',
      validDays: 14,
      message: 'We can come on Tuesday.',
      coinCost: COST,
    });
    await sendOffer(drainOwner, quote.id, drains.id, {
      kind: 'range',
      low: 180,
      high: 320,
      includes: 'Camera inspection of the drain',
      validDays: 7,
      coinCost: COST,
    });
    await sendOffer(drainOwner, quote.id, drains.id, {
      kind: 'fixed',
      amount: 240,
      includes: 'Camera inspection and clearing the drain',
      validDays: 7,
    });

    // The table fills in without a reload: one row per company, the revised offer says so.
    const table = comparison(page).getByRole('table');
    const plumberRow = table.getByRole('row').filter({ hasText: 'Hirewell Plumbing' });
    const drainRow = table.getByRole('row').filter({ hasText: 'Hirewell Drains' });
    await drainRow.getByText('Revised once').waitFor();
    await drainRow.getByText('$240.00').waitFor();
    await plumberRow.getByText('$250.00').waitFor();
    await plumberRow.getByText('Includes: Parts and labour').waitFor();
    await plumberRow.getByText('No hires yet').waitFor();
    await plumberRow.getByText('Replied', { exact: true }).waitFor();
    expect(await plumberRow.getByText('Revised', { exact: false }).count()).toBe(0);
    expect(await notReplied.count()).toBe(0);
    await expectAccessible(page, 'comparison table');
    await shot(page, 'hire-comparison-1280');

    // On a phone the same replies are cards, and the hire dialog fits.
    const phone = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(phone.page, customer, `/quotes/${quote.id}/edit`);
    const cards = comparison(phone.page).getByRole('list', { name: 'Replies compared' });
    await cards.getByRole('article', { name: 'Hirewell Drains' }).getByText('Revised once').waitFor();
    expect(await comparison(phone.page).getByRole('table').count()).toBe(0);
    await expectAccessible(phone.page, 'comparison cards');
    await shot(phone.page, 'hire-comparison-375');
    await cards.getByRole('button', { name: 'Hire Hirewell Plumbing' }).click();
    const phoneDialog = phone.page.getByRole('alertdialog', { name: 'Hire Hirewell Plumbing for this job?' });
    await phoneDialog.getByText('$250.00').waitFor();
    await expectAccessible(phone.page, 'hire dialog on a phone');
    await shot(phone.page, 'hire-dialog-375');
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
    await phoneDialog.waitFor({ state: 'hidden' });

    // The customer hires the plumber on the desktop, sharing the e-mail address but not the phone.
    await plumberRow.getByRole('button', { name: 'Hire Hirewell Plumbing' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hire Hirewell Plumbing for this job?' });
    await dialog.getByText('Parts and labour', { exact: true }).waitFor();
    await dialog.getByText('An offer is an estimate, not a contract', { exact: false }).waitFor();
    await dialog.getByText('told politely', { exact: false }).waitFor();
    const shareEmail = dialog.getByRole('checkbox', { name: /Share my e-mail address/ });
    const sharePhone = dialog.getByRole('checkbox', { name: /Share my phone number/ });
    expect(await shareEmail.getAttribute('aria-checked')).toBe('true');
    expect(await sharePhone.getAttribute('aria-checked')).toBe('false');
    await expectAccessible(page, 'hire dialog');
    await shot(page, 'hire-dialog-1280');

    // The plumber revises the price while the dialog is open: the hire of the old one is refused,
    // and the dialog shows the new price to decide on.
    await sendOffer(plumberOwner, quote.id, plumber.id, {
      kind: 'fixed',
      amount: 260,
      includes: 'Parts, labour and haul-away',
      validDays: 14,
    });
    // The table behind the dialog follows live (hidden from the accessibility tree while the dialog is open).
    await page.locator('table tr').filter({ hasText: 'Hirewell Plumbing' }).getByText('$260.00').waitFor();
    await dialog.getByText('$250.00').waitFor();
    await dialog.getByRole('button', { name: 'Hire Hirewell Plumbing' }).click();
    await dialog.getByText(OFFER_CHANGED_MESSAGE).waitFor();
    // Both of the customer's pages are live for the outcome.
    await expect.poll(() => journey.server.app.services.hub.connectionCount()).toBeGreaterThanOrEqual(2);
    await dialog.getByText('$260.00').waitFor();
    await dialog.getByText('Revised once').waitFor();
    expect(await shareEmail.getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('button', { name: 'Hire Hirewell Plumbing' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The outcome, the accepted offer and the invitation to review; nobody can be hired any more.
    await comparison(page)
      .getByRole('heading', { name: /^You hired Hirewell Plumbing on / })
      .waitFor();
    // The keyboard lands on the outcome, not on a Hire button that is gone.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^You hired Hirewell Plumbing/);
    await comparison(page).getByText('Accepted offer:', { exact: false }).getByText('$260.00').waitFor();
    await comparison(page).getByText('Includes: Parts, labour and haul-away').first().waitFor();
    await comparison(page).getByText('How did Hirewell Plumbing do?').waitFor();
    await plumberRow.getByText('Hired', { exact: true }).waitFor();
    expect(
      await comparison(page)
        .getByRole('button', { name: /^Hire / })
        .count(),
    ).toBe(0);
    expect(await comparison(page).getByRole('button', { name: 'Close request' }).count()).toBe(0);
    const [decided] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(decided).toMatchObject({ status: 'completed', outcome: 'hired', hiredCompanyId: plumber.id });
    expect(decided.hiredOfferId).not.toBeNull();
    await expectAccessible(page, 'hire outcome');
    await shot(page, 'hire-outcome-1280');

    // The phone's page learns of it live.
    await comparison(phone.page)
      .getByRole('heading', { name: /^You hired Hirewell Plumbing on / })
      .waitFor();
    await comparison(phone.page).getByRole('link', { name: 'Write a review of Hirewell Plumbing' }).waitFor();
    await shot(phone.page, 'hire-outcome-375');

    // The review prompt opens the company's review form; the review is marked as a hire.
    await comparison(page).getByRole('link', { name: 'Write a review of Hirewell Plumbing' }).click();
    await page.waitForURL((url) => url.pathname === `/companies/${plumber.id}`);
    const stars = page.getByRole('slider', { name: 'Your rating' });
    await stars.focus();
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
    await page.getByLabel('Comment (optional)').fill('On time, and the price held.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const review = page.getByRole('article', { name: /Review by Hana/ });
    await review.getByText('On time, and the price held.').waitFor();
    await review.getByText('Hired through LocalPros').waitFor();
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(decided.decidedAt!);
    await review.getByText(`Plumbing Services · ${month}`).waitFor();
    await page.getByText('1 hire on LocalPros').waitFor();
    await expectAccessible(page, 'company page with a hired review');
    await shot(page, 'hire-company-1280');

    await phone.page.goto(`/companies/${plumber.id}#reviews`);
    await phone.page
      .getByRole('article', { name: /Review by Hana/ })
      .getByText('Hired through LocalPros')
      .waitFor();
    await phone.page.getByText('1 hire on LocalPros').waitFor();
    await expectAccessible(phone.page, 'company page with a hired review on a phone');
    await shot(phone.page, 'hire-company-375');

    // Reviewed: the quote page no longer asks.
    await page.goto(`/quotes/${quote.id}/edit`);
    await comparison(page)
      .getByRole('heading', { name: /^You hired Hirewell Plumbing on / })
      .waitFor();
    expect(await comparison(page).getByText('How did Hirewell Plumbing do?').count()).toBe(0);

    // The listing card counts the hire too (the grid view).
    await page.goto('/search?q=hirewell');
    await page.getByRole('button', { name: 'Grid' }).click();
    await page.getByRole('article', { name: 'Hirewell Plumbing' }).getByText('1 hire on LocalPros').waitFor();
    expect(
      await page
        .getByRole('article', { name: 'Hirewell Drains' })
        .getByText(/hires? on LocalPros/)
        .count(),
    ).toBe(0);

    expect(desktop.consoleErrors).toEqual([]);
    expect(phone.consoleErrors).toEqual([]);
    await desktop.context.close();
    await phone.context.close();
  });

  it('a customer on a phone closes a request with a reason, and its companies can no longer be hired', async () => {
    const db = journey.server.db;
    await setPlumbingCost(COST);
    const owner = await createUser(db, { firstName: 'Cole', isVerified: true });
    await giveCoins(db, owner.id, 50);
    const company = await createCompany(db, { name: 'Closewell Plumbing', ownerId: owner.id });
    const silent = await createCompany(db, { name: 'Closewell Heating' });
    const customer = await createUser(db, { firstName: 'Iris', lastName: 'Moe' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id, silent.id] });
    await sendOffer(owner, quote.id, company.id, { kind: 'hourly', amount: 85, validDays: 10, coinCost: COST });

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(page, customer, `/quotes/${quote.id}/edit`);
    const card = comparison(page).getByRole('article', { name: 'Closewell Plumbing' });
    await card.getByText('$85.00 per hour').waitFor();
    await card.getByRole('button', { name: 'Hire Closewell Plumbing' }).waitFor();
    await comparison(page)
      .getByRole('list', { name: 'Companies that have not replied' })
      .getByRole('listitem')
      .filter({ hasText: 'Closewell Heating' })
      .getByText('No reply yet')
      .waitFor();

    await comparison(page).getByRole('button', { name: 'Close request' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Close this request?' });
    // A reason is required, in the server's own words.
    await dialog.getByRole('button', { name: 'Close request' }).click();
    await dialog.getByText('Please choose why you are closing the request').waitFor();
    await dialog.getByRole('radio', { name: 'No longer needed' }).check();
    await dialog.getByLabel('Note (optional)').fill('We are moving out before the work could start.');
    await expectAccessible(page, 'close dialog');
    await shot(page, 'hire-close-dialog-375');
    await dialog.getByRole('button', { name: 'Close request' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await comparison(page).getByRole('heading', { name: 'You closed this request: No longer needed' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('You closed this request: No longer needed');
    await comparison(page).getByText('Your note: We are moving out before the work could start.').waitFor();
    expect(
      await comparison(page)
        .getByRole('button', { name: /^Hire / })
        .count(),
    ).toBe(0);
    expect(await comparison(page).getByRole('button', { name: 'Close request' }).count()).toBe(0);
    const [closed] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(closed).toMatchObject({ status: 'completed', outcome: 'closed', closeReason: 'no_longer_needed' });
    await expectAccessible(page, 'closed request');
    await shot(page, 'hire-closed-375');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
