/**
 * Personal data: the copy of a user's data holds every row of theirs and nothing of anyone
 * else's, its link works once and expires, one is prepared at a time within a limit, and the build
 * survives a node that dies; deleting an account leaves no personal field anywhere, keeps the
 * ledger balanced and other people's conversations and reviews readable, and frees the address.
 */
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claims,
  companyCredentials,
  companyOpeningHours,
  leadReports,
  messages,
  notificationOutbox,
  payments,
  quoteImages,
  quoteOffers,
  ratings,
} from '@/server/db/schema';
import type { ObjectStore } from '@/server/platform/objects/object-store';
import { createCompany, createQuote, createUser, giveCoins, loginAs, uniqueEmail } from '@/server/test/factories';
import { pngBytes } from '@/server/test/image-fixtures';
import { apiCaller, freshIp, startTestApp, type TestApp } from '@/server/test/harness';
import { linkFrom } from '@/server/test/smtp-sink';
import { isAppPath } from '@/shared/app-routes';
import { HIDDEN_MESSAGE_PLACEHOLDER } from '@/shared/schemas/moderation';
import { IMAGE_TYPES } from '@/shared/schemas/upload';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Each test builds the copies itself (buildPendingExports), when it means to: the minutely job
  // would otherwise build one between a request and the test's look at it ("preparing").
  await t.app.services.jobs.stop();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const storeImage = async (userId: number, kind: 'upload' | 'quote_image' | 'credential_document') =>
  t.app.services.images.storeImage(await pngBytes(), { allowed: IMAGE_TYPES, typesMessage: 'image' }, kind, userId);

/**
 * Alice, with one of everything: a business of her own, a sent request (with an image, an offer and
 * a conversation) to Bob's business, a draft, Bob's request to her business (which she answered and
 * reported), a review and a reply, coins, a payment, a favourite, a claim, notices, sessions, an
 * upload. Bob has the same kinds of rows of his own, and the two conversations are shared.
 */
