/**
 * Credentials and opening hours: who may submit, see the document and decide; badges only for
 * verified, unexpired ones, on the page and the cards; the expiry job and its one reminder; a
 * change of name or owner clearing verification; time zones from ZIP codes; opening hours and the
 * "open now" search filter.
 */
import { sql } from 'drizzle-orm';
import { companyTodaySql } from '@/server/db/credentials-hours-sql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCompany, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';
import { SPLIT_STATES, STATE_TIME_ZONES, usTimeZone } from '@/server/test/us-time-zones';

let t: TestApp;
let admin: { id: number; cookie: string };
beforeAll(async () => {
  t = await startTestApp();
  const user = await createUser(t.db, { isAdmin: true, isVerified: true });
  admin = { id: user.id, cookie: await loginAs(t.app, user) };
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);

/** Moves credentials' expiry to `days` before their company's own today (its zone's date, which may not be UTC's yet). */
const expireDaysAgo = (days: number, which: ReturnType<typeof sql>) =>
  t.db.execute(
    sql`UPDATE company_credentials cc SET expires_on = ${companyTodaySql(sql`cc.company_id`)} - ${days}::int WHERE ${which}`,
  );
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fields = (overrides: Record<string, string> = {}) => ({
  kind: 'licence',
  number: 'TX-PL-12345',
  issuer: 'Texas State Board of Plumbing Examiners',
  expiresOn: inDays(400),
  ...overrides,
});
const documentPart = async () => filePart(await pngBytes(300, 200), 'licence.png', 'image/png', 'document');

async function ownerWithCompany(overrides: Parameters<typeof createCompany>[1] = {}) {
  const user = await createUser(t.db, { isVerified: true });
  const company = await createCompany(t.db, { ownerId: user.id, ...overrides });
  return { user, company, cookie: await loginAs(t.app, user), url: `/api/companies/${company.id}/credentials` };
}

async function submitted(overrides: Record<string, string> = {}) {
  const owner = await ownerWithCompany();
  const response = await send('POST', owner.url, owner.cookie, fields(overrides), await documentPart());
  expect(response.statusCode, response.body).toBe(201);
  const credential: { id: number; documentUrl: string; documentThumbnailUrl: string } = response.json();
  return { ...owner, credential };
}

/** The credential's updatedAt as an admin opening the queue now would see it. */
async function seenAt(id: number): Promise<string> {
  const { rows } = await t.database.pool.query<{ updated_at: Date }>(`SELECT updated_at FROM company_credentials WHERE id = $1`, [
    id,
  ]);
  return rows[0] ? new Date(rows[0].updated_at).toISOString() : new Date().toISOString();
}

/** A decision on what the admin sees now, unless the body says what they saw. */
const decide = async (id: number, body: Record<string, unknown>, cookie = admin.cookie) =>
  call('POST', `/api/admin/credentials/${id}/decision`, cookie, { updatedAt: await seenAt(id), ...body });

async function verified(overrides: Record<string, string> = {}) {
  const owner = await submitted(overrides);
  const decision = await decide(owner.credential.id, { decision: 'verify' });
  expect(decision.statusCode, decision.body).toBe(200);
  return owner;
}

async function mailsTo(email: string) {
  const { rows } = await t.database.pool.query<{ kind: string; subject: string; dedupe_key: string }>(
    `SELECT kind, subject, dedupe_key FROM notification_outbox WHERE recipient = $1 ORDER BY id`,
    [email],
  );
  return rows;
}

const badgesOf = async (companyId: number) => (await call('GET', `/api/companies/${companyId}`)).json().credentialBadges;

describe('submitting credentials', () => {
  it('lets the owner submit with a document; a stranger is 403, the anonymous 401, an unknown company 404', async () => {
    const owner = await ownerWithCompany();
    const stranger = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
    expect((await send('POST', owner.url, undefined, fields(), await documentPart())).statusCode).toBe(401);
    expect((await send('POST', owner.url, stranger, fields(), await documentPart())).statusCode).toBe(403);
    expect((await call('GET', owner.url, stranger)).statusCode).toBe(403);
    expect(
      (await send('POST', '/api/companies/99999999/credentials', owner.cookie, fields(), await documentPart())).statusCode,
    ).toBe(404);

    const created = await send('POST', owner.url, owner.cookie, fields(), await documentPart());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'licence', number: 'TX-PL-12345', status: 'pending', decisionReason: null });
    const listed = await call('GET', owner.url, owner.cookie);
    expect(listed.json().credentials).toHaveLength(1);
    // An admin may manage anyone's company, and that is audited.
    const byAdmin = await send('POST', owner.url, admin.cookie, fields({ kind: 'insurance' }), await documentPart());
    expect(byAdmin.statusCode).toBe(201);
    const { rows } = await t.database.pool.query(
      `SELECT action FROM audit_log WHERE entity_type = 'company_credential' AND entity_id = $1`,
      [String(byAdmin.json().id)],
    );
    expect(rows.map((row) => row.action)).toEqual(['credential.submit']);
  });

  it('refuses bad fields with a message naming the field, and a missing document', async () => {
    const owner = await ownerWithCompany();
    const cases: [Record<string, string>, string, string][] = [
      [fields({ kind: 'permit' }), 'kind', 'Choose the kind: licence or insurance'],
      [fields({ number: '  ' }), 'number', 'Give the licence or policy number'],
      [fields({ issuer: '' }), 'issuer', 'Give the issuing authority or region'],
      [fields({ expiresOn: '2027-02-30' }), 'expiresOn', 'The expiry date is not a real date'],
      [fields({ expiresOn: 'next year' }), 'expiresOn', 'Give the expiry date as YYYY-MM-DD'],
      [fields({ expiresOn: inDays(-1) }), 'expiresOn', 'The expiry date must be after today'],
    ];
    for (const [body, field, error] of cases) {
      const refused = await send('POST', owner.url, owner.cookie, body, await documentPart());
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json()).toMatchObject({ field, error });
    }
    const noDocument = await send('POST', owner.url, owner.cookie, fields());
    expect(noDocument.statusCode).toBe(400);
    expect(noDocument.json().field).toBe('document');
    const svg = await send(
      'POST',
      owner.url,
      owner.cookie,
      fields(),
      filePart(Buffer.from('<svg/>'), 'a.svg', 'image/svg+xml', 'document'),
    );
    expect(svg.statusCode).toBe(400);
    expect((await call('GET', owner.url, owner.cookie)).json().credentials).toEqual([]);
  });

  it('serves the document to the owner and admins only', async () => {
    const { credential, cookie } = await submitted();
    const stranger = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
    for (const url of [credential.documentUrl, credential.documentThumbnailUrl]) {
      expect((await call('GET', url, cookie)).statusCode).toBe(200);
      expect((await call('GET', url, admin.cookie)).statusCode).toBe(200);
      expect((await call('GET', url, stranger)).statusCode).toBe(404);
      expect((await call('GET', url)).statusCode).toBe(404);
    }
    expect((await call('GET', credential.documentUrl, cookie)).headers['cache-control']).toBe('private, no-cache');
  });

  it('replaces a credential (pending again, the old document gone) and removes one', async () => {
    const { credential, cookie, url, company } = await verified();
    const stranger = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
    expect((await send('PUT', `${url}/${credential.id}`, stranger, fields(), await documentPart())).statusCode).toBe(403);
    const replaced = await send(
      'PUT',
      `${url}/${credential.id}`,
      cookie,
      fields({ number: 'TX-PL-99999' }),
      await documentPart(),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ number: 'TX-PL-99999', status: 'pending' });
    expect(replaced.json().documentUrl).not.toBe(credential.documentUrl);
    expect((await call('GET', credential.documentUrl, cookie)).statusCode).toBe(404);
    expect(await badgesOf(company.id)).toEqual([]);

    expect((await call('DELETE', `${url}/${credential.id}`, stranger)).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${credential.id}`, cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `${url}/${credential.id}`, cookie)).statusCode).toBe(404);
    expect((await call('GET', replaced.json().documentUrl, cookie)).statusCode).toBe(404);
  });

  it('keeps the new document when removing the old one fails after the replacement committed', async () => {
    const { credential, cookie, url } = await submitted();
    const images = t.app.services.images;
    const deleteObject = images.deleteObject.bind(images);
    const spy = vi.spyOn(images, 'deleteObject').mockImplementationOnce(async (db, id) => {
      await deleteObject(db, id);
      return async () => {
        throw new Error('object store unavailable');
      };
    });
    try {
      await send('PUT', `${url}/${credential.id}`, cookie, fields({ number: 'AFTER-PURGE' }), await documentPart());
    } finally {
      spy.mockRestore();
    }
    const [now] = (await call('GET', url, cookie)).json().credentials;
    expect(now.number).toBe('AFTER-PURGE');
    expect(now.documentUrl).not.toBe(credential.documentUrl);
    expect((await call('GET', now.documentUrl, cookie)).statusCode).toBe(200);
  });

  it('keeps at most ten credentials a company', async () => {
    const owner = await ownerWithCompany();
    for (let i = 0; i < 10; i++) {
      expect((await send('POST', owner.url, owner.cookie, fields({ number: `N-${i}` }), await documentPart())).statusCode).toBe(
        201,
      );
    }
    const refused = await send('POST', owner.url, owner.cookie, fields(), await documentPart());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CREDENTIAL_LIMIT_REACHED');
  });
});

describe('deciding credentials', () => {
  it('is for admins only; a reject needs a reason; each decision is audited and mailed', async () => {
    const { credential, cookie, user } = await submitted();
    expect((await decide(credential.id, { decision: 'verify' }, cookie)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/admin/credentials/${credential.id}/decision`, undefined, { decision: 'verify' })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/admin/credentials', cookie)).statusCode).toBe(403);

    const noReason = await decide(credential.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reason', error: 'Give the reason for rejecting the credential' });
    expect((await decide(credential.id, { decision: 'reject', reason: '   ' })).statusCode).toBe(400);

    const rejected = await decide(credential.id, { decision: 'reject', reason: 'The document is unreadable' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionReason: 'The document is unreadable' });
    const again = await decide(credential.id, { decision: 'verify' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CREDENTIAL_ALREADY_DECIDED');
    expect((await decide(99999999, { decision: 'verify' })).statusCode).toBe(404);

    const { rows } = await t.database.pool.query(
      `SELECT action, actor_user_id, after FROM audit_log WHERE entity_type = 'company_credential' AND entity_id = $1`,
      [String(credential.id)],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'credential.reject',
        actor_user_id: admin.id,
        after: expect.objectContaining({ status: 'rejected' }),
      }),
    ]);
    const mails = await mailsTo(user.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['credential_decision']);
    expect(mails[0].subject).toContain('not verified');
    const listed = (
      await call('GET', `/api/companies/${credential.id ? (rejected.json().companyId as number) : 0}/credentials`, cookie)
    ).json();
    expect(listed.credentials[0]).toMatchObject({ status: 'rejected', decisionReason: 'The document is unreadable' });
  });

  it('refuses a decision on a credential that changed since the admin saw it (409 CREDENTIAL_CHANGED)', async () => {
    const swapped = await submitted();
    const queued = (await call('GET', '/api/admin/credentials?status=pending', admin.cookie)).json().credentials;
    const seen = queued.find((c: { id: number }) => c.id === swapped.credential.id);
    expect(seen.updatedAt).toEqual(expect.any(String));
    // The owner swaps the document while the admin looks at the old one.
    const replaced = await send(
      'PUT',
      `${swapped.url}/${swapped.credential.id}`,
      swapped.cookie,
      fields({ number: 'SWAPPED' }),
      await documentPart(),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const stale = await decide(swapped.credential.id, { decision: 'verify', updatedAt: seen.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CREDENTIAL_CHANGED',
      error: 'This credential changed since you opened it: look at it again before deciding',
    });
    expect((await call('GET', swapped.url, swapped.cookie)).json().credentials[0].status).toBe('pending');
    // Seen again, it can be decided.
    expect((await decide(swapped.credential.id, { decision: 'verify' })).statusCode).toBe(200);

    // A rename of the company while the admin looks at a pending one.
    const renamed = await submitted();
    const before = await seenAt(renamed.credential.id);
    await t.db.execute(sql`UPDATE companies SET name = 'Renamed Meanwhile Plumbing' WHERE id = ${renamed.company.id}`);
    const afterRename = await decide(renamed.credential.id, { decision: 'verify', updatedAt: before });
    expect(afterRename.statusCode).toBe(409);
    expect(afterRename.json().code).toBe('CREDENTIAL_CHANGED');

    const missing = await call('POST', `/api/admin/credentials/${renamed.credential.id}/decision`, admin.cookie, {
      decision: 'verify',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('updatedAt');
  });

  it("mails the owner in the product's mail layout", async () => {
    const { credential, user } = await submitted();
    expect((await decide(credential.id, { decision: 'verify' })).statusCode).toBe(200);
    const { rows } = await t.database.pool.query<{ body_text: string }>(
      `SELECT body_text FROM notification_outbox WHERE recipient = $1 AND kind = 'credential_decision'`,
      [user.email],
    );
    expect(rows[0].body_text).toContain('Manage your credentials: ');
    expect(rows[0].body_text).toContain('You receive this because you own this company');
  });

  it("mails nobody once the owner's account is deleted (it keeps its row a while, not its address)", async () => {
    const gone = await submitted();
    await t.database.pool.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [gone.user.id]);
    expect((await decide(gone.credential.id, { decision: 'reject', reason: 'Unreadable' })).statusCode).toBe(200);
    expect(await mailsTo(gone.user.email)).toEqual([]);
  });

  it('lists waiting credentials first, with the company and its owner', async () => {
    const first = await submitted({ number: 'QUEUE-1' });
    const second = await verified({ number: 'QUEUE-2' });
    const queue = await call('GET', '/api/admin/credentials', admin.cookie);
    expect(queue.statusCode).toBe(200);
    const { credentials } = queue.json();
    const firstDecided = credentials.findIndex((c: { status: string }) => c.status !== 'pending' && c.status !== 'needs_recheck');
    const lastWaiting = credentials.findLastIndex(
      (c: { status: string }) => c.status === 'pending' || c.status === 'needs_recheck',
    );
    expect(firstDecided === -1 || lastWaiting < firstDecided).toBe(true);
    expect(credentials.find((c: { id: number }) => c.id === first.credential.id)).toMatchObject({
      companyName: first.company.name,
      ownerEmail: first.user.email,
    });
    const onlyVerified = (await call('GET', '/api/admin/credentials?status=verified', admin.cookie)).json().credentials;
    expect(onlyVerified.map((c: { id: number }) => c.id)).toContain(second.credential.id);
    expect(onlyVerified.every((c: { status: string }) => c.status === 'verified')).toBe(true);
  });
});

