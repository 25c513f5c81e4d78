/**
 * An owner manages their company's photos from the profile (upload with progress, reorder,
 * caption, delete), sees them in the public carousel, is told when a file is not an image, tries
 * the upload test page, and reads their coin balance and history.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMovement } from '@/server/modules/coins/coins.repository';
import { createCompany, createQuote, createUser, giveCoins } from '@/server/test/factories';
import { COMPANY_IMAGE_TYPES_MESSAGE } from '@/shared/schemas/upload';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

const dir = mkdtempSync(path.join(tmpdir(), 'company-photos-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real picture with some detail, written to a temp file as the browser's file picker wants. */
async function imageFile(name: string, format: 'png' | 'jpeg', color: { r: number; g: number; b: number }) {
  const width = 800;
  const height = 600;
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="rgb(${color.r},${color.g},${color.b})"/>
      <circle cx="400" cy="300" r="180" fill="white" fill-opacity="0.6"/>
      <text x="400" y="320" font-size="64" text-anchor="middle" fill="#111">${name}</text>
    </svg>`,
  );
  const image = sharp(stripes);
  const bytes = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** Holds each photo upload a moment so its progress bar can be seen. */
async function slowUploads(page: Page) {
  await page.route('**/api/companies/*/images', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
}

const captionsIn = async (page: Page) =>
  page
    .getByRole('list', { name: 'Company photos in display order' })
    .getByRole('listitem')
    .locator('p.break-words, input')
    .evaluateAll((nodes) => nodes.map((node) => (node instanceof HTMLInputElement ? node.value : node.textContent)));

describe('company photos, the upload test page and coins', () => {
  it('an owner uploads, reorders, captions and deletes photos, and sees them on the company page', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Petra', isVerified: true });
    const company = await createCompany(db, { name: 'Shutterbug Remodeling', ownerId: owner.id });
    const files = {
      kitchen: await imageFile('kitchen.png', 'png', { r: 30, g: 120, b: 200 }),
      bath: await imageFile('bath.jpg', 'jpeg', { r: 200, g: 80, b: 40 }),
      deck: await imageFile('deck.png', 'png', { r: 40, g: 160, b: 90 }),
    };

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, owner, '/profile');
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    // No coins yet: the header shows no balance.
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /coins?$/ })
        .count(),
    ).toBe(0);

    await page.getByRole('tab', { name: 'Companies' }).click();
    await page.getByRole('button', { name: 'Manage Photos Shutterbug Remodeling' }).click();
    const manager = page.getByRole('tabpanel', { name: 'Manage Photos' });
    await manager.getByText('No photos available').waitFor();
    await manager.getByText('0 of 10 photos').waitFor();
    await expectAccessible(page, 'photo manager, empty');
    await screenshot(page, 'photos-empty-1280');

    // A file the browser already knows is not an image is refused before any upload.
    const form = manager.getByRole('form', { name: 'Add a photo' });
    await form.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await form.getByText(COMPANY_IMAGE_TYPES_MESSAGE).waitFor();
    await expect(form.getByLabel('Photo', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');

    await slowUploads(page);
    const uploads: [string, string][] = [
      [files.kitchen, 'Kitchen remodel'],
      [files.bath, 'Bathroom tiles'],
      [files.deck, 'Backyard deck'],
    ];
    for (const [index, [file, caption]] of uploads.entries()) {
      await form.getByLabel('Photo', { exact: true }).setInputFiles(file);
      await form.getByLabel('Caption (optional)').fill(caption);
      await form.getByRole('button', { name: 'Upload Photo' }).click();
      const progress = form.getByRole('progressbar', { name: 'Upload progress' });
      await progress.waitFor();
      if (index === 0) await screenshot(page, 'photos-uploading-1280');
      await progress.waitFor({ state: 'detached' });
      await manager.getByText(`${index + 1} of 10 photos`).waitFor();
    }
    await page.getByText('Photo uploaded').first().waitFor();
    expect(await captionsIn(page)).toEqual(['Kitchen remodel', 'Bathroom tiles', 'Backyard deck']);
    // The thumbnails are the server's, not the fallback logo.
    const thumb = manager.getByRole('img', { name: 'Photo 1: Kitchen remodel' });
    await expect(thumb.getAttribute('src')).resolves.toMatch(/^\/api\/objects\//);
    await expect(thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    await expectAccessible(page, 'photo manager with three photos');
    await screenshot(page, 'photos-three-1280');

    // Move the first photo down: it swaps with the second, and the keyboard stays on it.
    await expect(manager.getByRole('button', { name: 'Move photo 1 up' }).isDisabled()).resolves.toBe(true);
    await manager.getByRole('button', { name: 'Move photo 1 down' }).click();
    await expect.poll(() => captionsIn(page)).toEqual(['Bathroom tiles', 'Kitchen remodel', 'Backyard deck']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move photo 2 down');
    await page.getByText('Photo 1 moved to position 2.').waitFor({ state: 'attached' });
    const stored = await (await page.request.get(`/api/companies/${company.id}/images`)).json();
    expect(
      [...stored].sort((a, b) => a.displayOrder - b.displayOrder).map((image: { caption: string }) => image.caption),
    ).toEqual(['Bathroom tiles', 'Kitchen remodel', 'Backyard deck']);

    // Edit the third caption inline.
    await manager.getByRole('button', { name: 'Edit caption of photo 3' }).click();
    const captionInput = manager.getByLabel('Caption for photo 3');
    await captionInput.fill('Cedar deck with lights');
    await expectAccessible(page, 'caption editing');
    await captionInput.press('Enter');
    await page.getByText('Caption updated').waitFor();
    await manager.getByText('Cedar deck with lights').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Edit caption of photo 3');

    // Delete the second photo after confirming.
    await manager.getByRole('button', { name: 'Delete photo 2' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete photo 2?' });
    await confirm.getByText('“Kitchen remodel” will be removed from your company page.').waitFor();
    await expectAccessible(page, 'delete confirm');
    await screenshot(page, 'photos-delete-confirm-1280');
    await confirm.getByRole('button', { name: 'Delete Photo' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Photo deleted').waitFor();
    await expect.poll(() => captionsIn(page)).toEqual(['Bathroom tiles', 'Cedar deck with lights']);
    await manager.getByText('2 of 10 photos').waitFor();

    // A ".png" that is really text passes the browser's check; the server reads the bytes and refuses it.
    await form.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is plain text pretending to be a PNG file'),
    });
    await form.getByRole('button', { name: 'Upload Photo' }).click();
    await form.getByRole('alert').filter({ hasText: COMPANY_IMAGE_TYPES_MESSAGE }).waitFor();
    await page.getByText('Upload failed').first().waitFor();
    await manager.getByText('2 of 10 photos').waitFor();
    await expectAccessible(page, 'upload refused');
    await screenshot(page, 'photos-refused-1280');

    // The public company page shows the two photos in order in its carousel.
    await page.goto(`/companies/${company.id}`);
    const carousel = page.getByRole('region', { name: 'Photos of Shutterbug Remodeling' });
    await carousel.getByRole('button', { name: 'Open photo 1 of 2: Bathroom tiles' }).waitFor();
    await carousel.getByRole('button', { name: 'Open photo 2 of 2: Cedar deck with lights' }).waitFor();
    await expectAccessible(page, 'company page with photos');
    await screenshot(page, 'company-photos-carousel-1280');

    expect(consoleErrors).toEqual([]);
    await context.close();

    // The same screen on a phone.
    const mobile = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(mobile.page, owner, `/profile?tab=photos&company=${company.id}`);
    await mobile.page.getByRole('img', { name: 'Photo 2: Cedar deck with lights' }).waitFor();
    await expectAccessible(mobile.page, 'photo manager on a phone');
    await screenshot(mobile.page, 'photos-375');

    // Ten photos is the limit: the add control is disabled and says so.
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    for (let i = 3; i <= 10; i++) {
      const response = await mobile.page.request.post(`/api/companies/${company.id}/images`, {
        multipart: { caption: `Extra ${i}`, image: { name: `extra-${i}.png`, mimeType: 'image/png', buffer: small } },
      });
      expect(response.status()).toBe(201);
    }
    await mobile.page.reload();
    const full = mobile.page.getByRole('tabpanel', { name: 'Manage Photos' });
    await full.getByText('10 of 10 photos').waitFor();
    await expect(full.getByRole('button', { name: 'Upload Photo' }).isDisabled()).resolves.toBe(true);
    await expect(full.getByLabel('Photo', { exact: true }).isDisabled()).resolves.toBe(true);
    await full.getByText('You have reached the limit of 10 photos').waitFor();
    await expect(full.getByRole('button', { name: 'Move photo 10 down' }).isDisabled()).resolves.toBe(true);
    await expectAccessible(mobile.page, 'photo manager at the limit');
    await mobile.page.goto(`/companies/${company.id}`);
    await mobile.page.getByRole('button', { name: 'Open photo 1 of 10: Bathroom tiles' }).waitFor();
    await screenshot(mobile.page, 'company-photos-carousel-375');
    expect(mobile.consoleErrors).toEqual([]);
    await mobile.context.close();
  });

  it('the upload test page shows the stored object, and the error for a file that is not an image', async () => {
    const db = journey.server.db;
    const user = await createUser(db, { firstName: 'Uma' });
    const svg = path.join(dir, 'badge.svg');
    writeFileSync(
      svg,
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="#1d4ed8"/><circle cx="60" cy="40" r="25" fill="#fbbf24"/></svg>',
    );

    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const width = viewport.width;
      const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, viewport);
      await page.goto('/upload-test');
      await page.getByRole('heading', { name: 'Access Required' }).waitFor();
      await expectAccessible(page, `upload test signed out (${width})`);

      await signInThroughApi(page, user);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Upload Test' }).waitFor();
      await page.getByLabel('Image file').setInputFiles(svg);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const details = page.getByRole('definition');
      await page.getByRole('heading', { name: 'Stored object' }).waitFor();
      const objectId = await page.locator('dt:has-text("Object id") + dd').innerText();
      expect(objectId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      await page.locator('dt:has-text("Source type") + dd', { hasText: 'image/svg+xml' }).waitFor();
      await page.locator('dt:has-text("Stored type") + dd', { hasText: 'image/png' }).waitFor();
      await page.locator('dt:has-text("Dimensions") + dd', { hasText: /\d+ × \d+ px/ }).waitFor();
      expect(await details.count()).toBeGreaterThanOrEqual(6);
      const stored = page.getByRole('img', { name: 'The stored image, image/png' });
      await expect(stored.getAttribute('src')).resolves.toBe(`/api/objects/${objectId}`);
      await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expectAccessible(page, `upload test result (${width})`);
      await screenshot(page, `upload-test-${width}`);

      await page.getByLabel('Image file').setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('plain text, not a PNG'),
      });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Only JPG, PNG, GIF, WebP and SVG images are allowed.' }).waitFor();
      await screenshot(page, `upload-test-refused-${width}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('the Coins tab shows the balance and the history, and the header shows the balance', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Cole', isVerified: true });
    const company = await createCompany(db, { name: 'Coinwise Cleaning', ownerId: owner.id, categorySlug: 'cleaning-services' });
    const customer = await createUser(db);
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
    await giveCoins(db, owner.id, 25);
    // A reply charge as the messaging flow records it: the ledger row and the balance together.
    await db.transaction((tx) =>
      applyMovement(tx, {
        userId: owner.id,
        delta: -7,
        reason: 'reply_charge',
        reference: `reply:${quote.id}:${company.id}`,
        quoteId: quote.id,
        companyId: company.id,
      }),
    );

    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const width = viewport.width;
      const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, viewport);
      await signInThroughApi(page, owner, '/profile?tab=coins');
      const panel = page.getByRole('tabpanel', { name: 'Coins' });
      await panel.getByText('18', { exact: true }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: '18 coins' }).waitFor();
      await expect(panel.getByRole('button', { name: 'Buy Coins' }).isDisabled()).resolves.toBe(false);
      const rows = panel.getByRole('table', { name: 'Coin history, newest first' }).getByRole('row');
      await expect.poll(() => rows.count()).toBe(3); // header + two movements
      await rows.nth(1).getByText('Reply to a quote request').waitFor();
      await rows.nth(1).getByText(`Quote #${quote.id}`).waitFor();
      await rows.nth(1).getByRole('link', { name: 'Coinwise Cleaning' }).first().waitFor({ state: 'attached' });
      await rows.nth(1).getByText('minus 7 coins').waitFor({ state: 'attached' });
      await rows.nth(2).getByText('Adjustment by an administrator').waitFor();
      await rows.nth(2).getByText('plus 25 coins').waitFor({ state: 'attached' });
      await expectAccessible(page, `coins tab (${width})`);
      await screenshot(page, `coins-${width}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
