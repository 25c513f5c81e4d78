/**
 * Notification preferences on the profile of a business owner: a parent switch turned off takes
 * its sub-switches with it; the weekly summary of their companies is a switch of its own, paused
 * while e-mail is off; texts without a phone open the phone dialog, which asks for a phone and
 * consent; the plan is the Free Plan, which cannot be changed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { createCompany, createUser } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

const stored = async (id: number) => (await journey.server.db.select().from(users).where(eq(users.id, id)))[0];

describe('notification preferences', () => {
  it('turns children off with their parent and asks for a phone before texts', async () => {
    const user = await createUser(journey.server.db, { firstName: 'Nora' });
    await createCompany(journey.server.db, { ownerId: user.id, name: 'Nora Landscaping' });
    const { page, context, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, user, '/profile');
    await page.getByRole('heading', { name: 'Notification Preferences' }).waitFor();

    const email = page.getByRole('switch', { name: 'Email notifications' });
    const emailQuotes = page.getByRole('switch', { name: 'Email Quote requests' });
    const emailMessages = page.getByRole('switch', { name: 'Email Messages' });
    expect(await email.getAttribute('aria-checked')).toBe('true');
    expect(await emailQuotes.getAttribute('aria-checked')).toBe('true');

    await emailMessages.click();
    await expect.poll(async () => (await stored(user.id)).emailNotificationsMessages).toBe(false);

    // The weekly summary: on by default, its own choice, paused (disabled) while e-mail is off.
    const weekly = page.getByRole('switch', { name: "Email Weekly summary of my companies' activity" });
    expect(await weekly.getAttribute('aria-checked')).toBe('true');
    await weekly.click();
    await expect.poll(async () => (await stored(user.id)).emailWeeklySummary).toBe(false);
    await expect.poll(() => weekly.getAttribute('aria-checked')).toBe('false');
    await weekly.click();
    await expect.poll(async () => (await stored(user.id)).emailWeeklySummary).toBe(true);

    await email.click();
    await expect.poll(async () => (await stored(user.id)).emailNotifications).toBe(false);
    // The screen follows the saved answer: poll rather than race the re-render.
    await expect.poll(() => emailQuotes.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => emailQuotes.isDisabled()).toBe(true);
    expect((await stored(user.id)).emailNotificationsQuotes).toBe(false);
    await expect.poll(() => weekly.isDisabled()).toBe(true);
    expect((await stored(user.id)).emailWeeklySummary).toBe(true);

    // Texts are off by default and need a phone: the dialog opens instead.
    const text = page.getByRole('switch', { name: 'Text notifications' });
    expect(await text.getAttribute('aria-checked')).toBe('false');
    await text.click();
    const dialog = page.getByRole('dialog', { name: 'Enable Text Notifications' });
    await dialog.getByLabel('Mobile phone number').fill('555-12');
    await dialog.getByRole('button', { name: 'Enable Texts' }).click();
    await dialog.getByText('Valid phone number is required').waitFor();
    await dialog.getByText('You must agree to receive text messages').waitFor();
    await expectAccessible(page, 'phone dialog');
    await screenshot(page, 'profile-sms-dialog-1280');
    await dialog.getByLabel('Mobile phone number').fill('(512) 555-0142');
    await dialog.getByRole('checkbox').click();
    await dialog.getByRole('button', { name: 'Enable Texts' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await stored(user.id)).textNotifications).toBe(true);
    expect(await stored(user.id)).toMatchObject({ phoneNumber: '(512) 555-0142', textNotificationsQuotes: true });
    await expect.poll(() => page.getByRole('switch', { name: 'Text Messages' }).getAttribute('aria-checked')).toBe('true');

    await text.click();
    await expect.poll(async () => (await stored(user.id)).textNotificationsMessages).toBe(false);
    expect((await stored(user.id)).textNotifications).toBe(false);

    await page.getByText('Free Plan').waitFor();
    expect(await page.getByRole('button', { name: 'Manage' }).isDisabled()).toBe(true);
    await page.getByText('There is no paid plan to change to.').waitFor();
    await expectAccessible(page, 'profile with preferences');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'profile-preferences-375');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