async function seedPair() {
  const tag = Math.random().toString(36).slice(2, 8);
  const alice = await createUser(t.db, {
    firstName: `Alicette${tag}`,
    lastName: `Quixote${tag}`,
    email: uniqueEmail('alice'),
    phoneNumber: `+1512555${String(Math.floor(Math.random() * 9000) + 1000)}`,
    isVerified: true,
  });
  const bob = await createUser(t.db, {
    firstName: `Bobbert${tag}`,
    lastName: `Zebulon${tag}`,
    email: uniqueEmail('bob'),
    phoneNumber: `+1737555${String(Math.floor(Math.random() * 9000) + 1000)}`,
    isVerified: true,
  });
  const aliceCompany = await createCompany(t.db, { ownerId: alice.id, name: `Sunrise Plumbing ${tag}` });
  const bobCompany = await createCompany(t.db, { ownerId: bob.id, name: `Harbor Repairs ${tag}` });
  const aliceQuote = await createQuote(t.db, { userId: alice.id, companyIds: [bobCompany.id] });
  const aliceDraft = await createQuote(t.db, { userId: alice.id, companyIds: [bobCompany.id], status: 'draft' });
  const bobQuote = await createQuote(t.db, { userId: bob.id, companyIds: [aliceCompany.id] });
  const quoteImage = await storeImage(alice.id, 'quote_image');
  await t.db.insert(quoteImages).values({ quoteId: aliceQuote.id, objectId: quoteImage.objectId, caption: 'The leaking trap' });
  const upload = await storeImage(alice.id, 'upload');
  await storeImage(bob.id, 'upload');
  const [offer] = await t.db
    .insert(quoteOffers)
    .values({
      quoteId: aliceQuote.id,
      companyId: bobCompany.id,
      version: 1,
      kind: 'fixed',
      amountMinor: 12_500,
      currency: 'USD',
      includes: 'Parts and labour',
      validUntil: new Date(Date.now() + 7 * 86_400_000),
      createdBy: bob.id,
    })
    .returning();
  await t.db.insert(messages).values([
    {
      quoteId: aliceQuote.id,
      companyId: bobCompany.id,
      senderId: alice.id,
      senderType: 'user',
      message: 'The sink leaks at night.',
    },
    {
      quoteId: aliceQuote.id,
      companyId: bobCompany.id,
      senderId: bob.id,
      senderType: 'company',
      message: 'We can come Tuesday.',
    },
    { quoteId: bobQuote.id, companyId: aliceCompany.id, senderId: bob.id, senderType: 'user', message: 'Is the boiler covered?' },
    {
      quoteId: bobQuote.id,
      companyId: aliceCompany.id,
      senderId: alice.id,
      senderType: 'company',
      message: 'Yes, boilers are our speciality.',
    },
  ]);
  const [, bobReview] = await t.db
    .insert(ratings)
    .values([
      { userId: alice.id, companyId: bobCompany.id, rating: 4.5, comment: 'Quick and tidy work on the sink.' },
      {
        userId: bob.id,
        companyId: aliceCompany.id,
        rating: 5,
        comment: 'Fixed the boiler in an hour.',
        ownerReply: 'Thank you, glad it is warm again.',
        ownerReplyAt: new Date(),
      },
    ])
    .returning();
  // Each business has a credential with its document and opening hours.
  const aliceDocument = await storeImage(alice.id, 'credential_document');
  const bobDocument = await storeImage(bob.id, 'credential_document');
  const credentialOf = (companyId: number, number: string, documentObjectId: string, userId: number) =>
    ({
      companyId,
      kind: 'licence',
      number,
      issuer: 'State licensing board',
      expiresOn: '2031-01-31',
      documentObjectId,
      submittedByUserId: userId,
    }) as const;
  await t.db
    .insert(companyCredentials)
    .values([
      credentialOf(aliceCompany.id, `LIC-A-${tag}`, aliceDocument.objectId, alice.id),
      credentialOf(bobCompany.id, `LIC-B-${tag}`, bobDocument.objectId, bob.id),
    ]);
  const week = [{ opens: '08:00', closes: '17:00' }, null, null, null, null, null, null];
  await t.db.insert(companyOpeningHours).values([
    { companyId: aliceCompany.id, week, note: `Sunrise hours ${tag}` },
    { companyId: bobCompany.id, week, note: `Harbor hours ${tag}` },
  ]);
  await giveCoins(t.db, alice.id, 30);
  await giveCoins(t.db, bob.id, 40);
  await t.db.insert(payments).values([
    {
      userId: alice.id,
      provider: 'test',
      providerIntentId: `pi_alice_${tag}`,
      packageType: 'small',
      coins: 20,
      amountCents: 2000,
      status: 'succeeded',
      failureMessage: 'first card declined',
    },
    { userId: bob.id, provider: 'test', providerIntentId: `pi_bob_${tag}`, packageType: 'medium', coins: 50, amountCents: 4500 },
  ]);
  await t.db.insert(leadReports).values({
    quoteId: bobQuote.id,
    companyId: aliceCompany.id,
    reporterUserId: alice.id,
    reason: 'spam',
    note: 'Looked like a test request',
    coins: 5,
  });
  await t.db.insert(claims).values({
    id: `claim-${tag}-${'x'.repeat(20)}`,
    companyId: aliceCompany.id,
    quoteId: bobQuote.id,
    redeemedAt: new Date(),
    redeemedByUserId: alice.id,
  });
  await t.db.insert(notificationOutbox).values([
    { channel: 'email', recipient: alice.email, subject: `For Alice ${tag}`, bodyText: 'Hello Alice', kind: 'test' },
    { channel: 'sms', recipient: alice.phoneNumber!, bodyText: `Text for Alice ${tag}`, kind: 'test' },
    { channel: 'email', recipient: bob.email, subject: `For Bob ${tag}`, bodyText: 'Hello Bob', kind: 'test' },
  ]);
  const aliceCookie = await loginAs(t.app, alice);
  const bobCookie = await loginAs(t.app, bob);
  // Reports both ways, in their authors' own words; Alice's listing is hidden and she appeals.
  const report = (cookie: string, itemType: 'review' | 'company', itemId: number, note: string) =>
    call('POST', '/api/reports', cookie, { itemType, itemId, reason: 'other', note });
  expect((await report(aliceCookie, 'review', bobReview.id, `${alice.firstName} says this never happened`)).statusCode).toBe(201);
  expect((await report(bobCookie, 'company', aliceCompany.id, `${bob.firstName} says this is unfair`)).statusCode).toBe(201);
  const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
  const adminCookie = await loginAs(t.app, admin);
  const [aliceCase] = (
    await t.db.execute<{ id: number }>(
      sql`SELECT id FROM moderation_cases WHERE item_type = 'company' AND item_id = ${aliceCompany.id}`,
    )
  ).rows;
  const hide = await call('POST', `/api/admin/moderation/${aliceCase.id}/decision`, adminCookie, {
    decision: 'hide',
    reason: 'Not a real business',
  });
  expect(hide.statusCode).toBe(200);
  const appeal = await call('POST', `/api/moderation/cases/${aliceCase.id}/appeal`, aliceCookie, {
    text: `${alice.firstName} here: we are a real business`,
  });
  expect(appeal.statusCode).toBe(200);
  expect((await call('PUT', `/api/favorites/${bobCompany.id}`, aliceCookie)).statusCode).toBeLessThan(300);
  expect((await call('PUT', `/api/favorites/${aliceCompany.id}`, bobCookie)).statusCode).toBeLessThan(300);
  return {
    tag,
    alice,
    bob,
    aliceCompany,
    bobCompany,
    aliceQuote,
    aliceDraft,
    bobQuote,
    offer,
    quoteImage,
    upload,
    aliceDocument,
    bobDocument,
    aliceCase,
    bobReview,
    adminCookie,
    aliceCookie,
    bobCookie,
  };
}

const exportMailsTo = (email: string) =>
  t.smtp.received.filter((mail) => mail.to.includes(email) && mail.subject.includes('data is ready'));

