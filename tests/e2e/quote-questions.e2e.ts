/**
 * Questions per category, end to end: an admin adds a required one-choice question (an empty
 * option refused first, by the shared schema, under the option), a number question and a date
 * question; a customer starts a quote there, saves a draft with two answers, finds them again
 * after a reload, is stopped at Submit under the unanswered required question, then under an
 * option the admin reworded meanwhile (the server's refusal, the form reading the questions again),
 * answers and sends; the pro reads the answers before paying (on a phone, above the reply's cost).
 */
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller } from '@/server/test/harness';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import type { CategoryQuestions, StoredAnswer } from '@/shared/schemas/questions';
import { expectAccessible, expectToast, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

const SHOTS = '/tmp/shots';
const FIXING = 'What needs fixing?';
const ROOMS = 'How many rooms are affected?';
const WHEN = 'When should the work start?';
const DESCRIPTION =
  'Water drips through the ceiling under the upstairs bathroom whenever the shower runs. ' +
  'We would like someone to find the leak and repair it, then patch the ceiling.';

/** Kept with the suite's screenshots and in /tmp/shots for a person to look at. */
async function shot(page: Page, name: string) {
  await screenshot(page, `questions-${name}`);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/questions-${name}.png`, fullPage: true });
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function questionsOf(categoryId: number): Promise<CategoryQuestions> {
  const answer = await journey.server.app.inject({ method: 'GET', url: `/api/categories/${categoryId}/questions` });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function storedQuote(quoteId: number) {
  const { rows } = await journey.server.db.execute<{ status: string; answers: StoredAnswer[] }>(
    sql`SELECT status, answers FROM quotes WHERE id = ${quoteId}`,
  );
  return rows[0];
}

describe('questions per category in the browser', () => {
  it('an admin adds questions, a customer answers them in a draft and at submit, and the pro reads them before paying', async () => {
    const db = journey.server.db;
    const tree = await journey.server.app.inject({ method: 'GET', url: '/api/categories/with-subcategories' });
    const plumbing = tree.json<CategoryWithSubcategories[]>().find((category) => category.slug === 'plumbing-services')!;
    await db.execute(sql`UPDATE category_coin_costs SET cost = 5 WHERE category_id = ${plumbing.id}`);
    const seeded = (await questionsOf(plumbing.id)).questions;
    const admin = await createUser(db, { firstName: 'Ada', lastName: 'Admin', isAdmin: true, isVerified: true });
    const vendor = await createUser(db, { firstName: 'Vera', isVerified: true });
    await giveCoins(db, vendor.id, 20);
    const company = await createCompany(db, { name: 'Askwell Leak Repair', ownerId: vendor.id });
    const customer = await createUser(db, { firstName: 'Lena', lastName: 'Park' });

    // ── The admin adds a required one-choice question and a number question. ──
    const adminView = await openPage(journey.browser, journey.server.baseUrl);
    const adminPage = adminView.page;
    await signInThroughApi(adminPage, admin, '/admin/categories?tab=questions');
    const panel = adminPage.getByRole('tabpanel', { name: 'Questions' });
    await panel.getByLabel('Category', { exact: true }).selectOption({ label: plumbing.name });
    const editor = panel.getByRole('form', { name: `Questions of ${plumbing.name}` });
    await editor.waitFor();
    if (seeded.length === 0) await editor.getByText('This category asks no questions yet.').waitFor();
    else await editor.getByRole('group', { name: `Question ${seeded.length}`, exact: true }).waitFor();

    await editor.getByRole('button', { name: 'Add question' }).click();
    const fixing = editor.getByRole('group', { name: `Question ${seeded.length + 1}`, exact: true });
    // The new question's wording takes the keyboard.
    const fixingLabel = fixing.getByLabel('Question', { exact: true });
    await expect.poll(() => isFocused(fixingLabel)).toBe(true);
    await fixingLabel.fill(FIXING);
    expect(await fixing.getByLabel('Kind of answer').inputValue()).toBe('single_choice');
    await fixing.getByRole('checkbox', { name: 'Required to submit' }).click();
    await fixing.getByLabel(`Option 1 of question ${seeded.length + 1}`).fill('A leaking pipe');

    // An empty option is refused before anything is sent, under that option, which takes the keyboard.
    const save = editor.getByRole('button', { name: `Save questions for ${plumbing.name}` });
    await save.click();
    const secondOption = fixing.getByLabel(`Option 2 of question ${seeded.length + 1}`);
    await fixing.getByRole('alert').filter({ hasText: 'An option cannot be empty' }).waitFor();
    expect(await secondOption.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => isFocused(secondOption)).toBe(true);
    expect((await questionsOf(plumbing.id)).questions).toHaveLength(seeded.length);
    await secondOption.fill('A blocked drain');
    expect(await fixing.getByRole('alert').count()).toBe(0);

    // A number question, moved above the first: the button pressed keeps the keyboard.
    await editor.getByRole('button', { name: 'Add question' }).click();
    const rooms = editor.getByRole('group', { name: `Question ${seeded.length + 2}`, exact: true });
    await rooms.getByLabel('Question', { exact: true }).fill(ROOMS);
    await rooms.getByLabel('Kind of answer').selectOption({ label: 'Number with unit' });
    await rooms.getByLabel('Unit (optional)').fill('rooms');
    await rooms.getByRole('button', { name: `Move question ${seeded.length + 2} up` }).click();
    const movedRooms = editor.getByRole('group', { name: `Question ${seeded.length + 1}`, exact: true });
    expect(await movedRooms.getByLabel('Question', { exact: true }).inputValue()).toBe(ROOMS);
    await expect
      .poll(() => isFocused(movedRooms.getByRole('button', { name: `Move question ${seeded.length + 1} up` })))
      .toBe(seeded.length > 0);
    // And a date question at the end.
    await editor.getByRole('button', { name: 'Add question' }).click();
    const when = editor.getByRole('group', { name: `Question ${seeded.length + 3}`, exact: true });
    await when.getByLabel('Question', { exact: true }).fill(WHEN);
    await when.getByLabel('Kind of answer').selectOption({ label: 'Date or "Flexible"' });
    expect(await when.getByRole('group', { name: 'Options' }).count()).toBe(0);
    await editor.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    await expectAccessible(adminPage, 'the questions editor');

    await save.click();
    await expectToast(adminPage, 'Questions saved', `${plumbing.name} asks ${seeded.length + 3} questions.`);
    const saved = (await questionsOf(plumbing.id)).questions;
    expect(saved.slice(0, seeded.length).map((question) => question.id)).toEqual(seeded.map((question) => question.id));
    expect(
      saved.slice(seeded.length).map(({ label, kind, required, options, unit }) => ({ label, kind, required, options, unit })),
    ).toEqual([
      { label: ROOMS, kind: 'number', required: false, options: [], unit: 'rooms' },
      { label: FIXING, kind: 'single_choice', required: true, options: ['A leaking pipe', 'A blocked drain'], unit: null },
      { label: WHEN, kind: 'date', required: false, options: [], unit: null },
    ]);
    expect(await editor.getByRole('status').filter({ hasText: 'Unsaved changes' }).count()).toBe(0);
    await shot(adminPage, 'admin-1280');
    await adminPage.setViewportSize(VIEWPORTS.mobile);
    await expectAccessible(adminPage, 'the questions editor on a phone');
    await expectNoOverflow(adminPage);
    await shot(adminPage, 'admin-375');
    expect(adminView.consoleErrors).toEqual([]);
    await adminView.context.close();

    // ── The customer starts a quote in the category on a phone. ──
    const customerView = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    const page = customerView.page;
    await page.goto('/search?q=askwell');
    await page.getByRole('checkbox', { name: `Select ${company.name}` }).click();
    await page.getByRole('button', { name: 'Start Quote (1)' }).click();
    const login = page.getByRole('dialog', { name: 'Log In to Your Account' });
    await login.getByLabel('Email').fill(customer.email);
    await login.getByLabel('Password').fill(customer.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/quotes\/\d+\/edit$/);
    const quoteId = Number(/\/quotes\/(\d+)\/edit$/.exec(page.url())![1]);

    const form = page.getByRole('form', { name: 'Edit quote' });
    await form.getByLabel('Project Description').fill(DESCRIPTION);
    const asked = form.getByRole('group', { name: 'A few questions for the pros' });
    const fixingGroup = asked.getByRole('radiogroup', { name: `${FIXING} (required)` });
    await fixingGroup.waitFor();
    const roomsInput = asked.getByLabel(ROOMS);
    await roomsInput.fill('3');
    // A date question: "Flexible" puts the date away.
    const whenGroup = asked.getByRole('group', { name: WHEN });
    await whenGroup.getByLabel(`Date for ${WHEN}`).waitFor();
    await whenGroup.getByRole('radio', { name: 'Flexible' }).check();
    expect(await whenGroup.getByLabel(`Date for ${WHEN}`).count()).toBe(0);
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await expectToast(page, 'Quote updated');
    const idOf = (label: string) => saved.find((question) => question.label === label)!.id;
    expect((await storedQuote(quoteId)).answers).toEqual([
      { questionId: idOf(ROOMS), question: ROOMS, kind: 'number', unit: 'rooms', value: 3 },
      { questionId: idOf(WHEN), question: WHEN, kind: 'date', unit: null, value: 'flexible' },
    ]);

    // Reopened, the draft shows its answers.
    await page.reload();
    await form.getByLabel('Project Description').waitFor();
    await expect.poll(() => roomsInput.inputValue()).toBe('3');
    expect(await whenGroup.getByRole('radio', { name: 'Flexible' }).isChecked()).toBe(true);

    // Submit stops at the unanswered required question, says so under it and puts the keyboard there.
    await form.getByRole('button', { name: 'Submit Quote' }).click();
    const missing = fixingGroup.getByRole('alert').filter({ hasText: `Please choose an answer to "${FIXING}"` });
    await missing.waitFor();
    expect(await fixingGroup.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => isFocused(fixingGroup.getByRole('radio', { name: 'A leaking pipe' }))).toBe(true);
    expect((await storedQuote(quoteId)).status).toBe('draft');
    await expectAccessible(page, 'the quote form with a missing answer');
    await shot(page, 'form-375');
    await expectNoOverflow(page);
    await page.setViewportSize(VIEWPORTS.desktop);
    await shot(page, 'form-1280');
    await page.setViewportSize(VIEWPORTS.mobile);

    // Meanwhile the admin rewords an option: the server refuses the old wording under its question,
    // and the form reads the questions again.
    const reworded = await apiCaller(journey.server.app)(
      'PUT',
      `/api/admin/categories/${plumbing.id}/questions`,
      await loginAs(journey.server.app, admin),
      {
        questions: saved.map(({ id, kind, label, helpText, required, options, unit }) => ({
          id,
          kind,
          label,
          helpText,
          required,
          options: label === FIXING ? ['A burst pipe', 'A blocked drain'] : options,
          unit,
        })),
      },
    );
    expect(reworded.statusCode).toBe(200);
    await fixingGroup.getByRole('radio', { name: 'A leaking pipe' }).check();
    expect(await missing.count()).toBe(0);
    await form.getByRole('button', { name: 'Submit Quote' }).click();
    const stale = fixingGroup.getByRole('alert').filter({ hasText: `Please choose one of the options for "${FIXING}"` });
    await stale.waitFor();
    await fixingGroup.getByRole('radio', { name: 'A burst pipe' }).waitFor();
    await expect.poll(() => isFocused(fixingGroup.getByRole('radio', { name: 'A burst pipe' }))).toBe(true);
    expect((await storedQuote(quoteId)).status).toBe('draft');

    await fixingGroup.getByRole('radio', { name: 'A burst pipe' }).check();
    expect(await stale.count()).toBe(0);
    await form.getByRole('button', { name: 'Submit Quote' }).click();
    await expectToast(page, 'Quote submitted');
    const stored = await storedQuote(quoteId);
    expect(stored.status).toBe('in_progress');
    expect(stored.answers.map((answer) => [answer.question, answer.value])).toEqual([
      [ROOMS, 3],
      [FIXING, 'A burst pipe'],
      [WHEN, 'flexible'],
    ]);
    // The customer's read-only details say what was answered.
    const summary = page.getByRole('complementary', { name: 'Quote summary' });
    await summary.getByRole('heading', { name: 'Your answers for the pros' }).waitFor();
    await summary.getByText('3 rooms', { exact: true }).waitFor();
    await summary.getByText('A burst pipe', { exact: true }).waitFor();
    await expectAccessible(page, "the customer's sent request");
    await shot(page, 'details-375');
    expect(customerView.consoleErrors).toEqual([]);
    await customerView.context.close();

    // ── The pro reads the answers before what the reply costs. ──
    const vendorView = await openPage(journey.browser, journey.server.baseUrl);
    const vendorPage = vendorView.page;
    await signInThroughApi(vendorPage, vendor, `/vendorquotes/${quoteId}?company=${company.id}`);
    const conversation = vendorPage.getByRole('region', { name: 'Conversation' });
    const details = vendorPage.getByRole('region', { name: 'Quote details' });
    const notice = conversation
      .getByText('This reply will cost 5 coins from your balance of 20 coins.', { exact: false })
      .first();
    await notice.waitFor();
    // A wide screen shows them in the details beside the thread, on the first screen.
    const detailsAnswers = details.getByRole('heading', { name: "The customer's answers" });
    await detailsAnswers.waitFor();
    for (const text of ['3 rooms', 'A burst pipe', 'Flexible']) await details.getByText(text, { exact: true }).waitFor();
    const lastAnswer = (await details.getByText('Flexible', { exact: true }).boundingBox())!;
    expect(lastAnswer.y + lastAnswer.height).toBeLessThan(VIEWPORTS.desktop.height);
    expect(await conversation.getByRole('heading', { name: "The customer's answers" }).isVisible()).toBe(false);
    await expectAccessible(vendorPage, "the pro's request with answers");
    await shot(vendorPage, 'vendor-1280');

    // On a phone the details come after the composer: the thread shows the answers above the cost.
    await vendorPage.setViewportSize(VIEWPORTS.mobile);
    const answersHeading = conversation.getByRole('heading', { name: "The customer's answers" });
    await answersHeading.waitFor();
    for (const text of ['3 rooms', 'A burst pipe', 'Flexible']) await conversation.getByText(text, { exact: true }).waitFor();
    const before = await answersHeading.evaluate(
      (heading, other) => (heading.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      await notice.elementHandle(),
    );
    expect(before).toBe(true);
    expect((await answersHeading.boundingBox())!.y).toBeLessThan((await notice.boundingBox())!.y);
    await expectAccessible(vendorPage, "the pro's request with answers on a phone");
    await expectNoOverflow(vendorPage);
    await shot(vendorPage, 'vendor-375');
    expect(vendorView.consoleErrors).toEqual([]);
    await vendorView.context.close();
  });

  it('an admin whose list went stale sees the refusal under the question, then empties a category', async () => {
    const db = journey.server.db;
    const tree = await journey.server.app.inject({ method: 'GET', url: '/api/categories/with-subcategories' });
    const category = tree.json<CategoryWithSubcategories[]>().find((entry) => entry.slug === 'cleaning-services')!;
    const seeded = (await questionsOf(category.id)).questions;
    // The seed gives every category its questions; this test removes them.
    expect(seeded.length).toBeGreaterThan(1);
    const admin = await createUser(db, { firstName: 'Ada', lastName: 'Admin', isAdmin: true, isVerified: true });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin/categories?tab=questions');
    const panel = page.getByRole('tabpanel', { name: 'Questions' });
    await panel.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
    const editor = panel.getByRole('form', { name: `Questions of ${category.name}` });
    const last = editor.getByRole('group', { name: `Question ${seeded.length}`, exact: true });
    await last.waitFor();

    // Another admin deletes the last question while this list is open; saving the list with it is refused under it.
    const withoutLast = seeded.slice(0, -1).map(({ id, kind, label, helpText, required, options, unit }) => ({
      id,
      kind,
      label,
      helpText,
      required,
      options,
      unit,
    }));
    const call = apiCaller(journey.server.app);
    expect(
      (
        await call('PUT', `/api/admin/categories/${category.id}/questions`, await loginAs(journey.server.app, admin), {
          questions: withoutLast,
        })
      ).statusCode,
    ).toBe(200);
    const lastLabel = last.getByLabel('Question', { exact: true });
    await lastLabel.fill(`${seeded.at(-1)!.label} (reworded)`);
    await editor.getByRole('button', { name: `Save questions for ${category.name}` }).click();
    await last.getByRole('alert').filter({ hasText: 'reload the page to see the current questions' }).waitFor();
    await expect.poll(() => isFocused(lastLabel)).toBe(true);
    await expectToast(page, 'Failed to save questions');
    expect((await questionsOf(category.id)).questions).toHaveLength(seeded.length - 1);

    // Discard brings the list as stored now.
    await editor.getByRole('button', { name: 'Discard changes' }).click();
    await editor.getByRole('group', { name: `Question ${seeded.length - 1}`, exact: true }).waitFor();
    expect(await last.count()).toBe(0);
    expect(await editor.getByRole('button', { name: 'Discard changes' }).count()).toBe(0);

    // Every question removed, one by one: the keyboard stays in the list, and ends on Add question.
    for (let left = seeded.length - 1; left > 0; left -= 1) {
      await editor.getByRole('button', { name: 'Remove question 1', exact: true }).click();
    }
    await editor.getByText('You removed every question: save to ask none in this category.').waitFor();
    await expect.poll(() => isFocused(editor.getByRole('button', { name: 'Add question' }))).toBe(true);
    await editor.getByRole('button', { name: `Save questions for ${category.name}` }).click();
    await expectToast(page, 'Questions saved', `${category.name} asks no questions.`);
    await editor.getByText('This category asks no questions yet.').waitFor();
    expect((await questionsOf(category.id)).questions).toEqual([]);
    await expectAccessible(page, 'a category with no questions');
    await shot(page, 'admin-empty-1280');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
