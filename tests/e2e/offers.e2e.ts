/**
 * Priced offers in two browsers: a pro makes a fixed-price offer as its first reply (paying the
 * reply's coins, shown first), the customer sees the offer card appear; the pro revises it to a
 * range and the customer sees "Revised offer" and the earlier version; the pro withdraws it; once
 * the customer hires another company, the pro's inbox files the request under "Not chosen" and the
 * thread carries the product's polite note, while the hired company finds it under "Hired" with the
 * contact the customer shared. The hire and the other company's reply are seeded
 * through the API: this journey is about the offer screens.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { multipartBody } from '@/server/test/harness';
import { expectAccessible, expectToast, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';
import { PRODUCT_NAME } from '@/shared/constants';
import { MAX_OFFER_VALID_DAYS, MIN_OFFER_VALID_DAYS } from '@/shared/schemas/offers';

const journey = setupJourney();
const COST = 5;

/** Screenshots at both widths, back at the desktop width after. */
async function shots(page: Page, name: string) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(VIEWPORTS.mobile);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe('priced offers in two browsers', () => {
  it('an offer as the first reply, revised to a range, withdrawn, and the request lost to another company', async () => {
    const { db, app } = journey.server;
    await db.execute(
      sql`UPDATE category_coin_costs SET cost = ${COST} WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
    );
    const vendor = await createUser(db, { firstName: 'Otto', isVerified: true });
    await giveCoins(db, vendor.id, 20);
    const company = await createCompany(db, { name: 'Offerline Plumbing', ownerId: vendor.id });
    const rivalOwner = await createUser(db, { firstName: 'Rita', isVerified: true });
    await giveCoins(db, rivalOwner.id, 20);
    const rival = await createCompany(db, { name: 'Rival Pipes', ownerId: rivalOwner.id });
    const customer = await createUser(db, { firstName: 'Olive', lastName: 'Grant', isVerified: true });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id, rival.id] });
    // Another customer's request stays open above the decided ones.
    const other = await createUser(db, { firstName: 'Ned', lastName: 'Moss' });
    await createQuote(db, { userId: other.id, companyIds: [company.id] });

    // The other company replies through the API (it pays its first reply), so it can be hired later.
    const rivalCookie = await loginAs(app, rivalOwner);
    const rivalReply = multipartBody({ message: 'We can do Thursday.', coinCost: String(COST) });
    const replied = await app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/companies/${rival.id}/messages`,
      payload: rivalReply.payload,
      headers: { ...rivalReply.headers, cookie: rivalCookie },
    });
    expect(replied.statusCode).toBe(201);

    // The pro opens the request: the reply's cost is shown before anything is paid.
    const vendorView = await openPage(journey.browser, journey.server.baseUrl);
    const vendorPage = vendorView.page;
    await signInThroughApi(vendorPage, vendor, '/vendorquotes');
    const requests = vendorPage.getByRole('region', { name: 'Quote requests' });
    await requests.getByRole('link', { name: /Olive Grant/ }).click();
    await vendorPage.waitForURL((url) => url.pathname === `/vendorquotes/${quote.id}`);
    const conversation = vendorPage.getByRole('region', { name: 'Conversation' });
    const notice = `This reply will cost ${COST} coins from your balance of 20 coins. This is a one-time payment per quote.`;
    await conversation.getByText(notice).waitFor();

    // "Make an offer": the form shows the same cost, since the offer is the first reply.
    await conversation.getByRole('button', { name: 'Make an offer' }).click();
    const form = vendorPage.getByRole('dialog', { name: 'Make an offer' });
    await form.getByText(notice).waitFor();
    expect(await form.getByRole('radio', { name: /Fixed price/ }).isChecked()).toBe(true);
    expect(await form.getByLabel('Valid for (days)').inputValue()).toBe('14');
    // Checked before sending, in the server's words.
    await form.getByRole('button', { name: `Send offer for ${COST} coins` }).click();
    await form.getByText('Please enter the price', { exact: true }).waitFor();
    await form.getByLabel('Price', { exact: true }).fill('249.999');
    await form.getByRole('button', { name: `Send offer for ${COST} coins` }).click();
    await form.getByText('Prices in USD have at most 2 decimals').waitFor();
    await form.getByLabel('Price', { exact: true }).fill('250');
    await form.getByLabel('What the price includes').fill('New trap and tap, parts and two hours of labour.');
    await form.getByLabel('Note to the customer (optional)').fill('Happy to come on Tuesday morning.');
    await expectAccessible(vendorPage, 'offer form');
    await shots(vendorPage, 'offers-form');
    await form.getByRole('button', { name: `Send offer for ${COST} coins` }).click();
    await expectToast(vendorPage, 'Offer sent - Coins deducted');
    await vendorPage
      .getByRole('banner')
      .getByRole('link', { name: `${20 - COST} coins` })
      .waitFor();

    const vendorThread = conversation.getByRole('list', { name: 'Messages' });
    const firstCard = vendorThread.getByTestId('offer-card').first();
    await firstCard.getByText('$250.00').waitFor();
    await firstCard.getByText('Fixed price').waitFor();
    await firstCard.getByText(/^Valid until /).waitFor();
    await firstCard.getByText('Happy to come on Tuesday morning.').waitFor();
    await conversation.getByText(/Your offer: \$250\.00/).waitFor();
    // Paid once: the cost notice is gone.
    await expect.poll(() => conversation.getByText(notice).count()).toBe(0);

    // The customer's page shows the offer card in the conversation.
    const customerView = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    const page = customerView.page;
    await signInThroughApi(page, customer, `/quotes/${quote.id}/edit`);
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Offerline Plumbing/ })
      .click();
    const thread = page.getByRole('list', { name: 'Messages' });
    const customerCard = thread.getByTestId('offer-card').first();
    await customerCard.getByText('$250.00').waitFor();
    await customerCard.getByText('New trap and tap, parts and two hours of labour.').waitFor();
    await expectAccessible(page, 'offer card on the customer page');
    await screenshot(page, 'offers-card-375');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'offers-card-1280');
    await page.setViewportSize(VIEWPORTS.mobile);

    // The pro revises it to a range; the form starts from the standing offer.
    await conversation.getByRole('button', { name: 'Revise offer' }).click();
    const revise = vendorPage.getByRole('dialog', { name: 'Revise your offer' });
    expect(await revise.getByLabel('Price', { exact: true }).inputValue()).toBe('250');
    await revise.getByRole('radio', { name: /Price range/ }).check();
    await revise.getByLabel('Lowest price').fill('200');
    await revise.getByLabel('Highest price').fill('150');
    await revise.getByRole('button', { name: 'Send revised offer' }).click();
    await revise.getByText('The highest price must be above the lowest').waitFor();
    await revise.getByLabel('Highest price').fill('400');
    await revise.getByRole('button', { name: 'Send revised offer' }).click();
    await expectToast(vendorPage, 'Offer revised');
    await conversation.getByText(/Your offer: \$200\.00–\$400\.00/).waitFor();
    // A revision is free.
    await vendorPage
      .getByRole('banner')
      .getByRole('link', { name: `${20 - COST} coins` })
      .waitFor();
    await expectAccessible(vendorPage, 'pro thread with a standing offer');
    await shots(vendorPage, 'offers-vendor-thread');

    // The customer sees the revision arrive, and the earlier version on asking.
    const revised = thread.getByTestId('offer-card').filter({ hasText: 'Revised offer' });
    await revised.getByText('$200.00–$400.00').waitFor();
    await revised.getByText('Price range').waitFor();
    await customerCard.getByText('Replaced by a later version').waitFor();
    await revised.getByRole('button', { name: 'See earlier versions' }).click();
    const versions = revised.getByRole('list', { name: 'Earlier versions of the offer' });
    await versions.getByText('Version 1').waitFor();
    await versions.getByText('$250.00').waitFor();
    expect(await revised.getByRole('button', { name: 'Hide earlier versions' }).getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'revised offer with its history');
    await screenshot(page, 'offers-revised-375');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'offers-revised-1280');

    // The pro withdraws it, after a confirm.
    await conversation.getByRole('button', { name: 'Withdraw offer' }).click();
    const confirm = vendorPage.getByRole('alertdialog', { name: 'Withdraw this offer?' });
    await confirm.getByRole('button', { name: 'Withdraw offer' }).click();
    await expectToast(vendorPage, 'Offer withdrawn');
    await vendorThread.getByTestId('offer-card').filter({ hasText: 'Offer withdrawn' }).waitFor();
    await conversation.getByRole('button', { name: 'Make an offer' }).waitFor();
    // Each earlier card says what became of it.
    await vendorThread.getByTestId('offer-card').nth(0).getByText('Replaced by a later version').waitFor();
    await vendorThread.getByTestId('offer-card').nth(1).getByText('Withdrawn since').waitFor();
    await thread
      .getByTestId('offer-card')
      .filter({ hasText: 'Offer withdrawn' })
      .getByText(/^Withdrawn on /)
      .waitFor();

    // The customer hires the other company (through the API): this request is lost for the pro.
    const customerCookie = await loginAs(app, customer);
    const hired = await app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/hire`,
      payload: { companyId: rival.id },
      headers: { cookie: customerCookie },
    });
    expect(hired.statusCode).toBe(200);

    const notChosen = requests.getByRole('list', { name: 'Requests not chosen' });
    await notChosen.getByRole('link', { name: /Olive Grant/ }).waitFor();
    await requests.getByRole('heading', { name: 'Not chosen (1)' }).waitFor();
    await vendorThread.getByText('The customer hired another company for this job. Thank you for your reply.').waitFor();
    // The offer can no longer change.
    await expect
      .poll(() => conversation.getByRole('button', { name: /Make an offer|Revise offer|Withdraw offer/ }).count())
      .toBe(0);
    await requests.getByRole('link', { name: /Ned Moss/ }).waitFor();
    // The open request comes first, without a heading.
    expect(await requests.getByRole('list').first().getByRole('link').first().textContent()).toContain('Ned Moss');
    await expectAccessible(vendorPage, 'inbox with a request not chosen');
    await screenshot(vendorPage, 'offers-inbox-groups-1280');
    // On a phone the list is its own screen.
    await vendorPage.setViewportSize(VIEWPORTS.mobile);
    await conversation.getByRole('link', { name: 'Back to requests' }).click();
    await notChosen.getByRole('link', { name: /Olive Grant/ }).waitFor();
    await expectAccessible(vendorPage, 'inbox groups on a phone');
    await screenshot(vendorPage, 'offers-inbox-groups-375');

    expect(vendorView.consoleErrors).toEqual([]);
    expect(customerView.consoleErrors).toEqual([]);
    await customerView.context.close();
    await vendorView.context.close();

    // The hired company sees the hire: filed under "Hired", with the contact the customer shared.
    const rivalView = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(rivalView.page, rivalOwner, '/vendorquotes');
    const rivalRequests = rivalView.page.getByRole('region', { name: 'Quote requests' });
    await rivalRequests.getByRole('heading', { name: 'Hired (1)' }).waitFor();
    await rivalRequests
      .getByRole('list', { name: 'Hired requests' })
      .getByRole('link', { name: /Olive Grant/ })
      .click();
    // In the thread (the inbox row previews the same words): the note with the e-mail the customer shared.
    await rivalView.page
      .getByRole('region', { name: 'Conversation' })
      .getByRole('list', { name: 'Messages' })
      .getByText(`They shared their contact details: e-mail ${customer.email}.`, { exact: false })
      .waitFor();
    await expectAccessible(rivalView.page, 'a hired request');

    // Its lead log counts the hire and what it cost.
    await rivalView.page.goto('/profile?tab=companies');
    const card = rivalView.page.getByRole('article', { name: 'Rival Pipes' });
    const hires = card.getByRole('term').filter({ hasText: 'Hires' });
    await hires.waitFor();
    expect(await card.getByRole('definition').last().textContent()).toBe('1');
    await card.getByText(`Cost per hire: ${COST} coins`).waitFor();
    await expectAccessible(rivalView.page, 'lead log with a hire');
    await shots(rivalView.page, 'offers-lead-log');
    expect(rivalView.consoleErrors).toEqual([]);
    await rivalView.context.close();
  });

  it('the published rules say what an offer and a hire are', async () => {
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/how-it-works');
    const offers = page.getByRole('region', { name: 'Offers' });
    await offers.getByText(`(${MIN_OFFER_VALID_DAYS} to ${MAX_OFFER_VALID_DAYS} days)`, { exact: false }).waitFor();
    await offers.getByText('revising or withdrawing an offer costs nothing', { exact: false }).waitFor();
    const hires = page.getByRole('region', { name: 'Hires and verified reviews' });
    await hires.getByText(`"Hired through ${PRODUCT_NAME}"`, { exact: false }).waitFor();
    await expectAccessible(page, 'rules on offers and hires');
    await hires.scrollIntoViewIfNeeded();
    await shots(page, 'offers-rules');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