describe('badges', () => {
  it('show only verified, unexpired credentials, on the page, the search cards and the owner list', async () => {
    const { company, url, cookie, user } = await verified({ expiresOn: '2099-06-30' });
    // A pending and a rejected one show nothing.
    const pending = await send('POST', url, cookie, fields({ kind: 'insurance' }), await documentPart());
    const rejected = await send('POST', url, cookie, fields({ kind: 'insurance', number: 'R' }), await documentPart());
    await decide(rejected.json().id, { decision: 'reject', reason: 'Wrong company' });
    expect(pending.statusCode).toBe(201);

    const badge = { id: (await call('GET', url, cookie)).json().credentials[0].id, kind: 'licence', expiresOn: '2099-06-30' };
    expect(await badgesOf(company.id)).toEqual([badge]);
    // Two of one kind and date (two licences of two states) are two badges, each named by its id.
    const twin = await send('POST', url, cookie, fields({ number: 'TWIN', expiresOn: '2099-06-30' }), await documentPart());
    expect((await decide(twin.json().id, { decision: 'verify' })).statusCode).toBe(200);
    expect((await badgesOf(company.id)).map((b: { id: number }) => b.id)).toEqual([badge.id, twin.json().id]);
    expect((await call('GET', `/api/search?ids=${company.id}`)).json().results[0].credentialBadges).toHaveLength(2);
    await call('DELETE', `${url}/${twin.json().id}`, cookie);
    const search = await call('GET', `/api/search?q=${encodeURIComponent(company.name)}`);
    const card = search.json().results.find((result: { id: number }) => result.id === company.id);
    expect(card.credentialBadges).toEqual([badge]);
    const favourites = await call('GET', `/api/search?ids=${company.id}`);
    expect(favourites.json().results[0].credentialBadges).toEqual([badge]);
    const owned = await call('GET', `/api/users/${user.id}/companies`, cookie);
    expect(owned.json().companies[0].credentialBadges).toEqual([badge]);
    const category = await call('GET', `/api/categories/plumbing-services/companies?limit=50`);
    if (category.statusCode === 200) {
      const inCategory = category.json().companies.find((c: { id: number }) => c.id === company.id);
      if (inCategory) expect(inCategory.credentialBadges).toEqual([badge]);
    }
    // Past its date the badge is gone, even before the job marks it expired.
    await expireDaysAgo(2, sql`cc.company_id = ${company.id}`);
    expect(await badgesOf(company.id)).toEqual([]);
  });
});

