/**
 * The whole quote loop in two browsers, the product's core working end to end: a customer selects
 * two companies signed out, logs in, finds the draft, submits and writes; the vendor sees the
 * request arrive live, replies (coins deducted, the balance badge changes without a reload), and
 * the customer sees the reply appear.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser, giveCoins } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

const DESCRIPTION =
  'The water heater in the garage leaks at the base and the pilot light keeps going out. ' +
  'We would like it replaced with a similar 50 gallon gas model this month.';

describe('the quote loop in two browsers', () => {
  it('runs request, submit, messages both ways and one coin charge, all live', async () => {
    const db = journey.server.db;
    await db.execute(
      sql`UPDATE category_coin_costs SET cost = 5 WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
    );
    const vendor = await createUser(db, { firstName: 'Vera', isVerified: true });
    await giveCoins(db, vendor.id, 20);
    await createCompany(db, { name: 'Loopwater Heaters', ownerId: vendor.id });
    await createCompany(db, { name: 'Loopwater Plumbing' });
    const customer = await createUser(db, { firstName: 'Lena', lastName: 'Park' });

    // The vendor waits in the inbox.
    const vendorView = await openPage(journey.browser, journey.server.baseUrl);
    const vendorPage = vendorView.page;
    await signInThroughApi(vendorPage, vendor, '/vendorquotes');
    const requests = vendorPage.getByRole('region', { name: 'Quote requests' });
    await requests.getByRole('heading', { name: 'No quote requests yet' }).waitFor();
    await vendorPage.getByRole('banner').getByRole('link', { name: '20 coins' }).waitFor();

    // The customer picks two companies signed out, logs in, and lands on the draft.
    const customerView = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    const page = customerView.page;
    await page.goto('/search?q=loopwater');
    await page.getByRole('checkbox', { name: 'Select Loopwater Heaters' }).click();
    await page.getByRole('checkbox', { name: 'Select Loopwater Plumbing' }).click();
    await page.getByRole('button', { name: 'Start Quote (2)' }).click();
    const login = page.getByRole('dialog', { name: 'Log In to Your Account' });
    await login.getByLabel('Email').fill(customer.email);
    await login.getByLabel('Password').fill(customer.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/quotes\/\d+\/edit$/);

    const form = page.getByRole('form', { name: 'Edit quote' });
    await form.getByLabel('Project Description').fill(DESCRIPTION);
    await form.getByRole('button', { name: 'Submit Quote' }).click();
    await page.getByText('Quote submitted').waitFor();
    const conversations = page.getByRole('list', { name: 'Conversations' });
    await conversations.getByRole('button', { name: /Loopwater Heaters/ }).click();
    const composer = page.getByRole('form', { name: 'Send a message' });
    await composer.getByLabel('Message', { exact: true }).fill('Could you replace it next week?');
    await composer.getByLabel('Message', { exact: true }).press('Enter');
    await page.getByText('Message sent').first().waitFor();

    // The request arrives in the vendor's inbox without a reload.
    const row = requests.getByRole('link', { name: /Lena Park/ });
    await row.getByText('Could you replace it next week?').waitFor();
    await row.click();
    const conversation = vendorPage.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('This reply will cost 5 coins from your balance of 20 coins.', { exact: false }).waitFor();
    // The competition is shown before paying.
    await conversation.getByText('This request went to 2 companies; none has replied so far.').waitFor();
    const box = conversation.getByRole('textbox', { name: 'Message' });
    await box.fill('Yes — Tuesday morning works for us.');
    await box.press('Enter');
    await vendorPage.getByText('Message sent - Coins deducted').waitFor();
    await vendorPage.getByRole('banner').getByRole('link', { name: '15 coins' }).waitFor();
    await expectAccessible(vendorPage, 'vendor inbox after the reply');
    await screenshot(vendorPage, 'quote-loop-vendor-1280');

    // The customer sees the reply appear.
    const thread = page.getByRole('list', { name: 'Messages' });
    await thread.getByText('Yes — Tuesday morning works for us.').waitFor();
    await expectAccessible(page, 'customer messaging view');
    await screenshot(page, 'quote-loop-customer-375');

    expect(customerView.consoleErrors).toEqual([]);
    expect(vendorView.consoleErrors).toEqual([]);
    await customerView.context.close();
    await vendorView.context.close();
  });
});
