/**
 * An operator in London: they set their brand in Platform Settings (a colour too light for AA is
 * refused first), load a British postal-code file with `geo:import` while the app runs, a pro
 * lists a company at a Westminster postcode from a phone, and customers find it by the next
 * postcode, in kilometres, under the operator's name — at 1280 and 375 px, left to right and right
 * to left.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { companies } from '@/server/db/schema';
import { createUser } from '@/server/test/factories';
import { writeGbSample } from '@/server/test/gb-postal-codes';
import { runGeoImport } from '@/server/test/geo-import-command';
import { expectAccessible, expectToast, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { expectLayoutFits } from './support/layout';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney({ COUNTRY: 'GB' });

describe('an operator in the UK, in the browser', () => {
  it('sets the brand, loads British postcodes, and a company listed at SW1A 1AA is found near SW1A 2AA in km', async () => {
    const admin = await createUser(journey.server.db, { isAdmin: true, isVerified: true, firstName: 'Olive' });
    const operator = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(operator.page, admin, '/admin/platform-settings');
    const brand = operator.page
      .locator('[data-slot="card"]')
      .filter({ has: operator.page.getByRole('heading', { name: 'Brand' }) });
    await brand.getByLabel('Site name').fill('Thames Trades');
    await brand.getByLabel('Primary colour', { exact: true }).fill('#60a5fa');
    await brand.getByRole('status').filter({ hasText: 'too light to read' }).waitFor();
    await brand.getByRole('button', { name: 'Save brand' }).click();
    await brand.getByText('The primary colour must contrast with white at least 4.5:1 (WCAG AA)').waitFor();
    await brand.getByLabel('Primary colour', { exact: true }).fill('#0f766e');
    await brand.getByLabel('Support address').fill('help@thames-trades.example');
    await brand.getByRole('button', { name: 'Save brand' }).click();
    await expectToast(operator.page, 'Brand saved: pages show it from the next one you open');
    const logo = await sharp({ create: { width: 96, height: 96, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
      .png()
      .toBuffer();
    await brand.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expectToast(operator.page, 'Image saved');
    const english = brand.getByRole('group', { name: 'English' });
    await english.getByLabel('Heading', { exact: true }).fill('Trusted trades along the Thames');
    await english.getByRole('button', { name: 'Save for English' }).click();
    await expectToast(operator.page, 'Home page heading saved for English');
    await expectAccessible(operator.page, 'brand settings');
    await screenshot(operator.page, 'brand-settings-1280');
    await operator.context.close();

    const sample = writeGbSample(path.join(mkdtempSync(path.join(tmpdir(), 'lp-gb-')), 'GB.txt'));
    const imported = await runGeoImport(journey.server.database, sample);
    expect(imported.stdout).toContain('GB: 7 lines read, 12 postal codes loaded (12 added,');
    expect(imported.code).toBe(0);

    // A pro lists their company from a phone: the form asks for a postcode and an optional county.
    const pro = await createUser(journey.server.db, { firstName: 'Priya', isVerified: true });
    const phone = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(phone.page, pro, '/profile');
    await phone.page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await phone.page.getByRole('button', { name: /Priya.*My Account/ }).click();
    await phone.page.getByRole('menuitem', { name: 'Add Business' }).click();
    const dialog = phone.page.getByRole('dialog', { name: 'Add Your Business' });
    await dialog.getByLabel('Business name').fill('Westminster Plumbing');
    await dialog.getByLabel('Description').fill('Plumbers for the flats and offices of Westminster, on call every day.');
    await dialog.getByLabel('Category').selectOption({ label: 'Plumbing Services' });
    await dialog.getByRole('checkbox', { name: 'Plumber', exact: true }).click();
    await dialog.getByLabel('Phone').fill('020 7946 0958');
    await dialog.getByLabel('Street address').fill('1 The Mall');
    await dialog.getByLabel('City').fill('London');
    await dialog.getByLabel('County (optional)').waitFor();
    await dialog.getByLabel('Postal code').fill('78701');
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await dialog.getByText('Valid postal code is required').waitFor();
    await dialog.getByLabel('Postal code').fill('sw1a 1aa');
    await expectLayoutFits(phone.page, 'add business dialog at 375 px');
    await screenshot(phone.page, 'business-dialog-gb-375', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const [listed] = await journey.server.db.select().from(companies).where(eq(companies.ownerId, pro.id));
    expect(listed).toMatchObject({ zip: 'SW1A 1AA', phone: '+442079460958', state: '' });
    await phone.context.close();

    // Customers search by the next postcode, at both widths and in both directions.
    for (const [viewport, language] of [
      [VIEWPORTS.desktop, 'en'],
      [VIEWPORTS.mobile, 'en'],
      [VIEWPORTS.mobile, 'ar'],
    ] as const) {
      const visitor = await openPage(journey.browser, journey.server.baseUrl, viewport);
      const { page } = visitor;
      await page.goto(language === 'en' ? '/' : `/?lang=${language}`);
      await page
        .getByRole('link', { name: /Thames Trades/ })
        .first()
        .waitFor();
      if (language === 'en') {
        await page.getByRole('heading', { level: 1, name: 'Trusted trades along the Thames' }).waitFor();
        await page.getByRole('combobox', { name: 'What do you need?' }).fill('plumber');
        await page.keyboard.press('Escape');
        await page.getByLabel('Postal code or town').fill('SW1A 2AA');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.waitForURL(/\/search\?q=plumber&location=SW1A(\+|%20)2AA/);
        await page.getByText('Within 25 kilometres of London SW1A 2AA').waitFor();
        await page.getByText('1.0 km away').first().waitFor();
      } else {
        await page.goto(`/search?location=${encodeURIComponent('SW1A 2AA')}&lang=ar`);
        expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        await page.getByText(/كم/).first().waitFor();
      }
      await page.getByText('Westminster Plumbing').first().waitFor();
      expect(await page.title()).toMatch(/\| Thames Trades$/);
      await expectAccessible(page, `search in km, ${language}, ${viewport.width} px`);
      await expectLayoutFits(page, `search in km, ${language}, ${viewport.width} px`);
      await screenshot(page, `search-gb-${language}-${viewport.width}`);
      expect(visitor.consoleErrors).toEqual([]);
      await visitor.context.close();
    }
  });
});
