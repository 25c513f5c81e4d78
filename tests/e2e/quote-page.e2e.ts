/**
 * A customer's quote page (/quotes/{id}/edit): the draft form (counter, the 100-character rule,
 * Save Draft, an image upload with progress), Submit Quote into the messaging view, a message to
 * a company and the vendor's reply arriving live; another user's quote shows Unauthorized.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@/server/db/schema';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { multipartBody } from '@/server/test/harness';
import { QUOTE_DESCRIPTION_SAVE_MESSAGE } from '@/shared/schemas/quote';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const dir = mkdtempSync(path.join(tmpdir(), 'quote-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function imageFile(name: string) {
  const bytes = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="100%" height="100%" fill="rgb(40,120,200)"/><circle cx="320" cy="240" r="120" fill="white"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

const LONG_DESCRIPTION =
  'We need the whole kitchen repainted: walls, ceiling and trim. The cabinets stay as they are, ' +
  'but the doors need new hinges and the room should be done within two weeks.';

describe('the customer quote page in the browser', () => {
  it('a customer edits, uploads, submits, messages a company and sees the reply live', async () => {
    const db = journey.server.db;
    const vendor = await createUser(db, { firstName: 'Vera', isVerified: true });
    await giveCoins(db, vendor.id, 100);
    const company = await createCompany(db, { name: 'Bright Painters', ownerId: vendor.id });
    const other = await createCompany(db, { name: 'Second Coat Co' });
    const customer = await createUser(db, { firstName: 'Cara', isVerified: true });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id, other.id], status: 'draft' });

    const { page, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, customer, `/quotes/${quote.id}/edit`);
    const form = page.getByRole('form', { name: 'Edit quote' });
    await form.waitFor();
    expect(await page.getByRole('link', { name: 'Back to My Quotes' }).getAttribute('href')).toBe('/myquotes');
    const summary = page.getByRole('complementary', { name: 'Quote summary' });
    await summary.getByText('Bright Painters').waitFor();
    await summary.getByText('Austin, TX').first().waitFor();

    // The counter follows the description; a short one gets the save wording.
    const description = form.getByLabel('Project Description');
    await description.fill('Too short');
    await form.getByText('9/100 minimum').waitFor();
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await form.getByText(QUOTE_DESCRIPTION_SAVE_MESSAGE).waitFor();
    await expectAccessible(page, 'quote draft with an error');

    await form.getByLabel('Quote Name').fill('Kitchen repaint');
    await description.fill(LONG_DESCRIPTION);
    await form.getByText(`${LONG_DESCRIPTION.length}/100 minimum`).waitFor();
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByText('Quote updated').waitFor();

    // The image upload saves the text first, then shows its progress.
    await page.route('**/api/quotes/*/images', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByTestId('quote-image-input').setInputFiles(await imageFile('kitchen.png'));
    const progress = form.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    await screenshot(page, 'quote-draft-uploading-1280');
    await progress.waitFor({ state: 'detached' });
    await form.getByRole('img', { name: 'Project image 1' }).waitFor();
    await page.getByText('Image uploaded').waitFor();

    await expectAccessible(page, 'quote draft');
    await screenshot(page, 'quote-draft-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'quote-draft-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Submit: the page turns into the messaging view.
    await form.getByRole('button', { name: 'Submit Quote' }).click();
    await page.getByText('Quote submitted').waitFor();
    const conversations = page.getByRole('list', { name: 'Conversations' });
    await conversations.getByRole('button', { name: /Bright Painters/ }).waitFor();
    await page.getByRole('heading', { name: 'Conversation with Bright Painters' }).waitFor();
    await page.getByText('No messages yet').first().waitFor();

    const composer = page.getByRole('form', { name: 'Send a message' });
    await composer.getByRole('button', { name: 'Send' }).click();
    await composer.getByText('Please enter a message or select an image').waitFor();
    await composer.getByLabel('Message', { exact: true }).fill('Hello, when could you start?');
    await composer.getByLabel('Message', { exact: true }).press('Enter');
    await page.getByText('Message sent').first().waitFor();
    const thread = page.getByRole('list', { name: 'Messages' });
    await thread.getByText('Hello, when could you start?').waitFor();

    // The vendor replies through the API; the reply arrives without a reload.
    const hub = journey.server.app.services.hub;
    await expect.poll(() => hub.connectionCount()).toBeGreaterThan(0);
    const vendorCookie = await loginAs(journey.server.app, vendor);
    // As the vendor inbox does: the reply confirms the cost the vendor was shown.
    const shown = await journey.server.app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.id}/companies/${company.id}/coin-cost`,
      headers: { cookie: vendorCookie },
    });
    const { payload, headers } = multipartBody({ message: 'We can start next Monday.', coinCost: String(shown.json().coinCost) });
    const reply = await journey.server.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/companies/${company.id}/messages`,
      payload,
      headers: { ...headers, cookie: vendorCookie },
    });
    expect(reply.statusCode).toBe(201);
    await thread.getByText('We can start next Monday.').waitFor();
    await expect.poll(() => thread.getByRole('listitem').count()).toBe(2);
    // The open thread marks the reply read: no unread badge stays on the conversation.
    await expect
      .poll(async () => {
        const rows = await db
          .select({ isRead: messages.isRead })
          .from(messages)
          .where(and(eq(messages.quoteId, quote.id), eq(messages.senderType, 'company')));
        return rows.map((row) => row.isRead);
      })
      .toEqual([true]);
    await expect.poll(() => conversations.getByLabel(/unread/).count()).toBe(0);

    // The quote details card opens its image in a lightbox; Esc closes it.
    await page.getByRole('button', { name: 'Open Project image 1' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Project image 1' });
    await lightbox.waitFor();
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });

    await expectAccessible(page, 'quote messaging');
    await screenshot(page, 'quote-messaging-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'quote-messaging-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Another user's quote: the Unauthorized panel with the server's words.
    const stranger = await createUser(db);
    const foreign = await createQuote(db, { userId: stranger.id, companyIds: [company.id], status: 'draft' });
    await page.goto(`/quotes/${foreign.id}/edit`);
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    await page.getByText("You don't have permission to view or edit this quote.").waitFor();
    await expectAccessible(page, 'quote unauthorized');
    await screenshot(page, 'quote-unauthorized-1280');

    expect(consoleErrors).toEqual([]);
  });

  it('a signed-out visitor gets the login dialog and Access Required', async () => {
    const { page, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await page.goto('/quotes/1/edit');
    await page.getByRole('dialog', { name: 'Log In to Your Account' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Access Required' }).waitFor();
    await expectAccessible(page, 'quote signed out');
    await screenshot(page, 'quote-signed-out-375');
    expect(consoleErrors).toEqual([]);
  });
});