describe('expiry', () => {
  it('expires verified credentials past their date, tells the owner, and reminds once 30 days before', async () => {
    const soon = await verified({ expiresOn: inDays(20) });
    const later = await verified({ expiresOn: inDays(200) });
    const past = await verified({ expiresOn: inDays(100) });
    await expireDaysAgo(1, sql`cc.id = ${past.credential.id}`);

    // Twice, as two nodes or a restart would: one mail each.
    await t.app.services.credentials.expireAndRemind();
    await t.app.services.credentials.expireAndRemind();

    const kinds = async (email: string) =>
      (await mailsTo(email)).map((mail) => mail.kind).filter((kind) => kind !== 'credential_decision');
    expect(await kinds(soon.user.email)).toEqual(['credential_expiring']);
    expect(await kinds(later.user.email)).toEqual([]);
    expect(await kinds(past.user.email)).toEqual(['credential_expired']);
    const statuses = await t.database.pool.query(`SELECT id, status FROM company_credentials WHERE id = ANY($1)`, [
      [soon.credential.id, past.credential.id],
    ]);
    expect(Object.fromEntries(statuses.rows.map((row) => [row.id, row.status]))).toEqual({
      [soon.credential.id]: 'verified',
      [past.credential.id]: 'expired',
    });
    expect(await badgesOf(past.company.id)).toEqual([]);
    expect(await badgesOf(soon.company.id)).toHaveLength(1);
    const list = (await call('GET', past.url, past.cookie)).json().credentials;
    expect(list[0].status).toBe('expired');
  });
});

