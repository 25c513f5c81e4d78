/**
 * The admin's view of the machinery: /admin/system lists every periodic job with its last run and
 * next time, runs one on request, shows the outbox's queue and the notices given up on, and sends
 * one again with Retry — at both sizes, with axe and a quiet console. Above them, the instance:
 * version, database, migrations, stored files, last backup.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knownMigrations } from '@/server/db/client';
import { jobs, notificationOutbox } from '@/server/db/schema';
import { createUser } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

describe('the System screen', () => {
  it('shows the jobs and the outbox, runs a job now and retries a notice given up on', async () => {
    const db = journey.server.db;
    const admin = await createUser(db, { firstName: 'Ada', isAdmin: true, isVerified: true });
    // A notice the mail server refused until its attempts ran out.
    const [given] = await db
      .insert(notificationOutbox)
      .values({
        channel: 'email',
        kind: 'quote_request',
        recipient: 'owner@listing.example',
        subject: 'New quote request',
        bodyText: 'A customer asked for a quote.',
        attempts: 15,
        lastError: '550 mailbox unavailable',
        failedAt: sql`now()`,
      })
      .returning();

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin');
    await page
      .getByRole('link', { name: /System/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'System' }).waitFor();

    // The instance: its version, the embedded database, every migration applied, no backup yet.
    const instance = page.getByRole('region', { name: 'Instance' });
    await instance.getByText('Embedded', { exact: true }).waitFor();
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    await instance.getByText(version, { exact: true }).waitFor();
    const known = knownMigrations().length;
    await instance.getByText(`${known} of ${known}`).waitFor();
    await instance.getByText('None recorded').waitFor();

    const jobsTable = page.getByRole('table', { name: /Periodic jobs/ });
    await jobsTable.getByText('quotes.complete-idle').waitFor();
    expect(await jobsTable.getByRole('row').count()).toBeGreaterThanOrEqual(8);
    await page.getByText('Given up on').first().waitFor();
    const failedTable = page.getByRole('table', { name: /Notices given up on/ });
    await failedTable.getByRole('cell', { name: 'owner@listing.example', exact: true }).waitFor();
    await failedTable.getByText('550 mailbox unavailable').waitFor();
    await expectAccessible(page, 'admin system');
    await screenshot(page, 'admin-system-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'admin-system-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Run now: the job runs, and its row shows the run.
    await jobsTable.getByRole('button', { name: /Run now.*Quotes: complete idle/ }).click();
    await page.getByText('Job started').waitFor();
    await expect
      .poll(async () => (await db.select().from(jobs).where(eq(jobs.name, 'quotes.complete-idle')))[0]?.runs, { timeout: 30_000 })
      .toBe(1);
    await jobsTable.getByText('0 idle quotes completed').waitFor({ timeout: 30_000 });

    // Retry: the notice is sent again (the journey's mail server accepts it).
    await failedTable.getByRole('button', { name: /Retry.*owner@listing.example/ }).click();
    await page.getByText('Notice queued again').waitFor();
    await journey.server.smtp.waitFor('owner@listing.example', 1);
    await page.getByText('No notice has been given up on.').waitFor({ timeout: 30_000 });
    const [row] = await db.select().from(notificationOutbox).where(eq(notificationOutbox.id, given.id));
    expect(row.sentAt).not.toBeNull();

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('is for admins only', async () => {
    const user = await createUser(journey.server.db, { firstName: 'Ned', isVerified: true });
    const { page, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, user, '/admin/system');
    await page.getByRole('heading', { name: 'Unauthorized Access' }).waitFor();
    expect((await journey.server.app.inject({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
    await context.close();
  });
});
