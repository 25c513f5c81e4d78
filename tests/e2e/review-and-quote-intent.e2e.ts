/**
 * A customer who requested a quote leaves a half-star review that the owner answers; a visitor
 * who starts a quote signed out finds the draft created after logging in, or after signing up.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quoteCompanies, quotes, users } from '@/server/db/schema';
import { createCompany, createQuote, createUser } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, signUpThroughDialog } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

describe('reviews and quote intents in the browser', () => {
  it('a customer reviews with half a star and the owner replies', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Olga', isVerified: true });
    const company = await createCompany(db, { name: 'Half Star Plumbing', ownerId: owner.id });
    const customer = await createUser(db, { firstName: 'Cara', lastName: 'Diaz' });
    await createQuote(db, { userId: customer.id, companyIds: [company.id] });

    const customerView = await openPage(journey.browser, journey.server.baseUrl);
    const page = customerView.page;
    await signInThroughApi(page, customer, `/companies/${company.id}`);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Please select a rating').waitFor();
    const stars = page.getByRole('slider', { name: 'Your rating' });
    await stars.focus();
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
    await page.getByLabel('Comment (optional)').fill('Fixed the leak in an hour.');
    await expectAccessible(page, 'review form');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page
      .getByRole('article', { name: /Review by Cara/ })
      .getByText('Fixed the leak in an hour.')
      .waitFor();
    await page.getByText('4.5').first().waitFor();
    await screenshot(page, 'review-written-1280');
    expect(customerView.consoleErrors).toEqual([]);
    await customerView.context.close();

    const ownerView = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(ownerView.page, owner, `/companies/${company.id}`);
    await ownerView.page.getByRole('button', { name: /Reply to Cara/ }).click();
    await ownerView.page.getByLabel(/Your reply to Cara/).fill('Thank you, Cara!');
    await ownerView.page.getByRole('button', { name: 'Save Reply' }).click();
    await ownerView.page.getByText('Thank you, Cara!').waitFor();
    await expectAccessible(ownerView.page, 'owner reply');
    await ownerView.context.close();

    const visitor = await openPage(journey.browser, journey.server.baseUrl);
    await visitor.page.goto(`/companies/${company.id}#reviews`);
    await visitor.page.getByText('Thank you, Cara!').waitFor();
    await visitor.page.getByText('Fixed the leak in an hour.').waitFor();
    await visitor.context.close();
  });

  it('a review whose quote went away meanwhile is refused with its own toast, chosen by the answer’s code', async () => {
    const db = journey.server.db;
    const company = await createCompany(db, { name: 'Vanishing Quote Plumbing' });
    const visitor = await createUser(db, { firstName: 'Nia' });
    const quote = await createQuote(db, { userId: visitor.id, companyIds: [company.id] });
    const { page, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, visitor, `/companies/${company.id}`);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const stars = page.getByRole('slider', { name: 'Your rating' });
    await stars.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    // An administrator deletes the quote while the form is open: the server answers REVIEW_NEEDS_QUOTE.
    await db.delete(quotes).where(eq(quotes.id, quote.id));
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Quote required to review').waitFor();
    await page.getByText('You must request a quote from this business before you can leave a review.').waitFor();
    expect(await page.getByRole('article', { name: /Review by Nia/ }).count()).toBe(0);
    await context.close();
  });

  it('Start Quote while signed out keeps the selection and creates the draft after login', async () => {
    const db = journey.server.db;
    const a = await createCompany(db, { name: 'Intent Plumbing One' });
    const b = await createCompany(db, { name: 'Intent Plumbing Two' });
    await createCompany(db, { name: 'Intent Cleaning', categorySlug: 'cleaning-services' });
    const customer = await createUser(db);

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/search?q=intent');
    await page.getByRole('checkbox', { name: 'Select Intent Plumbing One' }).click();
    await page.getByRole('checkbox', { name: 'Select Intent Cleaning' }).click();
    await page.getByText('Category restriction').waitFor();
    await page.getByRole('checkbox', { name: 'Select Intent Plumbing Two' }).click();
    await page.getByText(/2\s+companies selected in\s+Plumbing Services/).waitFor();
    await page.getByRole('button', { name: 'Start Quote (2)' }).click();
    await page.getByText('You need to log in to start a quote request.').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Log In to Your Account' });
    await dialog.getByLabel('Email').fill(customer.email);
    await dialog.getByLabel('Password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();

    await page.waitForURL(/\/quotes\/\d+\/edit$/);
    const quoteId = Number(page.url().match(/quotes\/(\d+)\/edit/)![1]);
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({ userId: customer.id, status: 'draft', quoteName: 'Search: intent' });
    const members = await db.select().from(quoteCompanies).where(eq(quoteCompanies.quoteId, quoteId));
    expect(members.map((m) => m.companyId).sort()).toEqual([a.id, b.id].sort());
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('Start Quote while signed out carries on after creating an account: the draft is there', async () => {
    const db = journey.server.db;
    const company = await createCompany(db, { name: 'Newcomer Plumbing' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/search?q=newcomer');
    await page.getByRole('checkbox', { name: 'Select Newcomer Plumbing' }).click();
    await page.getByRole('button', { name: 'Start Quote (1)' }).click();
    await page.getByRole('dialog', { name: 'Log In to Your Account' }).getByRole('button', { name: 'Sign up' }).click();

    const email = `newcomer-${Date.now()}@example.com`;
    await signUpThroughDialog(page, { firstName: 'Nina', lastName: 'Newcomer', email, password: 'Newcomer-pass-1' });

    await page.waitForURL(/\/quotes\/\d+\/edit$/);
    const quoteId = Number(page.url().match(/quotes\/(\d+)\/edit/)![1]);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({ userId: user.id, status: 'draft' });
    const members = await db.select().from(quoteCompanies).where(eq(quoteCompanies.quoteId, quoteId));
    expect(members.map((m) => m.companyId)).toEqual([company.id]);
    await page.getByRole('form', { name: 'Edit quote' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