/** Waits for the `count`th data-export mail to `email` and answers its link. */
async function exportMail(email: string, count: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (exportMailsTo(email).length < count) {
    if (Date.now() > deadline) throw new Error(`no data-export mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return linkFrom(exportMailsTo(email)[count - 1], `${t.baseUrl}/data-export?token=`);
}

/** Asks for a copy as `cookie`, builds it as the job does, and answers the mailed link. */
async function exportLinkOf(cookie: string, email: string): Promise<string> {
  const before = exportMailsTo(email).length;
  expect((await call('POST', '/api/me/data-export', cookie)).statusCode).toBe(202);
  await t.app.services.privacy.buildPendingExports();
  return exportMail(email, before + 1);
}
const pathOf = (link: string) => link.slice(t.baseUrl.length);
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** What the /data-export page asks when it opens: never spends the link. */
const checkLink = (link: string) => call('GET', `/api/data-export/link?token=${encodeURIComponent(tokenOf(link))}`);
/** The page's Download button: a same-origin form POST with the token in the body. */
const download = (link: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/data-export/download',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.baseUrl, ...headers },
    payload: new URLSearchParams({ token: tokenOf(link) }).toString(),
  });

describe('the copy of a user’s data', () => {
  it('holds every row of the user and nothing personal of anyone else', async () => {
    const s = await seedPair();
    const link = await exportLinkOf(s.aliceCookie, s.alice.email);
    const answer = await download(link);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="localpros-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await readZip(answer.rawPayload);
    const json = (name: string) => JSON.parse(files.get(`${name}.json`)!.toString()) as unknown;

    expect([...files.keys()].filter((name) => !name.startsWith('images/')).sort()).toEqual(
      [
        'README.txt',
        'claims.json',
        'coins.json',
        'companies.json',
        'credentials.json',
        'moderation.json',
        'opening-hours.json',
        'reports.json',
        'favorites.json',
        'images.json',
        'lead-reports.json',
        'messages.json',
        'notices.json',
        'offers-made.json',
        'payments.json',
        'profile.json',
        'quotes.json',
        'reviews.json',
        'sessions.json',
      ].sort(),
    );
    expect(json('profile')).toMatchObject({ id: s.alice.id, email: s.alice.email, phoneNumber: s.alice.phoneNumber });
    expect(json('profile')).not.toHaveProperty('passwordHash');
    expect(json('companies')).toEqual([expect.objectContaining({ id: s.aliceCompany.id, name: s.aliceCompany.name })]);
    const quotes = json('quotes') as { id: number; companiesAsked: unknown[]; offers: unknown[]; images: unknown[] }[];
    expect(quotes.map((q) => q.id).sort()).toEqual([s.aliceQuote.id, s.aliceDraft.id].sort());
    const sent = quotes.find((q) => q.id === s.aliceQuote.id)!;
    expect(sent.companiesAsked).toEqual([
      expect.objectContaining({ companyId: s.bobCompany.id, companyName: s.bobCompany.name }),
    ]);
    expect(sent.offers).toEqual([expect.objectContaining({ id: s.offer.id, amountMinor: 12_500, includes: 'Parts and labour' })]);
    expect(sent.images).toEqual([expect.objectContaining({ objectId: s.quoteImage.objectId, caption: 'The leaking trap' })]);
    const words = (json('messages') as { message: string; sentByYou: boolean }[]).map((m) => [m.message, m.sentByYou]);
    expect(words).toEqual(
      expect.arrayContaining([
        ['The sink leaks at night.', true],
        ['We can come Tuesday.', false],
        ['Is the boiler covered?', false],
        ['Yes, boilers are our speciality.', true],
      ]),
    );
    expect(words).toHaveLength(4);
    expect(json('offers-made')).toEqual([]);
    const reviews = json('reviews') as { written: { comment: string }[]; repliesAsOwner: { reply: string }[] };
    expect(reviews.written.map((r) => r.comment)).toEqual(['Quick and tidy work on the sink.']);
    expect(reviews.repliesAsOwner.map((r) => r.reply)).toEqual(['Thank you, glad it is warm again.']);
    const coins = json('coins') as { balance: number; ledger: { delta: number; userId: number }[] };
    expect(coins.balance).toBe(30);
    expect(coins.ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(30);
    expect(json('payments')).toEqual([expect.objectContaining({ providerIntentId: `pi_alice_${s.tag}`, coins: 20 })]);
    expect(json('favorites')).toEqual([expect.objectContaining({ companyId: s.bobCompany.id })]);
    expect(json('lead-reports')).toEqual([
      expect.objectContaining({ quoteId: s.bobQuote.id, note: 'Looked like a test request' }),
    ]);
    expect(json('claims')).toEqual([expect.objectContaining({ companyId: s.aliceCompany.id })]);
    expect(json('credentials')).toEqual([
      expect.objectContaining({
        companyId: s.aliceCompany.id,
        number: `LIC-A-${s.tag}`,
        documentObjectId: s.aliceDocument.objectId,
      }),
    ]);
    expect(json('opening-hours')).toEqual([
      expect.objectContaining({ companyId: s.aliceCompany.id, note: `Sunrise hours ${s.tag}` }),
    ]);
    expect(json('reports')).toEqual([
      expect.objectContaining({ itemType: 'review', reason: 'other', note: `${s.alice.firstName} says this never happened` }),
    ]);
    expect(json('moderation')).toEqual([
      expect.objectContaining({
        caseId: s.aliceCase.id,
        decision: 'hide',
        decisionReason: 'Not a real business',
        appealText: `${s.alice.firstName} here: we are a real business`,
      }),
    ]);
    const notices = json('notices') as { recipient: string }[];
    expect([...new Set(notices.map((n) => n.recipient))].sort()).toEqual([s.alice.email, s.alice.phoneNumber].sort());
    const sessions = json('sessions') as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(sessions[0]).sort()).toEqual(['address', 'createdAt', 'device', 'expiresAt', 'lastSeenAt', 'rememberMe']);
    const images = json('images') as { id: string; contentType: string }[];
    expect(images.map((i) => i.id).sort()).toEqual([s.quoteImage.objectId, s.upload.objectId, s.aliceDocument.objectId].sort());
    for (const image of images) expect(files.get(`images/${image.id}.webp`) ?? files.get(`images/${image.id}.png`)).toBeDefined();
    expect([...files.keys()].filter((name) => name.startsWith('images/'))).toHaveLength(3);

    // Nothing personal of Bob's: his name, address, phone, payment, notices — only the words he
    // wrote in the conversations Alice takes part in (which she saw there).
    const everything = [...files.entries()]
      .filter(([name]) => name.endsWith('.json') || name.endsWith('.txt'))
      .map(([, bytes]) => bytes.toString())
      .join('\n');
    for (const secret of [
      s.bob.firstName,
      s.bob.lastName,
      s.bob.email,
      s.bob.phoneNumber!,
      `pi_bob_${s.tag}`,
      `For Bob ${s.tag}`,
      `LIC-B-${s.tag}`,
      `Harbor hours ${s.tag}`,
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
    expect(everything).not.toContain('passwordHash');
    expect(everything).not.toContain(s.alice.passwordHash);
    expect(everything).not.toContain('idHash');
  });

  it('shows a message a moderator hid from the user as its placeholder, without words or image', async () => {
    const customer = await createUser(t.db, { isVerified: true });
    const owner = await createUser(t.db, { isVerified: true });
    const company = await createCompany(t.db, { ownerId: owner.id });
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id] });
    const image = await storeImage(owner.id, 'quote_image');
    const [fromOwner, fromCustomer] = await t.db
      .insert(messages)
      .values([
        {
          quoteId: quote.id,
          companyId: company.id,
          senderId: owner.id,
          senderType: 'company',
          message: 'Abusive words the customer never saw',
          imageObjectId: image.objectId,
        },
        { quoteId: quote.id, companyId: company.id, senderId: customer.id, senderType: 'user', message: 'My own hidden words' },
      ])
      .returning();
    await t.db.execute(sql`UPDATE messages SET moderation_state = 'hidden' WHERE id IN (${fromOwner.id}, ${fromCustomer.id})`);
    const messagesIn = async (cookie: string, email: string) => {
      const answer = await download(await exportLinkOf(cookie, email));
      const files = await readZip(answer.rawPayload);
      return JSON.parse(files.get('messages.json')!.toString()) as {
        id: number;
        message: string;
        imageObjectId: string | null;
      }[];
    };

    const seenByCustomer = await messagesIn(await loginAs(t.app, customer), customer.email);
    expect(seenByCustomer.find((m) => m.id === fromOwner.id)).toMatchObject({
      message: HIDDEN_MESSAGE_PLACEHOLDER,
      imageObjectId: null,
    });
    expect(JSON.stringify(seenByCustomer)).not.toContain('Abusive words');
    expect(JSON.stringify(seenByCustomer)).not.toContain(image.objectId);
    // Its own side still reads what it wrote, as in the conversation.
    expect(seenByCustomer.find((m) => m.id === fromCustomer.id)).toMatchObject({ message: 'My own hidden words' });
    const seenByOwner = await messagesIn(await loginAs(t.app, owner), owner.email);
    expect(seenByOwner.find((m) => m.id === fromOwner.id)).toMatchObject({
      message: 'Abusive words the customer never saw',
      imageObjectId: image.objectId,
    });
    expect(seenByOwner.find((m) => m.id === fromCustomer.id)).toMatchObject({ message: HIDDEN_MESSAGE_PLACEHOLDER });
  });

  it('mails a page link that GETs never spend; the page’s form POST spends it once; then 410, unknown 404', async () => {
    const s = await seedPair();
    const link = await exportLinkOf(s.bobCookie, s.bob.email);
    expect(pathOf(link)).toMatch(/^\/data-export\?token=/);
    expect((await call('GET', '/api/me/data-export', s.bobCookie)).json()).toMatchObject({ status: 'mailed' });
    // What a mail scanner or link preview does: the page, its check, the download path by GET and
    // HEAD. None of them spends the link; the download path sends a GET on to the page.
    expect(isAppPath(new URL(link).pathname)).toBe(true);
    await call('GET', pathOf(link));
    for (let i = 0; i < 2; i += 1) {
      const checked = await checkLink(link);
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toMatchObject({ success: true, expiresAt: expect.any(String) });
    }
    const oldStyle = `/api/data-export/download?token=${encodeURIComponent(tokenOf(link))}`;
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await t.app.inject({ method, url: oldStyle, headers: { accept: 'text/html' } });
      expect(answer.statusCode, method).toBe(303);
      expect(answer.headers.location).toBe(pathOf(link));
    }
    expect((await call('GET', '/api/data-export/download')).headers.location).toBe('/data-export');
    expect((await call('GET', '/api/me/data-export', s.bobCookie)).json()).toMatchObject({ status: 'mailed' });

    // A form on another site cannot spend it, nor one from a sandboxed frame (Origin: null).
    expect((await download(link, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await download(link, { origin: 'null' })).statusCode).toBe(403);
    expect((await download(link, { origin: 'null', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // What a browser sends when the page's form posts (our Referrer-Policy nulls the Origin).
    const answer = await download(link, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.rawPayload.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    expect((await call('GET', '/api/me/data-export', s.bobCookie)).json()).toMatchObject({ status: 'downloaded' });

    const used = await checkLink(link);
    expect(used.statusCode).toBe(410);
    expect(used.json()).toMatchObject({
      code: 'EXPORT_LINK_USED',
      error: 'This download link was already used. Ask for a new copy from your profile.',
    });
    const again = await call('POST', '/api/data-export/download', undefined, { token: tokenOf(link) });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'EXPORT_LINK_USED' });
    // The form posted again from a browser tab: a page that says so.
    const page = await download(link, { accept: 'text/html' });
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('already used');
    const unknown = await checkLink(`${t.baseUrl}/data-export?token=not-a-real-token`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'EXPORT_LINK_UNKNOWN' });
    const unknownPost = await call('POST', '/api/data-export/download', undefined, { token: 'not-a-real-token' });
    expect(unknownPost.statusCode).toBe(404);
    expect((await call('GET', '/api/data-export/link')).statusCode).toBe(400);
    const empty = await call('POST', '/api/data-export/download', undefined, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'The download link is incomplete' });
  });

  it('expires the link, and the retention job deletes the archive, then the row a day later', async () => {
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    const link = await exportLinkOf(cookie, user.email);
    const [row] = (
      await t.db.execute<{ id: number; object_key: string }>(
        sql`SELECT id, object_key FROM data_exports WHERE user_id = ${user.id} AND status = 'ready'`,
      )
    ).rows;
    expect(await t.app.services.images.store.get(row.object_key)).toBeDefined();
    await t.db.execute(sql`UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE id = ${row.id}`);
    const expired = await checkLink(link);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'EXPORT_LINK_EXPIRED' });
    expect((await call('GET', '/api/me/data-export', cookie)).json()).toMatchObject({ status: 'expired' });

    await t.app.services.privacy.pruneExports();
    expect(await t.app.services.images.store.get(row.object_key)).toBeUndefined();
    const kept = await t.db.execute(sql`SELECT status, object_key FROM data_exports WHERE id = ${row.id}`);
    expect(kept.rows).toEqual([{ status: 'expired', object_key: null }]);
    expect((await checkLink(link)).statusCode).toBe(410);
    expect((await download(link)).statusCode).toBe(410);

    await t.db.execute(sql`UPDATE data_exports SET expires_at = now() - interval '2 days' WHERE id = ${row.id}`);
    await t.app.services.privacy.pruneExports();
    expect((await t.db.execute(sql`SELECT 1 FROM data_exports WHERE id = ${row.id}`)).rows).toHaveLength(0);
    expect((await download(link)).statusCode).toBe(404);
  });

  it('prepares one copy at a time, however many requests race, and a new copy ends the old link', async () => {
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    expect((await call('GET', '/api/me/data-export', cookie)).json()).toMatchObject({ status: 'none' });
    // Five: the daily limit's count, as refused requests hand theirs back only once answered.
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', '/api/me/data-export', cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'EXPORT_IN_PROGRESS' });
    expect((await call('GET', '/api/me/data-export', cookie)).json()).toMatchObject({ status: 'preparing' });

    await t.app.services.privacy.buildPendingExports();
    const first = await exportMail(user.email, 1);
    const second = await exportLinkOf(cookie, user.email);
    expect((await download(first)).statusCode).toBe(410);
    expect((await download(second)).statusCode).toBe(200);
  });

  it('limits how many copies an account asks for (429 with Retry-After)', async () => {
    const limited = await startTestApp({ RATE_LIMIT_DATA_EXPORTS_PER_ACCOUNT: '2' });
    try {
      limited.limiterClock.startOfNextWindow(86_400);
      const user = await createUser(limited.db, { isVerified: true });
      const cookie = await loginAs(limited.app, user);
      const ask = () => limited.app.inject({ method: 'POST', url: '/api/me/data-export', headers: { cookie } });
      for (let i = 0; i < 2; i += 1) {
        expect((await ask()).statusCode).toBe(202);
        await limited.db.execute(sql`UPDATE data_exports SET status = 'failed' WHERE user_id = ${user.id}`);
      }
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('survives a node that died while building, and two nodes never build one request twice', async () => {
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    expect((await call('POST', '/api/me/data-export', cookie)).statusCode).toBe(202);
    // Another node took it and is still within its lease: left alone.
    await t.db.execute(
      sql`UPDATE data_exports SET locked_until = now() + interval '5 minutes', attempts = 1 WHERE user_id = ${user.id}`,
    );
    await t.app.services.privacy.buildPendingExports();
    expect((await call('GET', '/api/me/data-export', cookie)).json()).toMatchObject({ status: 'preparing' });
    // That node died: its lease ran out, and the next run (on any node, after a restart) builds it.
    await t.db.execute(sql`UPDATE data_exports SET locked_until = now() - interval '1 second' WHERE user_id = ${user.id}`);
    await Promise.all([t.app.services.privacy.buildPendingExports(), t.app.services.privacy.buildPendingExports()]);
    expect((await call('GET', '/api/me/data-export', cookie)).json()).toMatchObject({ status: 'mailed' });
    // One mail queued, whatever the two runs did (counted where it is queued: a wait for a second
    // delivery that never comes would be a guess of how long delivery takes).
    const queued = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM notification_outbox WHERE recipient = ${user.email} AND kind = 'data_export'`,
    );
    expect(queued.rows[0]).toEqual({ n: 1 });
    await exportMail(user.email, 1);
    const rows = await t.db.execute(sql`SELECT count(*)::int AS n FROM data_exports WHERE user_id = ${user.id}`);
    expect(rows.rows[0]).toEqual({ n: 1 });
  });

  it('leaves no archive behind when the step after storing it fails, and the retry builds it', async () => {
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    expect((await call('POST', '/api/me/data-export', cookie)).statusCode).toBe(202);
    // The mail's insert fails inside the transaction that follows `store.putFile`.
    await t.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION test_refuse_export_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kind = 'data_export' AND NEW.recipient = '${user.email}' THEN RAISE EXCEPTION 'outbox unavailable'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_export_mail BEFORE INSERT ON notification_outbox
        FOR EACH ROW EXECUTE FUNCTION test_refuse_export_mail();`),
    );
    const store = (t.app.services.privacy as unknown as { store: ObjectStore }).store;
    const putFile = store.putFile;
    const stored: string[] = [];
    store.putFile = (key, file, contentType) => {
      stored.push(key);
      return putFile.call(store, key, file, contentType);
    };
    try {
      expect(await t.app.services.privacy.buildPendingExports()).toMatch(/1 failed/);
    } finally {
      store.putFile = putFile;
      await t.db.execute(sql`DROP TRIGGER test_refuse_export_mail ON notification_outbox`);
      await t.db.execute(sql`DROP FUNCTION test_refuse_export_mail()`);
    }
    expect(stored).toHaveLength(1);
    expect(await store.get(stored[0])).toBeUndefined();
    expect((await call('GET', '/api/me/data-export', cookie)).json()).toMatchObject({ status: 'preparing' });

    await t.db.execute(sql`UPDATE data_exports SET locked_until = now() - interval '1 second' WHERE user_id = ${user.id}`);
    expect(await t.app.services.privacy.buildPendingExports()).toMatch(/^1 data exports mailed$/);
    expect((await download(await exportMail(user.email, 1))).statusCode).toBe(200);
  });

  it('refuses the signed out', async () => {
    expect((await call('GET', '/api/me/data-export')).statusCode).toBe(401);
    expect((await call('POST', '/api/me/data-export')).statusCode).toBe(401);
  });
});

describe('deleting an account', () => {
  it('asks for the password: 401 signed out, 400 with a wrong one, and nothing changes', async () => {
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    expect((await call('POST', '/api/me/delete-account', undefined, { password: user.password })).statusCode).toBe(401);
    const wrong = await call('POST', '/api/me/delete-account', cookie, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
    expect(wrong.json<{ error: string }>().error).toContain('not right');
    const missing = await call('POST', '/api/me/delete-account', cookie, {});
    expect(missing.statusCode).toBe(400);
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(200);
    const row = await t.db.execute(sql`SELECT deleted_at FROM users WHERE id = ${user.id}`);
    expect(row.rows[0]).toEqual({ deleted_at: null });
  });

  it('leaves no personal field, keeps the ledger balanced and other people’s records readable', async () => {
    const s = await seedPair();
    const secondTab = await loginAs(t.app, s.alice);
    const ledgerBefore = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE user_id = ${s.alice.id}`,
    );
    expect((await call('POST', '/api/me/data-export', s.aliceCookie)).statusCode).toBe(202);

    const deleted = await call('POST', '/api/me/delete-account', s.aliceCookie, { password: s.alice.password });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true });
    expect(deleted.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    // Sessions end at once, in every tab.
    expect((await call('GET', '/api/me', s.aliceCookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/me', secondTab)).statusCode).toBe(401);

    // The row stays, with nothing personal.
    const [user] = (await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM users WHERE id = ${s.alice.id}`)).rows;
    expect(user).toMatchObject({
      first_name: 'Former customer',
      last_name: '',
      email: `deleted-${s.alice.id}@deleted.invalid`,
      phone_number: null,
      is_verified: false,
      email_notifications: false,
      text_notifications: false,
      email_weekly_summary: false,
    });
    expect(user.deleted_at).not.toBeNull();
    expect(user.password_hash).toBe('!deleted');

    // No table holds her name, address or phone any more.
    const tables = await t.db.execute<{ table_name: string }>(sql`
      SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '__drizzle_migrations'`);
    for (const { table_name } of tables.rows) {
      for (const value of [s.alice.firstName, s.alice.lastName, s.alice.email, s.alice.phoneNumber!]) {
        const found = await t.db.execute<{ n: number }>(
          sql.raw(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE t::text ILIKE '%${value.replace(/'/g, "''")}%'`),
        );
        expect(found.rows[0].n, `${table_name} still holds ${value}`).toBe(0);
      }
    }
    for (const table of ['sessions', 'auth_tokens', 'favorites', 'data_exports']) {
      const left = await t.db.execute<{ n: number }>(
        sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = ${s.alice.id}`),
      );
      expect(left.rows[0].n, table).toBe(0);
    }

    // The ledger keeps its amounts; every balance still equals its ledger.
    const ledgerAfter = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE user_id = ${s.alice.id}`,
    );
    expect(ledgerAfter.rows[0].n).toBe(ledgerBefore.rows[0].n);
    const unbalanced = await t.db.execute(sql`
      SELECT b.user_id FROM coin_balances b
        LEFT JOIN (SELECT user_id, sum(delta)::int AS total FROM coin_ledger GROUP BY user_id) l ON l.user_id = b.user_id
       WHERE b.balance <> coalesce(l.total, 0)`);
    expect(unbalanced.rows).toEqual([]);

    // Her business is deactivated and ownerless (its page is gone for the public: a moderator hid it).
    const owner = await t.db.execute(sql`SELECT owner_id, is_active FROM companies WHERE id = ${s.aliceCompany.id}`);
    expect(owner.rows[0]).toEqual({ owner_id: null, is_active: false });

    // Bob still reads both conversations; she is "Former customer" in his inbox.
    const thread = await call('GET', `/api/quotes/${s.bobQuote.id}/companies/${s.aliceCompany.id}/messages`, s.bobCookie);
    expect(thread.statusCode).toBe(200);
    expect(thread.body).toContain('Yes, boilers are our speciality.');
    const inbox = await call('GET', '/api/vendor-quotes', s.bobCookie);
    const row = inbox
      .json<{ quoteId: number; userFirstName: string; userLastName: string }[]>()
      .find((r) => r.quoteId === s.aliceQuote.id)!;
    expect(`${row.userFirstName} ${row.userLastName}`.trim()).toBe('Former customer');
    const aliceThread = await call('GET', `/api/quotes/${s.aliceQuote.id}/companies/${s.bobCompany.id}/messages`, s.bobCookie);
    expect(aliceThread.body).toContain('The sink leaks at night.');
    // Her open request is completed (no business pays to answer it); her draft is gone.
    const quotes = await t.db.execute(sql`SELECT id, status FROM quotes WHERE user_id = ${s.alice.id} ORDER BY id`);
    expect(quotes.rows).toEqual([{ id: s.aliceQuote.id, status: 'completed' }]);

    // Her review keeps its rating and words, by "Former customer".
    const reviews = await call('GET', `/api/ratings/company/${s.bobCompany.id}`);
    expect(reviews.body).toContain('Quick and tidy work on the sink.');
    expect(reviews.body).toContain('Former customer');

    // The upload nobody needs is gone, bytes too; the sent request's image stays, unlinked.
    const objects = await t.db.execute<{ id: string; created_by_user_id: number | null }>(
      sql`SELECT id, created_by_user_id FROM stored_objects WHERE id IN (${s.upload.objectId}, ${s.quoteImage.objectId})`,
    );
    expect(objects.rows).toEqual([{ id: s.quoteImage.objectId, created_by_user_id: null }]);
    expect(await t.app.services.images.store.get(s.upload.objectId)).toBeUndefined();
    const favourites = await t.db.execute(sql`SELECT favorites_count FROM companies WHERE id = ${s.bobCompany.id}`);
    expect(favourites.rows[0]).toEqual({ favorites_count: 0 });

    // Her business's credential goes with its document; Bob's stays. Her report still counts
    // without her note, and her appeal's words are gone (the scan above found no name in them).
    const credentials = await t.db.execute<{ number: string }>(
      sql`SELECT number FROM company_credentials WHERE number LIKE ${`%${s.tag}`}`,
    );
    expect(credentials.rows).toEqual([{ number: `LIC-B-${s.tag}` }]);
    expect(await t.app.services.images.store.get(s.aliceDocument.objectId)).toBeUndefined();
    const reportsLeft = await t.db.execute(sql`SELECT note FROM moderation_reports WHERE reporter_user_id = ${s.alice.id}`);
    expect(reportsLeft.rows).toEqual([{ note: null }]);
    const appealLeft = await t.db.execute(sql`SELECT appeal_text FROM moderation_cases WHERE id = ${s.aliceCase.id}`);
    expect(appealLeft.rows).toEqual([{ appeal_text: null }]);

    // Her report, decided after she left, mails nobody: the account has no address any more.
    const [bobReviewCase] = (
      await t.db.execute<{ id: number }>(
        sql`SELECT id FROM moderation_cases WHERE item_type = 'review' AND item_id = ${s.bobReview.id}`,
      )
    ).rows;
    const kept = await call('POST', `/api/admin/moderation/${bobReviewCase.id}/decision`, s.adminCookie, {
      decision: 'keep',
      reason: 'A real customer',
    });
    expect(kept.statusCode).toBe(200);
    const toDeleted = await t.db.execute(sql`SELECT kind FROM notification_outbox WHERE recipient LIKE '%@deleted.invalid'`);
    expect(toDeleted.rows).toEqual([]);

    // The sweep finds nothing more to change, and the export requested before is gone with its job.
    await t.app.services.privacy.sweepDeletedAccounts();
    expect(await t.app.services.privacy.buildPendingExports()).toMatch(/^0 data exports/);
  });

  it('erases only the credentials of the businesses owned: one an admin submitted for another business stays', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const owner = await createUser(t.db, { isVerified: true });
    const theirs = await createCompany(t.db, { ownerId: owner.id });
    const adminsOwn = await createCompany(t.db, { ownerId: admin.id });
    // The admin submitted one for someone else's business; someone else submitted one for the
    // admin's business (its document made by that other person).
    const forOthers = await storeImage(admin.id, 'credential_document');
    const forAdmin = await storeImage(owner.id, 'credential_document');
    await t.db.insert(companyCredentials).values([
      {
        companyId: theirs.id,
        kind: 'licence',
        number: `LIC-O-${tag}`,
        issuer: 'State licensing board',
        expiresOn: '2031-01-31',
        documentObjectId: forOthers.objectId,
        submittedByUserId: admin.id,
      },
      {
        companyId: adminsOwn.id,
        kind: 'insurance',
        number: `INS-A-${tag}`,
        issuer: 'Mutual insurers',
        expiresOn: '2031-01-31',
        documentObjectId: forAdmin.objectId,
        submittedByUserId: owner.id,
      },
    ]);
    const cookie = await loginAs(t.app, admin);
    expect((await call('POST', '/api/me/delete-account', cookie, { password: admin.password })).statusCode).toBe(200);

    const left = await t.db.execute(
      sql`SELECT number, submitted_by_user_id, document_object_id FROM company_credentials WHERE number LIKE ${`%-${tag}`}`,
    );
    expect(left.rows).toEqual([{ number: `LIC-O-${tag}`, submitted_by_user_id: null, document_object_id: forOthers.objectId }]);
    const objects = await t.db.execute(
      sql`SELECT id FROM stored_objects WHERE id IN (${forOthers.objectId}, ${forAdmin.objectId})`,
    );
    expect(objects.rows).toEqual([{ id: forOthers.objectId }]);
    expect(await t.app.services.images.store.get(forOthers.objectId)).toBeDefined();
    // The admin's own business's credential went with its document, bytes too: no orphan file.
    expect(await t.app.services.images.store.get(forAdmin.objectId)).toBeUndefined();
  });

  it('leaves alone the texts of another account with the same phone, in the copy and on deletion', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const phone = `+1210555${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const first = await createUser(t.db, { isVerified: true, phoneNumber: phone });
    const second = await createUser(t.db, { isVerified: true, phoneNumber: phone });
    await t.db.insert(notificationOutbox).values([
      { channel: 'sms', recipient: phone, bodyText: `A text on the shared phone ${tag}`, kind: 'test' },
      { channel: 'email', recipient: first.email, subject: `For the first ${tag}`, bodyText: 'Hello', kind: 'test' },
      { channel: 'email', recipient: second.email, subject: `For the second ${tag}`, bodyText: 'Hello', kind: 'test' },
    ]);
    const cookie = await loginAs(t.app, first);
    const files = await readZip((await download(await exportLinkOf(cookie, first.email))).rawPayload);
    const notices = JSON.parse(files.get('notices.json')!.toString()) as { recipient: string; subject: string | null }[];
    expect(notices.map((n) => n.recipient)).toEqual([first.email]);

    expect((await call('POST', '/api/me/delete-account', cookie, { password: first.password })).statusCode).toBe(200);
    const left = await t.db.execute(
      sql`SELECT recipient FROM notification_outbox WHERE body_text LIKE ${`%${tag}`} OR subject LIKE ${`%${tag}`} ORDER BY id`,
    );
    expect(left.rows).toEqual([{ recipient: phone }, { recipient: second.email }]);
  });

  it('the hourly sweep finds deleted accounts through a partial index, not a scan of every user', async () => {
    const indexes = await t.db.execute<{ indexdef: string }>(
      sql`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'users'`,
    );
    expect(indexes.rows.map((row) => row.indexdef)).toContainEqual(
      expect.stringMatching(/ON .*users USING btree \(deleted_at\) WHERE \(deleted_at IS NOT NULL\)/),
    );
  });

  it('is on the record, and the admin screens neither count it nor write to it', async () => {
    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const adminCookie = await loginAs(t.app, admin);
    const user = await createUser(t.db, { isVerified: true, phoneNumber: '+15125550199' });
    const cookie = await loginAs(t.app, user);
    const counted = async () => (await call('GET', '/api/admin/stats', adminCookie)).json<{ usersCount: number }>().usersCount;
    const before = await counted();
    expect((await call('POST', '/api/me/delete-account', cookie, { password: user.password })).statusCode).toBe(200);

    // Who deleted it (the user themself) and what, with nothing personal.
    const audit = await t.db.execute(
      sql`SELECT actor_user_id, action, before, after FROM audit_log WHERE entity_type = 'user' AND entity_id = ${String(user.id)}`,
    );
    expect(audit.rows).toEqual([{ actor_user_id: user.id, action: 'user.delete', before: null, after: null }]);

    expect(await counted()).toBe(before - 1);
    const listed = (await call('GET', '/api/users', adminCookie)).json<{ id: number; deletedAt: string | null }[]>();
    expect(listed.find((row) => row.id === user.id)?.deletedAt).toEqual(expect.any(String));
    expect(listed.find((row) => row.id === admin.id)?.deletedAt).toBeNull();

    const toggled = await call('POST', `/api/users/${user.id}/toggle-admin`, adminCookie);
    expect(toggled.statusCode).toBe(404);
    const written = await call('PUT', `/api/users/${user.id}`, adminCookie, {
      firstName: user.firstName,
      email: user.email,
      phoneNumber: '+15125550199',
    });
    expect(written.statusCode).toBe(404);
    expect(written.json()).toMatchObject({ error: 'User not found' });
    const [row] = (
      await t.db.execute<Record<string, unknown>>(
        sql`SELECT first_name, email, phone_number, is_admin FROM users WHERE id = ${user.id}`,
      )
    ).rows;
    expect(row).toEqual({
      first_name: 'Former member',
      email: `deleted-${user.id}@deleted.invalid`,
      phone_number: null,
      is_admin: false,
    });

    // The sweep applies the erasure again and leaves the record as it was.
    await t.app.services.privacy.sweepDeletedAccounts();
    const again = await t.db.execute(
      sql`SELECT action, before, after FROM audit_log WHERE entity_type = 'user' AND entity_id = ${String(user.id)}`,
    );
    expect(again.rows).toEqual([{ action: 'user.delete', before: null, after: null }]);
  });

  it('frees the address at once for a fresh account, and the old one can never sign in or reset', async () => {
    const user = await createUser(t.db, { isVerified: true, firstName: 'Dora' });
    const cookie = await loginAs(t.app, user);
    expect((await call('POST', '/api/me/delete-account', cookie, { password: user.password })).statusCode).toBe(200);

    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: freshIp(),
      payload: {
        firstName: 'Dora',
        lastName: 'Again',
        email: user.email,
        password: 'another-pass-99',
        confirmPassword: 'another-pass-99',
      },
    });
    expect(signup.statusCode).toBe(201);
    const fresh = signup.json<{ user: { id: number; email: string } }>().user;
    expect(fresh.id).not.toBe(user.id);
    expect(fresh.email).toBe(user.email);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshIp(),
      payload: { email: user.email, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const placeholderLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshIp(),
      payload: { email: `deleted-${user.id}@deleted.invalid`, password: user.password },
    });
    expect(placeholderLogin.statusCode).toBe(401);
    const outboxBefore = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_outbox`);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      remoteAddress: freshIp(),
      payload: { email: `deleted-${user.id}@deleted.invalid` },
    });
    expect(forgot.statusCode).toBe(200);
    const outboxAfter = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_outbox`);
    expect(outboxAfter.rows[0].n).toBe(outboxBefore.rows[0].n);
  });
});