describe("the company's own day", () => {
  /**
   * A zone whose date differs from UTC's now, with an hour of margin either way: twelve hours
   * behind before 11:00 UTC, fourteen ahead from then on. Answers the zone and its date ± days.
   */
  async function zoneOffUtc() {
    const zone = new Date().getUTCHours() < 11 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
    const { rows } = await t.database.pool.query<{ local: string; utc: string }>(
      `SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS local, to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS utc`,
      [zone],
    );
    expect(rows[0].local).not.toBe(rows[0].utc);
    const day = (days: number) =>
      new Date(Date.parse(`${rows[0].local}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    return { zone, day };
  }
  const placeIn = (companyId: number, zone: string) =>
    t.database.pool.query(`UPDATE companies SET time_zone = $1 WHERE id = $2`, [zone, companyId]);
  const setExpiry = (id: number, date: string) =>
    t.database.pool.query(`UPDATE company_credentials SET expires_on = $1::date WHERE id = $2`, [date, id]);

  it('shows a badge through its last day and expires it after, in the company zone', async () => {
    const { zone, day } = await zoneOffUtc();
    const lastDay = await verified();
    const pastDay = await verified();
    await placeIn(lastDay.company.id, zone);
    await placeIn(pastDay.company.id, zone);
    await setExpiry(lastDay.credential.id, day(0));
    await setExpiry(pastDay.credential.id, day(-1));
    expect(await badgesOf(lastDay.company.id)).toHaveLength(1);
    expect(await badgesOf(pastDay.company.id)).toEqual([]);
    const search = await call('GET', `/api/search?ids=${lastDay.company.id},${pastDay.company.id}`);
    const cards = new Map(
      search.json().results.map((r: { id: number; credentialBadges: unknown[] }) => [r.id, r.credentialBadges]),
    );
    expect(cards.get(lastDay.company.id)).toHaveLength(1);
    expect(cards.get(pastDay.company.id)).toEqual([]);

    await t.app.services.credentials.expireAndRemind();
    const { rows } = await t.database.pool.query(`SELECT id, status FROM company_credentials WHERE id = ANY($1)`, [
      [lastDay.credential.id, pastDay.credential.id],
    ]);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [lastDay.credential.id]: 'verified',
      [pastDay.credential.id]: 'expired',
    });
    // Its last day is not over there: the job left it verified, and the badge shows.
    expect(await badgesOf(lastDay.company.id)).toHaveLength(1);
  });

  it('reminds 30 days ahead of the company date', async () => {
    const { zone, day } = await zoneOffUtc();
    const inWindow = await verified();
    const outside = await verified();
    await placeIn(inWindow.company.id, zone);
    await placeIn(outside.company.id, zone);
    await setExpiry(inWindow.credential.id, day(30));
    await setExpiry(outside.credential.id, day(31));
    await t.app.services.credentials.expireAndRemind();
    expect((await mailsTo(inWindow.user.email)).map((mail) => mail.kind)).toContain('credential_expiring');
    expect((await mailsTo(outside.user.email)).map((mail) => mail.kind)).not.toContain('credential_expiring');
  });

  it('accepts an expiry date after today in the company zone, and refuses today there', async () => {
    const { zone, day } = await zoneOffUtc();
    const owner = await ownerWithCompany();
    await placeIn(owner.company.id, zone);
    const tomorrow = await send('POST', owner.url, owner.cookie, fields({ expiresOn: day(1) }), await documentPart());
    expect(tomorrow.statusCode, tomorrow.body).toBe(201);
    const today = await send('POST', owner.url, owner.cookie, fields({ expiresOn: day(0) }), await documentPart());
    expect(today.statusCode).toBe(400);
    expect(today.json()).toMatchObject({ field: 'expiresOn', error: 'The expiry date must be after today' });
    const replaced = await send(
      'PUT',
      `${owner.url}/${tomorrow.json().id}`,
      owner.cookie,
      fields({ expiresOn: day(0) }),
      await documentPart(),
    );
    expect(replaced.statusCode).toBe(400);
    // Decided on its last day in the company zone, it can still be verified.
    await setExpiry(tomorrow.json().id, day(0));
    expect((await decide(tomorrow.json().id, { decision: 'verify' })).statusCode).toBe(200);
  });
});

describe('expiry of undecided credentials', () => {
  it('expires pending and needs re-check credentials past their date too, out of the queue, without the verified-expiry mail', async () => {
    const pending = await submitted();
    const recheck = await verified();
    await t.db.execute(sql`UPDATE companies SET name = 'Recheck Then Lapse Plumbing' WHERE id = ${recheck.company.id}`);
    await expireDaysAgo(1, sql`cc.id IN (${pending.credential.id}, ${recheck.credential.id})`);

    await t.app.services.credentials.expireAndRemind();
    await t.app.services.credentials.expireAndRemind();

    const { rows } = await t.database.pool.query(`SELECT id, status FROM company_credentials WHERE id = ANY($1)`, [
      [pending.credential.id, recheck.credential.id],
    ]);
    expect(rows.map((row) => row.status)).toEqual(['expired', 'expired']);
    const waiting = (await call('GET', '/api/admin/credentials?status=pending', admin.cookie)).json().credentials;
    expect(waiting.map((c: { id: number }) => c.id)).not.toContain(pending.credential.id);
    // Never verified (or not any more): told it lapsed unchecked, once, never "its badge no longer shows".
    for (const owner of [pending, recheck]) {
      const kinds = (await mailsTo(owner.user.email)).map((mail) => mail.kind);
      expect(kinds).not.toContain('credential_expired');
      expect(kinds.filter((kind) => kind === 'credential_expired_unchecked')).toHaveLength(1);
    }
    expect(await badgesOf(recheck.company.id)).toEqual([]);
  });
});

describe('a change of name or owner', () => {
  it('sends verified credentials back to needs re-check, whichever path changes it', async () => {
    const renamed = await verified();
    const form = {
      name: 'A New Name Plumbing',
      description: 'Licensed plumbers for leaks, drains and water heaters.',
      category: 'plumbing-services',
      categoryId: '1',
      subcategories: JSON.stringify(['plumber']),
      phone: '(512) 555-0199',
      email: 'hello@newname.example',
      address: '12 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    };
    const edit = await send('PUT', `/api/companies/${renamed.company.id}`, renamed.cookie, form);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await badgesOf(renamed.company.id)).toEqual([]);
    expect((await call('GET', renamed.url, renamed.cookie)).json().credentials[0].status).toBe('needs_recheck');
    // Back in the queue: an admin verifies it again.
    expect((await decide(renamed.credential.id, { decision: 'verify' })).statusCode).toBe(200);
    expect(await badgesOf(renamed.company.id)).toHaveLength(1);

    // An edit that keeps the name keeps the badge.
    expect(
      (await send('PUT', `/api/companies/${renamed.company.id}`, renamed.cookie, { ...form, phone: '(512) 555-0100' }))
        .statusCode,
    ).toBe(200);
    expect(await badgesOf(renamed.company.id)).toHaveLength(1);

    // A new owner (a claim redeemed, an account handed over, or the owner deleted).
    const handedOver = await verified();
    const newOwner = await createUser(t.db);
    await t.db.execute(sql`UPDATE companies SET owner_id = ${newOwner.id} WHERE id = ${handedOver.company.id}`);
    expect(await badgesOf(handedOver.company.id)).toEqual([]);
    const deleted = await verified();
    await t.db.execute(sql`DELETE FROM users WHERE id = ${deleted.user.id}`);
    const { rows } = await t.database.pool.query(`SELECT status FROM company_credentials WHERE id = $1`, [deleted.credential.id]);
    expect(rows[0].status).toBe('needs_recheck');
  });
});

describe('the owner hears of a re-check', () => {
  const recheckMails = async (email: string) => (await mailsTo(email)).filter((mail) => mail.kind === 'credential_recheck');

  it('once per change, to the current owner, whatever the path', async () => {
    const owner = await verified();
    const second = await send('POST', owner.url, owner.cookie, fields({ kind: 'insurance' }), await documentPart());
    expect((await decide(second.json().id, { decision: 'verify' })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE companies SET name = 'Renamed Twice Plumbing' WHERE id = ${owner.company.id}`);
    // A second rename before the job: nothing verified is left to take off.
    await t.db.execute(sql`UPDATE companies SET name = 'Renamed Thrice Plumbing' WHERE id = ${owner.company.id}`);
    await t.app.services.credentials.sendRecheckNotices();
    await t.app.services.credentials.sendRecheckNotices();
    const mails = await recheckMails(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Renamed Thrice Plumbing');

    // A handover: the new owner is told, not the one who left.
    const handedOver = await verified();
    const newOwner = await createUser(t.db);
    await t.db.execute(sql`UPDATE companies SET owner_id = ${newOwner.id} WHERE id = ${handedOver.company.id}`);
    await t.app.services.credentials.sendRecheckNotices();
    expect(await recheckMails(newOwner.email)).toHaveLength(1);
    expect(await recheckMails(handedOver.user.email)).toEqual([]);

    // Verified again before the job ran: nothing to tell.
    const quick = await verified();
    await t.db.execute(sql`UPDATE companies SET name = 'Quickly Rechecked Plumbing' WHERE id = ${quick.company.id}`);
    expect((await decide(quick.credential.id, { decision: 'verify' })).statusCode).toBe(200);
    await t.app.services.credentials.sendRecheckNotices();
    expect(await recheckMails(quick.user.email)).toEqual([]);
  });
});

describe('time zones', () => {
  it('are derived from the ZIP code on every write, with the database and the shared rules agreeing', async () => {
    const cases: [string, string][] = [
      ['78701', 'America/Chicago'], // Austin
      ['79901', 'America/Denver'], // El Paso
      ['10001', 'America/New_York'],
      ['32501', 'America/Chicago'], // Pensacola
      ['32301', 'America/New_York'], // Tallahassee
      ['85004', 'America/Phoenix'],
      ['96813', 'Pacific/Honolulu'],
      ['99501', 'America/Anchorage'],
      ['97914', 'America/Boise'], // Ontario, OR
      ['83814', 'America/Los_Angeles'], // Coeur d'Alene
      ['37902', 'America/New_York'], // Knoxville
      ['37201', 'America/Chicago'], // Nashville
      ['46320', 'America/Chicago'], // Hammond, IN
      ['46204', 'America/Indiana/Indianapolis'],
      ['49801', 'America/Menominee'], // Iron Mountain, MI
      ['67735', 'America/Denver'], // Goodland, KS
      ['57701', 'America/Denver'], // Rapid City
    ];
    const { rows: known } = await t.database.pool.query<{ zip: string }>(`SELECT zip FROM zip_codes WHERE zip = ANY($1)`, [
      cases.map(([zip]) => zip),
    ]);
    const knownZips = new Set(known.map((row) => row.zip));
    for (const [zip, zone] of cases.filter(([zip]) => knownZips.has(zip))) {
      const company = await createCompany(t.db, { zip });
      const { rows } = await t.database.pool.query(`SELECT time_zone FROM companies WHERE id = $1`, [company.id]);
      expect(rows[0].time_zone, zip).toBe(zone);
    }
    // A ZIP change moves the zone.
    const moved = await createCompany(t.db, { zip: '78701' });
    await t.db.execute(sql`UPDATE companies SET zip = '10001', state = 'NY' WHERE id = ${moved.id}`);
    const hours = await call('GET', `/api/companies/${moved.id}/hours`);
    expect(hours.json()).toEqual({ timeZone: 'America/New_York', hours: null, note: null, openNow: null });

    // The SQL function and usTimeZone agree on a grid over every split state and on every state's main zone.
    const points: [string, number, number][] = [];
    for (const state of SPLIT_STATES)
      for (let lat = 24; lat <= 72; lat += 0.5) for (let lon = -180; lon <= -66; lon += 0.5) points.push([state, lat, lon]);
    for (const state of Object.keys(STATE_TIME_ZONES)) points.push([state, Number.NaN, Number.NaN]);
    const { rows } = await t.database.pool.query<{ zone: string }>(
      `SELECT us_time_zone(p.state, nullif(p.lat, 'NaN'), nullif(p.lon, 'NaN')) AS zone
         FROM unnest($1::text[], $2::float8[], $3::float8[]) WITH ORDINALITY AS p(state, lat, lon, n) ORDER BY p.n`,
      [points.map((p) => p[0]), points.map((p) => p[1]), points.map((p) => p[2])],
    );
    const expected = points.map(([state, lat, lon]) =>
      usTimeZone(state, Number.isNaN(lat) ? null : lat, Number.isNaN(lon) ? null : lon),
    );
    const mismatches = rows.map((row, i) => [points[i], row.zone, expected[i]]).filter(([, got, want]) => got !== want);
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});

/** The local hour now in `zone`. */
const localHour = (zone: string) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
const pad = (n: number) => String(n).padStart(2, '0');
const everyDay = (span: { opens: string; closes: string } | null) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, span]));

