/**
 * An operator in the UK: postal codes loaded from a GeoNames file, then a company listed at its
 * postcode and found by another one nearby, in kilometres; and files that must load nothing
 * half (hostile lines, a failure part-way, a file of nothing), re-imported without a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, loginAs } from '@/server/test/factories';
import { gbSampleText, geonamesLine } from '@/server/test/gb-postal-codes';
import { multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { importPostalCodes, type PostalCodeImportReport } from './postal-code-import';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ COUNTRY: 'GB' });
  expect(await load(gbSampleText())).toMatchObject({ loaded: true, refusedCount: 0 });
});
afterAll(() => t.close());

async function* bytesOf(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
}

async function load(...parts: (string | Uint8Array)[]): Promise<PostalCodeImportReport> {
  const client = await t.database.pool.connect();
  try {
    return await importPostalCodes(client, bytesOf(...parts), 'GB');
  } finally {
    client.release();
  }
}

async function table(): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ row: string }>(
    `SELECT concat_ws('|', zip, city, state, area, latitude, longitude) AS row FROM zip_codes ORDER BY zip`,
  );
  return rows.map((r) => r.row);
}

const gb = (code: string, latitude = '51.5', longitude = '-0.12') =>
  geonamesLine('GB', code, 'London', 'England', 'ENG', latitude, longitude);

describe('importing a country’s postal codes', () => {
  it('replaces the US codes with the file’s, each area getting a row at the centre of its codes', async () => {
    const rows = await table();
    expect(rows).not.toContain(expect.stringMatching(/^78701\|/));
    expect(rows).toContain('SW1A 1AA|London|ENG|SW1A|51.501009|-0.141588');
    // SW1A's three codes: its centre, rounded to six decimals.
    expect(rows).toContain('SW1A|London|ENG|SW1A|51.501463|-0.131315');
    // Seven codes in five areas.
    expect(rows).toHaveLength(7 + 5);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await table();
    const stamp = await t.database.pool.query('SELECT stamp FROM zip_codes_stamp');
    const again = await load(gbSampleText());
    expect(again).toMatchObject({ loaded: true, added: 0, changed: 0, removed: 0, places: 12, refusedCount: 0 });
    expect(await table()).toEqual(before);
    expect((await t.database.pool.query('SELECT stamp FROM zip_codes_stamp')).rows).toEqual(stamp.rows);
  });

  it('names each hostile line by number and why, and loads the rest whole', async () => {
    const before = await table();
    const report = await load(
      gb('SW1A 1AA', '51.501009', '-0.141588') + '\n',
      gb('SW1A 2AA').replace(/\t6$/, '') + '\n', // 11 columns
      gb('SW1A 0AA', '200') + '\n', // latitude 200
      'GB\t' + 'x'.repeat(1024 * 1024) + '\n', // a 1 MB line
      Buffer.from([0x47, 0x42, 0x09, 0xff, 0xfe, 0x0a]), // invalid UTF-8
      gb('not a code') + '\n',
      geonamesLine('FR', '75001', 'Paris', 'Île-de-France', '11', '48.86', '2.34') + '\n',
      gb('E1 6AN', '51.5203', '-0.0721') + '\n',
    );
    expect(report.refused).toEqual([
      { line: 2, reason: '11 columns, not 12' },
      { line: 3, reason: 'latitude "200" is not between -90 and 90' },
      { line: 4, reason: 'longer than 4096 bytes' },
      { line: 5, reason: 'not valid UTF-8' },
      { line: 6, reason: 'postal code "not a code" is not one of GB' },
      { line: 7, reason: 'country "FR", not GB' },
    ]);
    expect(report).toMatchObject({ lines: 8, accepted: 2, refusedCount: 6, loaded: true });
    expect(await table()).toEqual([
      'E1|London|ENG|E1|51.5203|-0.0721',
      'E1 6AN|London|ENG|E1|51.5203|-0.0721',
      'SW1A|London|ENG|SW1A|51.501009|-0.141588',
      'SW1A 1AA|London|ENG|SW1A|51.501009|-0.141588',
    ]);
    await load(gbSampleText());
    expect(await table()).toEqual(before);
  });

  it('leaves the table as it was when no line loads or the file fails part-way', async () => {
    const before = await table();
    expect(await load('GB\tSW1A 1AA\n', '\n', 'nonsense')).toMatchObject({ loaded: false, accepted: 0, refusedCount: 2 });
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from(gb('E1 6AN') + '\n');
      throw new Error('the disk went away');
    }
    const client = await t.database.pool.connect();
    await expect(importPostalCodes(client, failing(), 'GB')).rejects.toThrow('the disk went away');
    client.release();
    expect(await table()).toEqual(before);
  });
});

describe('companies and their places', () => {
  it('places a company listed before its postcode was known, in the place’s time zone', async () => {
    const early = await createCompany(t.db, { name: 'Baker Street Joinery', zip: 'NW1 6XE', city: 'London', state: '' });
    const placeOf = async () =>
      (await t.database.pool.query('SELECT latitude, longitude, time_zone FROM companies WHERE id = $1', [early.id])).rows[0];
    expect(await placeOf()).toMatchObject({ latitude: null, longitude: null });
    await load(gbSampleText(), gb('NW1 6XE', '51.523767', '-0.158555') + '\n');
    expect(await placeOf()).toEqual({ latitude: 51.523767, longitude: -0.158555, time_zone: 'Europe/London' });
    // A company at a code the file does not list takes its area's zone.
    const unlisted = await createCompany(t.db, { name: 'Mall Glazing', zip: 'SW1A 9ZZ', city: 'London', state: '' });
    const { rows } = await t.database.pool.query('SELECT time_zone FROM companies WHERE id = $1', [unlisted.id]);
    expect(rows[0].time_zone).toBe('Europe/London');
    await load(gbSampleText());
  });
});

describe('an operator in the UK', () => {
  const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);
  const form = (overrides: Record<string, string> = {}) => ({
    name: 'Westminster Plumbing',
    description: 'Plumbers for the flats and offices of Westminster.',
    category: 'plumbing-services',
    subcategories: JSON.stringify(['plumber']),
    phone: '020 7946 0958',
    email: 'hello@westminster.example',
    website: '',
    address: '1 The Mall',
    city: 'London',
    zip: 'sw1a1aa',
    ...overrides,
  });

  it('lists a company at its postcode, found within 5 km of the next one and shown in km', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
    const created = await send('POST', '/api/companies', cookie, form());
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json().company;
    expect(company).toMatchObject({ zip: 'SW1A 1AA', state: '', phone: '020 7946 0958', phoneE164: '+442079460958' });
    const stored = await t.database.pool.query('SELECT time_zone FROM companies WHERE id = $1', [company.id]);
    expect(stored.rows[0].time_zone).toBe('Europe/London');

    const config = (await t.app.inject('/api/app-config')).json();
    expect(config).toMatchObject({ country: 'GB', distanceUnit: 'km', locale: 'en-GB' });

    const near = await t.app.inject(`/api/search?location=${encodeURIComponent('SW1A 2AA')}&radius=5`);
    const answer = near.json();
    expect(answer.location).toMatchObject({ label: 'London SW1A 2AA' });
    expect(answer.location.radiusMiles).toBeCloseTo(5 / 1.609344, 6);
    const found = answer.results.find((r: { id: number }) => r.id === company.id);
    // Buckingham Palace to Downing Street: just under a kilometre.
    expect(found.distanceMiles * 1.609344).toBeGreaterThan(0.9);
    expect(found.distanceMiles * 1.609344).toBeLessThan(1.1);

    // From St Bartholomew's (EC1A 1BB), 3.7 km: outside 2 km, inside 5; Manchester is far.
    const ids = async (query: string) =>
      ((await t.app.inject(`/api/search?${query}`)).json().results as { id: number }[]).map((r) => r.id);
    expect(await ids('location=EC1A%201BB&radius=2')).not.toContain(company.id);
    expect(await ids('location=EC1A%201BB&radius=5')).toContain(company.id);
    // The radius in miles when asked so: 3 km is too short, 3 miles (4.8 km) reach it.
    expect(await ids('location=EC1A%201BB&radius=3')).not.toContain(company.id);
    expect(await ids('location=EC1A%201BB&radius=3&unit=mi')).toContain(company.id);
    const manchester = (await t.app.inject(`/api/search?location=M1%201AE&radius=5`)).json();
    expect(manchester.location.label).toBe('Manchester M1 1AE');
    expect(manchester.results.map((r: { id: number }) => r.id)).not.toContain(company.id);
    // An outward code, and a whole code the file does not list, are found by their area.
    for (const place of ['SW1A', 'sw1a 9zz']) {
      const byArea = (await t.app.inject(`/api/search?location=${encodeURIComponent(place)}&radius=5`)).json();
      expect(
        byArea.results.map((r: { id: number }) => r.id),
        place,
      ).toContain(company.id);
    }
  });

  it('takes a UK number written locally or internationally, and stores it once', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
    for (const phone of ['020 7946 0958', '+44 20 7946 0958', '0044 (0)20 7946 0958'.replace('(0)', '')]) {
      const created = await send('POST', '/api/companies', cookie, form({ name: `Phone ${phone}`, phone }));
      expect(created.statusCode, `${phone}: ${created.body}`).toBe(201);
      const { rows } = await t.database.pool.query('SELECT phone FROM companies WHERE id = $1', [created.json().id]);
      expect(rows[0].phone, phone).toBe('+442079460958');
    }
  });

  it('refuses a bad postcode or phone number with a 400 naming the field, and stores nothing', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
    const count = async () => Number((await t.database.pool.query('SELECT count(*) FROM companies')).rows[0].count);
    const before = await count();
    for (const [overrides, field, error] of [
      [{ zip: '78701' }, 'zip', 'Valid postal code is required'],
      [{ zip: 'SW1A 1A' }, 'zip', 'Valid postal code is required'],
      [{ phone: '020 7946' }, 'phone', 'Valid phone number is required'],
    ] as const) {
      const refused = await send('POST', '/api/companies', cookie, form(overrides));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ field, error });
    }
    expect(await count()).toBe(before);
  });
});
