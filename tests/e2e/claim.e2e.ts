/**
 * The claim landing page (/quotes?cid=): a customer's quote to an unclaimed listing creates a
 * claim; the business opens the link, sees its listing and the request, creates an account, is made
 * the owner automatically and answers in the vendor inbox; later visitors of the spent link are
 * asked to log in and are then taken to the quote. Broken links get their screens.
 */
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claims, companies, users } from '@/server/db/schema';
import { createCompany, createQuote, createUser, giveCoins, loginAs, uniqueEmail } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, signUpThroughDialog, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const COST = 5;
const DESCRIPTION =
  'Our water heater leaks from the bottom valve and the pilot light keeps going out. Please quote a repair or a replacement with installation.';

async function setPlumbingCost(cost: number) {
  await journey.server.db.execute(
    sql`UPDATE category_coin_costs SET cost = ${cost} WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
  );
}

/** A customer submits a quote to an unclaimed listing through the real API, which creates the claim. */
async function submittedQuoteToUnclaimedListing() {
  const db = journey.server.db;
  const company = await createCompany(db, { name: 'Unclaimed Water Heaters', email: uniqueEmail('listing') });
  expect(company.ownerId).toBeNull();
  const customer = await createUser(db, { firstName: 'Nora', lastName: 'Quinn', isVerified: true });
  const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id], status: 'draft' });
  const cookie = await loginAs(journey.server.app, customer);
  const answer = await journey.server.app.inject({
    method: 'POST',
    url: `/api/quotes/${quote.id}/submit`,
    headers: { cookie },
    payload: { quoteName: 'Water heater repair', description: DESCRIPTION },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const claimOf = async () => (await db.select().from(claims).where(eq(claims.quoteId, quote.id)))[0];
  await expect.poll(claimOf).toBeTruthy();
  const claim = await claimOf();
  expect(claim.companyId).toBe(company.id);
  const claimId = claim.id;
  return { company, customer, quote, claimId };
}

const main = (page: Page) => page.getByRole('main');
const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });

describe('the claim landing page in the browser', () => {
  it('a link without a claim id, or with an unknown one, gets its own screen', async () => {
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);

    await page.goto('/quotes');
    await main(page).getByRole('heading', { level: 1, name: 'Invalid Claim' }).waitFor();
    await main(page).getByText('No claim ID provided in the URL.').waitFor();
    expect(await page.title()).toMatch(/^Invalid Claim \| /);
    await expectAccessible(page, 'claim page without cid');
    await screenshot(page, 'claim-invalid-1280');

    // Too short to be a claim id, and a well-formed id the server does not know.
    for (const cid of ['unknown', 'AbCdEfGhIjKlMnOpQrStUv_0123456789']) {
      await page.goto(`/quotes?cid=${cid}`);
      await main(page).getByRole('heading', { level: 1, name: 'Claim Not Found' }).waitFor();
      await main(page).getByText('The claim link you followed is invalid or has expired.').waitFor();
    }
    await expectAccessible(page, 'claim not found');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'claim-not-found-375');

    // The quote editor under /quotes/ is untouched by the claim route.
    await page.goto('/quotes/999999/edit');
    await expect.poll(() => main(page).getByRole('heading', { name: 'Claim Not Found' }).count()).toBe(0);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a business signs up from the claim link, owns the listing and replies; the spent link then asks for a log in', async () => {
    const db = journey.server.db;
    await setPlumbingCost(COST);
    const { company, quote, claimId } = await submittedQuoteToUnclaimedListing();
    const link = `/quotes?cid=${claimId}`;

    // (b) A new visitor opens the link: the listing, the request and the way to reply.
    const first = await openPage(journey.browser, journey.server.baseUrl);
    const { page } = first;
    await page.goto(link);
    await main(page).getByRole('heading', { level: 1, name: 'You Have a New Quote Request' }).waitFor();
    const business = main(page)
      .getByRole('heading', { level: 2, name: 'Business' })
      .locator('xpath=ancestor::*[@data-slot="card"]');
    await business.getByText('Unclaimed Water Heaters').waitFor();
    await business.getByText('Plumbing Services').waitFor();
    await business.getByText('100 Main Street').waitFor();
    await business.getByText(`${company.city}, ${company.state} ${company.zip}`).waitFor();
    await business.getByText(company.phone).waitFor();
    await business.getByText(company.email).waitFor();
    const request = main(page)
      .getByRole('heading', { level: 2, name: 'Quote Request' })
      .locator('xpath=ancestor::*[@data-slot="card"]');
    await request.getByRole('heading', { name: 'Water heater repair' }).waitFor();
    await request.getByText('In Progress').waitFor();
    await request.getByText(DESCRIPTION).waitFor();
    await request.getByText(/^Received \w+ \d{1,2}, \d{4}$/).waitFor();
    const panel = main(page)
      .getByRole('heading', { level: 2, name: 'Register to Reply' })
      .locator('xpath=ancestor::*[@data-slot="card"]');
    await panel.getByRole('button', { name: 'I Have an Account' }).waitFor();
    expect(await page.title()).toMatch(/^Quote Request for Unclaimed Water Heaters \| /);
    await expectAccessible(page, 'claim page, unredeemed, signed out');
    await screenshot(page, 'claim-unredeemed-1280');
    // Cards side by side on a desktop…
    const [businessBox, requestBox] = [await business.boundingBox(), await request.boundingBox()];
    expect(Math.abs(businessBox!.y - requestBox!.y)).toBeLessThan(2);
    expect(requestBox!.x).toBeGreaterThan(businessBox!.x + businessBox!.width - 1);
    // …stacked on a phone, with nothing wider than the screen.
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(async () => (await request.boundingBox())!.y).toBeGreaterThan((await business.boundingBox())!.y + 50);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectAccessible(page, 'claim page on a phone');
    await screenshot(page, 'claim-unredeemed-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Create Account, by keyboard: the dialog opens and signing up brings the user back here.
    const createAccount = panel.getByRole('button', { name: 'Create Account' });
    await createAccount.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Create an Account' }).waitFor();
    const email = uniqueEmail('owner');
    await signUpThroughDialog(page, { firstName: 'Omar', lastName: 'Owens', email, password: 'owner-pass-1' });
    await page.getByText('Account created').waitFor();

    // Redeemed automatically; the inbox opens on the quote's thread.
    await page.waitForURL((url) => url.pathname === `/vendorquotes/${quote.id}`, { timeout: 30_000 });
    const [owner] = await db.select().from(users).where(eq(users.email, email));
    const [owned] = await db.select().from(companies).where(eq(companies.id, company.id));
    expect(owned.ownerId).toBe(owner.id);
    const [spent] = await db.select().from(claims).where(eq(claims.id, claimId));
    expect(spent.redeemedAt).not.toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('redirect_intent'))).toBeNull();
    await page.getByRole('region', { name: 'Quote details' }).getByRole('heading', { name: 'Water heater repair' }).waitFor();

    // The first reply costs coins: the new owner gets some, and the page learns it live.
    await giveCoins(db, owner.id, 20);
    await page.reload();
    await conversation(page)
      .getByText(new RegExp(`This reply will cost ${COST} coins from your balance of 20 coins`))
      .waitFor();
    const box = conversation(page).getByRole('textbox', { name: 'Message' });
    await box.fill('Thanks for the request. I can come on Thursday morning.');
    await box.press('Enter');
    await page
      .getByText(/^Message sent/)
      .first()
      .waitFor();
    await conversation(page).getByText('Thanks for the request. I can come on Thursday morning.').waitFor();
    await expectAccessible(page, 'vendor inbox after a claim');
    await screenshot(page, 'claim-owner-replied-1280');
    expect(first.consoleErrors).toEqual([]);
    await first.context.close();

    // (c) Another browser opens the spent link signed out: it asks for a log in…
    const second = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await second.page.goto(link);
    await main(second.page).getByRole('heading', { level: 1, name: 'Quote Already Redeemed' }).waitFor();
    expect(await second.page.title()).toMatch(/^Quote Already Redeemed \| /);
    const intent = JSON.parse((await second.page.evaluate(() => sessionStorage.getItem('redirect_intent'))) ?? 'null');
    expect(intent).toEqual({ type: 'vendor_quote', quoteId: quote.id, redirectUrl: `/vendorquotes?quote_id=${quote.id}` });
    await expectAccessible(second.page, 'claim already redeemed');
    await screenshot(second.page, 'claim-redeemed-375');
    await second.page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(second.page, 'claim-redeemed-1280');

    // …and logging in as the owner leads to the quote.
    await main(second.page).getByRole('button', { name: 'Log In' }).click();
    const login = second.page.getByRole('dialog', { name: 'Log In to Your Account' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('owner-pass-1');
    await login.getByRole('button', { name: 'Log In' }).click();
    await second.page.getByText('Welcome back!').waitFor();
    await second.page.waitForURL((url) => url.pathname === `/vendorquotes/${quote.id}`);
    await conversation(second.page).getByText('Thanks for the request. I can come on Thursday morning.').waitFor();

    // Signed in, the spent link goes straight to the quote.
    await second.page.goto(link);
    await second.page.waitForURL((url) => url.pathname === `/vendorquotes/${quote.id}`);
    expect(second.consoleErrors).toEqual([]);
    await second.context.close();
  });

  it('a signed-in user opening a claim link has it redeemed at once; a failed redemption is explained', async () => {
    const db = journey.server.db;
    const { company, quote, claimId } = await submittedQuoteToUnclaimedListing();
    const vendor = await createUser(db, { firstName: 'Lena', isVerified: true });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);

    // Signed in first (through the API), then follow the link.
    await signInThroughApi(page, vendor);

    // The claim is taken by someone else between loading and redeeming: the page says why.
    // Held for a moment, so that the claiming state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/claims/${claimId}/redeem`, async (route) => {
      await held;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'This claim has already been redeemed' }),
      });
    });
    await page.goto(`/quotes?cid=${claimId}`);
    await main(page).getByRole('status').getByText(`Claiming ${company.name}…`).waitFor();
    await main(page).getByRole('heading', { level: 1, name: 'Claiming Business' }).waitFor();
    await expectAccessible(page, 'claim page, claiming');
    await screenshot(page, 'claim-claiming-1280');
    release();
    await main(page).getByRole('alert').getByText('This claim has already been redeemed').waitFor();
    await main(page).getByText(company.name).first().waitFor();
    expect(await main(page).getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await expectAccessible(page, 'claim page, redemption failed');
    await screenshot(page, 'claim-redeem-failed-1280');
    await page.unroute(`**/api/claims/${claimId}/redeem`);

    // Without the interference, the same link redeems itself and opens the inbox.
    await page.reload();
    await page.waitForURL((url) => url.pathname === `/vendorquotes/${quote.id}`);
    const [owned] = await db.select().from(companies).where(eq(companies.id, company.id));
    expect(owned.ownerId).toBe(vendor.id);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