describe('opening hours', () => {
  it('are set by the owner (or an admin) only, and refuse bad times with a clear message', async () => {
    const owner = await ownerWithCompany();
    const url = `/api/companies/${owner.company.id}/hours`;
    const body = { hours: { ...everyDay({ opens: '08:00', closes: '17:30' }), sunday: null }, note: 'Emergency call-outs 24/7' };
    const stranger = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
    expect((await call('PUT', url, undefined, body)).statusCode).toBe(401);
    expect((await call('PUT', url, stranger, body)).statusCode).toBe(403);
    const saved = await call('PUT', url, owner.cookie, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ timeZone: 'America/Chicago', note: 'Emergency call-outs 24/7', hours: body.hours });
    expect((await call('GET', url)).json()).toEqual(saved.json());
    // The company page carries them too (server-rendered).
    const page = (await call('GET', `/api/companies/${owner.company.id}`)).json();
    expect(page.openingHours).toEqual(saved.json());

    const bad: [unknown, string][] = [
      [
        { hours: { ...body.hours, monday: { opens: '8am', closes: '17:00' } } },
        'Monday: the opening time must look like 08:30 (24-hour clock, 00:00 to 24:00)',
      ],
      [
        { hours: { ...body.hours, tuesday: { opens: '09:00', closes: '25:00' } } },
        'Tuesday: the closing time must look like 08:30 (24-hour clock, 00:00 to 24:00)',
      ],
      [
        { hours: { ...body.hours, friday: { opens: '18:00', closes: '18:00' } } },
        'Friday: the closing time must differ from the opening time (a closing time before the opening time runs past midnight, as in 18:00 – 02:00)',
      ],
      [{ hours: { monday: null } }, 'Tuesday: give opening and closing times, or null for closed'],
      [{ hours: body.hours, note: 'x'.repeat(201) }, 'The note must be at most 200 characters'],
    ];
    for (const [payload, error] of bad) {
      const refused = await call('PUT', url, owner.cookie, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(error);
    }
    const cleared = await call('DELETE', url, owner.cookie);
    expect(cleared.json()).toMatchObject({ hours: null, openNow: null });
  });

  it('take a span past midnight: Friday 18:00 – 02:00 is open early on Saturday, in the company zone', async () => {
    const owner = await ownerWithCompany({ zip: '78701' });
    const url = `/api/companies/${owner.company.id}/hours`;
    const hours = { ...everyDay(null), friday: { opens: '18:00', closes: '02:00' } };
    const saved = await call('PUT', url, owner.cookie, { hours });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().hours.friday).toEqual({ opens: '18:00', closes: '02:00' });

    // 2026-11-27 is a Friday; local times in the company's zone (America/Chicago).
    const openAt = async (local: string) => {
      const { rows } = await t.database.pool.query<{ open: boolean }>(
        `SELECT opening_hours_open_at(h.week, c.time_zone, ($1::timestamp AT TIME ZONE c.time_zone)) AS open
           FROM company_opening_hours h JOIN companies c ON c.id = h.company_id WHERE h.company_id = $2`,
        [local, owner.company.id],
      );
      return rows[0].open;
    };
    expect(await openAt('2026-11-27 17:59')).toBe(false);
    expect(await openAt('2026-11-27 18:00')).toBe(true);
    expect(await openAt('2026-11-27 23:30')).toBe(true);
    expect(await openAt('2026-11-28 01:00')).toBe(true);
    expect(await openAt('2026-11-28 02:00')).toBe(false);
    expect(await openAt('2026-11-28 03:00')).toBe(false);
    expect(await openAt('2026-11-29 01:00')).toBe(false);
    // Sunday into Monday wraps the week.
    await call('PUT', url, owner.cookie, { hours: { ...everyDay(null), sunday: { opens: '20:00', closes: '01:00' } } });
    expect(await openAt('2026-11-30 00:30')).toBe(true);
    expect(await openAt('2026-11-30 01:30')).toBe(false);
  });

  it('"open now" filters the search in each company\'s own time zone, and leaves other searches alone', async () => {
    // A zone where it is between 01:00 and 22:59 now, and another 5–6 hours away: a span of an hour
    // either side of now in the first cannot straddle midnight, and never holds the other's now.
    const [targetZip, otherZip] =
      localHour('America/New_York') >= 1 && localHour('America/New_York') <= 22 ? ['10001', '96813'] : ['96813', '10001'];
    const word = `Openhours${Date.now().toString(36)}`;
    const target = await ownerWithCompany({ zip: targetZip, name: `${word} Target` });
    const other = await ownerWithCompany({ zip: otherZip, name: `${word} Other` });
    await ownerWithCompany({ name: `${word} Unknown` });
    const alwaysOpen = await ownerWithCompany({ name: `${word} Always` });
    const closedAll = await ownerWithCompany({ name: `${word} Closed` });
    const zone = (await call('GET', `/api/companies/${target.company.id}/hours`)).json().timeZone as string;
    const hour = localHour(zone);
    const span = { opens: `${pad(hour - 1)}:00`, closes: `${pad(hour + 1)}:59` };
    for (const [owner, hours] of [
      [target, everyDay(span)],
      [other, everyDay(span)],
      [alwaysOpen, everyDay({ opens: '00:00', closes: '24:00' })],
      [closedAll, everyDay(null)],
    ] as const) {
      expect((await call('PUT', `/api/companies/${owner.company.id}/hours`, owner.cookie, { hours })).statusCode).toBe(200);
    }
    const names = async (query: string) =>
      ((await call('GET', `/api/search?q=${word}${query}`)).json().results as { name: string }[])
        .map((r) => r.name.replace(`${word} `, ''))
        .sort();
    expect(await names('')).toEqual(['Always', 'Closed', 'Other', 'Target', 'Unknown']);
    expect(await names('&openNow=true')).toEqual(['Always', 'Target']);
    expect(await names('&openNow=1')).toEqual(['Always', 'Target']);
    expect(await names('&openNow=false')).toEqual(['Always', 'Closed', 'Other', 'Target', 'Unknown']);
    const targetHours = (await call('GET', `/api/companies/${target.company.id}/hours`)).json();
    expect(targetHours.openNow).toBe(true);
    expect((await call('GET', `/api/companies/${other.company.id}/hours`)).json().openNow).toBe(false);
    // Without words or place: the planner's path takes the filter as well.
    const all = (await call('GET', `/api/search?openNow=true&limit=50`)).json();
    expect(all.results.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([target.company.id, alwaysOpen.company.id]),
    );
    expect(all.results.map((r: { id: number }) => r.id)).not.toContain(other.company.id);
    // Near a place, sorted by distance.
    const near = (await call('GET', `/api/search?q=${word}&location=78701&radius=50&sort=distance&openNow=on`)).json();
    expect(near.results.map((r: { id: number }) => r.id)).toEqual([alwaysOpen.company.id]);
  });
});
