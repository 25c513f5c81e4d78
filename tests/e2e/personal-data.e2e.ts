/**
 * Personal data in the browser: from the profile a user asks for a copy of their data, the job
 * mails a link (read from the SMTP sink) to a page that only checks it (as a mail scanner's visit
 * would), its Download button saves the ZIP once, and then the page says the link was used; and a user deletes their account with their password (a wrong one is refused in the
 * dialog), is signed out, and signs up again with the same address. At 1280 and 375 px, with axe
 * finding nothing serious.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { createUser } from '@/server/test/factories';
import { linkFrom } from '@/server/test/smtp-sink';
import { expectAccessible, openPage, screenshot, signUpThroughDialog, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

function zipEntries(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Presses the page's Download button and answers the file the browser saved. */
async function downloadThroughButton(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

describe('personal data', () => {
  it('the privacy page is served with the retention schedule already in it', async () => {
    const html = await (await fetch(`${journey.server.baseUrl}/privacy`)).text();
    expect(html).toContain('How long we keep it');
    expect(html).toContain('job privacy.export-retention');
    expect(html).toContain('job auth.prune-sessions-and-tokens');
    expect(html).toContain('Download your data');
    expect(html).toContain('Delete your account');
  });

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`asks for a copy, gets the mail, downloads the ZIP once (${label})`, async () => {
      const user = await createUser(journey.server.db, { firstName: 'Petra', isVerified: true });
      const { page, context, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl, viewport);
      await signInThroughApi(page, user, '/profile?tab=privacy');
      const section = page.getByRole('region', { name: 'Download your data' });
      await section.getByText('You have not asked for a copy of your data yet.').waitFor();
      await expectAccessible(page, `profile with the personal-data sections (${label})`);

      await section.getByRole('button', { name: 'Request a copy' }).click();
      await section.getByText(/Preparing your copy|Mailed/).waitFor();
      const [mail] = await journey.server.smtp.waitFor(user.email);
      expect(mail.subject).toBe('Your LocalPros data is ready to download');
      const link = linkFrom(mail, `${journey.server.baseUrl}/data-export?token=`);
      // The status is asked again while the copy is prepared: it says "Mailed" by itself.
      await section.getByText(/^Mailed on .*the link in the e-mail works once, until/).waitFor({ timeout: 30_000 });
      await screenshot(page, `personal-data-mailed-${viewport.width}`);

      // A mail scanner fetches the link first (and the old download path by GET): nothing is spent.
      const token = new URL(link).searchParams.get('token')!;
      expect((await fetch(link)).status).toBe(200);
      const prefetch = await fetch(`${journey.server.baseUrl}/api/data-export/download?token=${encodeURIComponent(token)}`);
      expect(prefetch.headers.get('content-type')).toContain('text/html');

      await page.goto(link);
      await page.getByRole('heading', { name: 'Download your data' }).waitFor();
      // The token leaves the address once read.
      await page.waitForURL(`${journey.server.baseUrl}/data-export`);
      await page.getByRole('button', { name: 'Download', exact: true }).waitFor();
      // The page reads its own token: the address's reset-token watcher leaves it alone.
      expect(await page.locator('[data-sonner-toast]').allTextContents()).toEqual([]);
      await expectAccessible(page, `data-export page (${label})`);
      await screenshot(page, `data-export-page-${viewport.width}`);
      const file = await downloadThroughButton(page);
      expect(file.name).toMatch(/^localpros-data-\d{4}-\d{2}-\d{2}\.zip$/);
      expect(file.bytes.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
      expect(await zipEntries(file.bytes)).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'messages.json']));
      await page.getByText('Your download has started.').waitFor();

      // The link a second time: the page says it was used, and offers no button.
      await page.goto(link);
      await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
      await page.getByText('This download link was already used.').waitFor();
      expect(await page.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0);
      await expectAccessible(page, `used download link (${label})`);

      await page.goto('/profile?tab=privacy');
      await page
        .getByRole('region', { name: 'Download your data' })
        .getByText(/last copy was downloaded/)
        .waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

    it(`deletes the account with the password, signs out, and the address signs up again (${label})`, async () => {
      const user = await createUser(journey.server.db, { firstName: 'Dana', lastName: 'Gone', isVerified: true });
      const { page, context, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl, viewport);
      await signInThroughApi(page, user, '/profile?tab=privacy');
      const section = page.getByRole('region', { name: 'Delete account' });
      await section.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Password').fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('That password is not right. Your account was not deleted.').waitFor();
      await expectAccessible(page, `delete-account dialog with a wrong password (${label})`);
      await screenshot(page, `delete-account-dialog-${viewport.width}`);

      await dialog.getByLabel('Password').fill(user.password);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByText('Your account was deleted. We are sorry to see you go.').first().waitFor();
      await page.waitForURL(`${journey.server.baseUrl}/`);
      await page.getByRole('banner').getByRole('button', { name: 'Log In' }).waitFor();
      // The session is gone on the server too.
      const me = await page.evaluate(async () => (await fetch('/api/me', { credentials: 'include' })).status);
      expect(me).toBe(401);

      await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
      await signUpThroughDialog(page, { firstName: 'Dana', lastName: 'Anew', email: user.email, password: 'fresh-start-42' });
      await page.getByRole('heading', { name: 'My Profile' }).waitFor({ timeout: 20_000 });
      const fresh = await page.evaluate(
        async () => (await (await fetch('/api/me', { credentials: 'include' })).json()) as unknown,
      );
      expect(fresh).toMatchObject({ email: user.email, lastName: 'Anew' });
      expect((fresh as { id: number }).id).not.toBe(user.id);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
  it('shows an administrator a deleted account as Deleted, with nothing to act on, and out of the count', async () => {
    const admin = await createUser(journey.server.db, { firstName: 'Ada', lastName: 'Admin', isAdmin: true, isVerified: true });
    const gone = await createUser(journey.server.db, { firstName: 'Gwen', isVerified: true });
    await journey.server.app.services.privacy.erase(gone.id, { deletedBy: gone.id });
    const { page, context, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.desktop);
    await signInThroughApi(page, admin, '/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Manage Users' }).waitFor();
    await page.getByText(/^\d+ deleted$/).waitFor();
    // The count is of live accounts, the dashboard's figure.
    const stats = await page.evaluate(
      async () => (await (await fetch('/api/admin/stats', { credentials: 'include' })).json()) as { usersCount: number },
    );
    await page.getByText(`${stats.usersCount} users`, { exact: true }).waitFor();
    await page.getByLabel('Filter users').fill(`deleted-${gone.id}@`);
    const row = page
      .getByRole('region', { name: 'Users table' })
      .getByRole('row')
      .filter({ hasText: `deleted-${gone.id}@` });
    await row.getByText('Deleted', { exact: true }).waitFor();
    await row.getByText(/^Deleted on /).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await expectAccessible(page, 'admin users with a deleted account');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
