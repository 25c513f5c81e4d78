/**
 * Reports and moderation: who may report what, one report per person and item (also in
 * parallel), the write limit, what hide/remove/keep do to each kind of item (the review average
 * included), the one appeal, an edited hidden listing back in the queue, admins only, the audit
 * row, and the reporter's outcome (mail and list).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { filePart, pngBytes } from '@/server/test/image-fixtures';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { HIDDEN_MESSAGE_PLACEHOLDER, REMOVED_MESSAGE_PLACEHOLDER, type ModerationQueue } from '@/shared/schemas/moderation';

let t: TestApp;
const REPORT_LIMIT = 6;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_REPORTS_PER_ACCOUNT: String(REPORT_LIMIT) });
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);

async function person(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { isVerified: true, ...values });
  return { user, cookie: await loginAs(t.app, user) };
}

let admin: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  admin = await person({ isAdmin: true, firstName: 'Ada' });
});

const report = (cookie: string, itemType: string, itemId: number, reason = 'offensive', note?: string) =>
  call('POST', '/api/reports', cookie, { itemType, itemId, reason, ...(note === undefined ? {} : { note }) });

async function caseOf(itemType: string, itemId: number) {
  const rows = await t.db.execute<{ id: number; status: string; decision: string | null }>(
    sql`SELECT id, status, decision FROM moderation_cases WHERE item_type = ${itemType} AND item_id = ${itemId}`,
  );
  return rows.rows[0];
}

const decide = (caseId: number, decision: string, reason = 'Breaks the content rules') =>
  call('POST', `/api/admin/moderation/${caseId}/decision`, admin.cookie, { decision, reason });

/** A company with an owner, and a customer who sent it a request and reviewed it. */
async function reviewedCompany(stars = 1) {
  const owner = await person({ firstName: 'Olive' });
  const company = await createCompany(t.db, { ownerId: owner.user.id });
  const reviewer = await person({ firstName: 'Rita' });
  await createQuote(t.db, { userId: reviewer.user.id, companyIds: [company.id] });
  const posted = await call('POST', `/api/companies/${company.id}/ratings`, reviewer.cookie, {
    rating: stars,
    comment: 'They never showed up and kept the deposit.',
  });
  expect(posted.statusCode).toBe(201);
  return { owner, company, reviewer, ratingId: posted.json<{ id: number }>().id };
}

async function figures(companyId: number) {
  const company = (await call('GET', `/api/companies/${companyId}`)).json<{
    averageRating: number | null;
    ratingsCount: number;
  }>();
  return { averageRating: company.averageRating, ratingsCount: company.ratingsCount };
}

async function photoOf(companyId: number) {
  const objectId = randomBytes(16).toString('hex');
  await t.db.execute(sql`
    INSERT INTO stored_objects (id, kind, content_type, byte_size, etag) VALUES (${objectId}, 'company_image', 'image/png', 1, 'x')`);
  const rows = await t.db.execute<{ id: number }>(
    sql`INSERT INTO company_images (company_id, object_id) VALUES (${companyId}, ${objectId}) RETURNING id`,
  );
  return { id: rows.rows[0].id, objectId };
}

/** A conversation between a customer and a company's owner, with one message from each. */
async function conversation() {
  const owner = await person({ firstName: 'Omar' });
  const company = await createCompany(t.db, { ownerId: owner.user.id });
  const customer = await person({ firstName: 'Cleo' });
  const quote = await createQuote(t.db, { userId: customer.user.id, companyIds: [company.id] });
  const insert = async (senderId: number, senderType: 'user' | 'company', message: string) =>
    (
      await t.db.execute<{ id: number }>(sql`
        INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message)
        VALUES (${quote.id}, ${company.id}, ${senderId}, ${senderType}, ${message}) RETURNING id::int AS id`)
    ).rows[0].id;
  const fromCustomer = await insert(customer.user.id, 'user', 'Can you come on Monday?');
  const fromCompany = await insert(owner.user.id, 'company', 'Pay me in gift cards first, you idiot.');
  const thread = `/api/quotes/${quote.id}/companies/${company.id}/messages`;
  return { owner, company, customer, quote, fromCustomer, fromCompany, thread };
}

const mailsTo = async (email: string, kind: string) =>
  (
    await t.db.execute<{ subject: string; text: string }>(
      sql`SELECT subject, body_text AS text FROM notification_outbox WHERE recipient = ${email} AND kind = ${kind} ORDER BY id`,
    )
  ).rows;

describe('who may report what', () => {
  it('needs a session, a known item, a fixed reason, and a note for "other" within its cap', async () => {
    const { company } = await reviewedCompany();
    const someone = await person();
    expect(
      (await call('POST', '/api/reports', undefined, { itemType: 'company', itemId: company.id, reason: 'offensive' }))
        .statusCode,
    ).toBe(401);
    const badReason = await report(someone.cookie, 'company', company.id, 'boring');
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error).toBe('Choose a reason');
    const badType = await report(someone.cookie, 'user', company.id);
    expect(badType.json().error).toBe('Choose what you are reporting');
    const noNote = await report(someone.cookie, 'company', company.id, 'other');
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({ error: 'Tell us what is wrong', field: 'note' });
    const longNote = await report(someone.cookie, 'company', company.id, 'other', 'x'.repeat(1001));
    expect(longNote.json().error).toBe('The note must be at most 1000 characters');
    expect((await report(someone.cookie, 'company', 2_000_000_000)).statusCode).toBe(404);
    expect((await report(someone.cookie, 'review', 2_000_000_000)).statusCode).toBe(404);
    // Past the 32-bit ids of listings, reviews and photos (messages' are 64-bit): nothing, not an error.
    for (const itemType of ['company', 'review', 'photo', 'message'])
      expect((await report(someone.cookie, itemType, 2 ** 31)).statusCode).toBe(404);
    const made = await report(someone.cookie, 'company', company.id, 'other', 'Not a real business');
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      itemType: 'company',
      reason: 'other',
      note: 'Not a real business',
      status: 'open',
      outcome: null,
    });
  });

  it('refuses one’s own listing, review, photo and message', async () => {
    const { owner, company, reviewer, ratingId } = await reviewedCompany();
    const photo = await photoOf(company.id);
    const ownListing = await report(owner.cookie, 'company', company.id);
    expect(ownListing.statusCode).toBe(403);
    expect(ownListing.json()).toMatchObject({ code: 'REPORT_OWN_ITEM', error: 'You cannot report your own business' });
    expect((await report(owner.cookie, 'photo', photo.id)).json().error).toBe('You cannot report your own photo');
    expect((await report(reviewer.cookie, 'review', ratingId)).json().error).toBe('You cannot report your own review');
    const chat = await conversation();
    const ownMessage = await report(chat.customer.cookie, 'message', chat.fromCustomer);
    expect(ownMessage.statusCode).toBe(403);
    expect(ownMessage.json().error).toBe('You cannot report your own message');
    expect((await report(chat.owner.cookie, 'message', chat.fromCompany)).json().code).toBe('REPORT_OWN_ITEM');
  });

  it('lets only the other party report a message, and never a product note', async () => {
    const chat = await conversation();
    const stranger = await person();
    const refused = await report(stranger.cookie, 'message', chat.fromCompany);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('REPORT_NOT_PARTY');
    // Not even an admin outside the conversation.
    expect((await report(admin.cookie, 'message', chat.fromCompany)).statusCode).toBe(403);
    expect((await report(chat.customer.cookie, 'message', chat.fromCompany)).statusCode).toBe(201);
    expect((await report(chat.owner.cookie, 'message', chat.fromCustomer)).statusCode).toBe(201);
    const note = (
      await t.db.execute<{ id: number }>(sql`
        INSERT INTO messages (quote_id, company_id, sender_type, message, event)
        VALUES (${chat.quote.id}, ${chat.company.id}, 'system', 'The customer closed the request.', 'request_closed')
        RETURNING id::int AS id`)
    ).rows[0].id;
    expect((await report(chat.customer.cookie, 'message', note)).json().code).toBe('ITEM_NOT_REPORTABLE');
  });
});

describe('one report per person and item', () => {
  it('answers a repeat with 409, also when sent in parallel, and gathers reporters in one case', async () => {
    const { company } = await reviewedCompany();
    const first = await person();
    const second = await person();
    const answers = await Promise.all(Array.from({ length: 5 }, () => report(first.cookie, 'company', company.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const repeat = answers.find((a) => a.statusCode === 409)!;
    expect(repeat.json()).toMatchObject({ code: 'ALREADY_REPORTED', error: 'You already reported this' });
    expect((await report(second.cookie, 'company', company.id, 'scam_or_fraud')).statusCode).toBe(201);
    const rows = await t.db.execute<{ cases: number; reports: number }>(sql`
      SELECT count(DISTINCT c.id)::int AS cases, count(r.id)::int AS reports
        FROM moderation_cases c JOIN moderation_reports r ON r.case_id = c.id
       WHERE c.item_type = 'company' AND c.item_id = ${company.id}`);
    expect(rows.rows[0]).toEqual({ cases: 1, reports: 2 });
  });
});

describe('the write limit', () => {
  it('refuses reports past the limit with 429 and Retry-After', async () => {
    const busy = await person();
    const targets = await Promise.all(Array.from({ length: REPORT_LIMIT + 2 }, () => createCompany(t.db)));
    const answers = await Promise.all(targets.map((c) => report(busy.cookie, 'company', c.id)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(REPORT_LIMIT);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0].json().error).toMatch(/^Too many reports sent\./);
  });
});

describe('reviews', () => {
  it('stays visible while reported; hidden leaves the page and the figures; keep on appeal brings it back', async () => {
    const { company, reviewer, ratingId } = await reviewedCompany(1);
    const other = await person();
    await createQuote(t.db, { userId: other.user.id, companyIds: [company.id] });
    await call('POST', `/api/companies/${company.id}/ratings`, other.cookie, { rating: 5, comment: 'Great' });
    expect(await figures(company.id)).toEqual({ averageRating: 3, ratingsCount: 2 });

    const reporter = await person();
    expect((await report(reporter.cookie, 'review', ratingId)).statusCode).toBe(201);
    const publicIds = async () =>
      (await call('GET', `/api/ratings/company/${company.id}`)).json<{ id: number }[]>().map((r) => r.id);
    // Reported, not decided: still public, still counted.
    expect(await publicIds()).toContain(ratingId);
    expect(await figures(company.id)).toEqual({ averageRating: 3, ratingsCount: 2 });

    const { id: caseId } = await caseOf('review', ratingId);
    expect((await decide(caseId, 'hide', 'Personal attack')).statusCode).toBe(200);
    expect(await publicIds()).not.toContain(ratingId);
    expect(await figures(company.id)).toEqual({ averageRating: 5, ratingsCount: 1 });

    // The author sees it, with the reason, and appeals once.
    const mine = (await call('GET', '/api/moderation/my-items', reviewer.cookie)).json<
      { caseId: number; reason: string; canAppeal: boolean }[]
    >();
    expect(mine).toEqual([
      expect.objectContaining({ caseId, itemType: 'review', decision: 'hide', reason: 'Personal attack', canAppeal: true }),
    ]);
    expect((await call('POST', `/api/moderation/cases/${caseId}/appeal`, reporter.cookie, { text: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/api/moderation/cases/${caseId}/appeal`, reviewer.cookie, { text: '  ' })).json().error).toBe(
      'Say why the decision should change',
    );
    const appealed = await call('POST', `/api/moderation/cases/${caseId}/appeal`, reviewer.cookie, {
      text: 'It is what happened.',
    });
    expect(appealed.statusCode).toBe(200);
    expect(appealed.json()).toMatchObject({ status: 'appealed', appealText: 'It is what happened.' });
    const again = await call('POST', `/api/moderation/cases/${caseId}/appeal`, reviewer.cookie, { text: 'Please' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_APPEALED');

    const queue = (await call('GET', '/api/admin/moderation?status=appealed', admin.cookie)).json<ModerationQueue>();
    expect(queue.cases.map((c) => c.id)).toContain(caseId);

    expect((await decide(caseId, 'keep', 'On reflection, a fair account')).statusCode).toBe(200);
    expect(await publicIds()).toContain(ratingId);
    expect(await figures(company.id)).toEqual({ averageRating: 3, ratingsCount: 2 });
    // Final: no second appeal, no second decision.
    expect((await call('POST', `/api/moderation/cases/${caseId}/appeal`, reviewer.cookie, { text: 'More' })).statusCode).toBe(
      409,
    );
    const decidedAgain = await decide(caseId, 'remove');
    expect(decidedAgain.statusCode).toBe(409);
    expect(decidedAgain.json().code).toBe('MODERATION_CASE_DECIDED');
  });

  it('remove erases the review for good, keeps the figures exact, and its author cannot post it again', async () => {
    const { company, ratingId, reviewer } = await reviewedCompany(2);
    const reporter = await person();
    await report(reporter.cookie, 'review', ratingId, 'fake_or_spam');
    expect(await figures(company.id)).toEqual({ averageRating: 2, ratingsCount: 1 });
    const { id: caseId } = await caseOf('review', ratingId);
    expect((await decide(caseId, 'remove', 'Fake review')).statusCode).toBe(200);
    expect(await figures(company.id)).toEqual({ averageRating: null, ratingsCount: 0 });
    // The words are gone; the row stays, holding the author's one review of this business.
    const left = await t.db.execute(sql`SELECT comment, moderation_state FROM ratings WHERE id = ${ratingId}`);
    expect(left.rows).toEqual([{ comment: null, moderation_state: 'removed' }]);
    expect((await report(reporter.cookie, 'review', ratingId)).json().code).toBe('ITEM_NOT_REPORTABLE');
    expect((await call('GET', `/api/ratings/company/${company.id}`)).json()).toEqual([]);

    const again = await call('POST', `/api/companies/${company.id}/ratings`, reviewer.cookie, { rating: 5, comment: 'Great!' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'REVIEW_REMOVED', error: 'A moderator removed your review of this business' });
    const edit = await call('PUT', `/api/ratings/${ratingId}`, reviewer.cookie, { rating: 5, comment: 'Great!' });
    expect(edit.json().code).toBe('REVIEW_REMOVED');
    expect(await figures(company.id)).toEqual({ averageRating: null, ratingsCount: 0 });
  });

  it('a hidden review deleted by its author cannot come back as a new one; edited, it goes back to the queue', async () => {
    const deleted = await reviewedCompany(1);
    const reporter = await person();
    await report(reporter.cookie, 'review', deleted.ratingId);
    await decide((await caseOf('review', deleted.ratingId)).id, 'hide', 'Insults the owner');
    expect((await call('DELETE', `/api/ratings/${deleted.ratingId}`, deleted.reviewer.cookie)).statusCode).toBe(204);
    const left = await t.db.execute(sql`SELECT comment, moderation_state FROM ratings WHERE id = ${deleted.ratingId}`);
    expect(left.rows).toEqual([{ comment: null, moderation_state: 'removed' }]);
    const again = await call('POST', `/api/companies/${deleted.company.id}/ratings`, deleted.reviewer.cookie, {
      rating: 1,
      comment: 'Same words again.',
    });
    expect(again.json().code).toBe('REVIEW_REMOVED');
    expect(await figures(deleted.company.id)).toEqual({ averageRating: null, ratingsCount: 0 });

    const edited = await reviewedCompany(1);
    await report(reporter.cookie, 'review', edited.ratingId);
    const { id: caseId } = await caseOf('review', edited.ratingId);
    await decide(caseId, 'hide', 'Insults the owner');
    const put = await call('PUT', `/api/ratings/${edited.ratingId}`, edited.reviewer.cookie, {
      rating: 2,
      comment: 'They were late and did not call back.',
    });
    expect(put.statusCode).toBe(200);
    expect(await caseOf('review', edited.ratingId)).toMatchObject({ status: 'open', decision: 'hide' });
    // Still hidden (and out of the figures) until an admin decides.
    expect(await figures(edited.company.id)).toEqual({ averageRating: null, ratingsCount: 0 });
    await decide(caseId, 'keep', 'Fair words now');
    expect(await figures(edited.company.id)).toEqual({ averageRating: 2, ratingsCount: 1 });
  });
});

describe('photos', () => {
  it('hidden leaves the public gallery; removed is deleted with its stored object', async () => {
    const { company } = await reviewedCompany();
    const kept = await photoOf(company.id);
    const hidden = await photoOf(company.id);
    const removed = await photoOf(company.id);
    const reporter = await person();
    for (const photo of [kept, hidden, removed]) expect((await report(reporter.cookie, 'photo', photo.id)).statusCode).toBe(201);
    const gallery = async () =>
      (await call('GET', `/api/companies/${company.id}/images`)).json<{ id: number }[]>().map((p) => p.id);
    expect(await gallery()).toEqual([kept.id, hidden.id, removed.id]);
    await decide((await caseOf('photo', kept.id)).id, 'keep', 'A normal photo');
    await decide((await caseOf('photo', hidden.id)).id, 'hide', 'Shows a customer’s address');
    await decide((await caseOf('photo', removed.id)).id, 'remove', 'Not this business');
    expect(await gallery()).toEqual([kept.id]);
    const objects = await t.db.execute(sql`SELECT id FROM stored_objects WHERE id = ${removed.objectId}`);
    expect(objects.rows).toHaveLength(0);
  });

  it('a hidden photo, and the photos of a hidden listing, are no longer served to the public; keep on appeal serves them again', async () => {
    const { owner, company } = await reviewedCompany();
    const uploaded = await send(
      'POST',
      `/api/companies/${company.id}/images`,
      owner.cookie,
      {},
      filePart(await pngBytes(800, 600)),
    );
    expect(uploaded.statusCode).toBe(201);
    const photo = uploaded.json<{ id: number; objectUrl: string; thumbnailUrl: string }>();
    const reporter = await person();
    const stranger = await person();
    const served = async (url: string, cookie?: string) => {
      const answer = await call('GET', url, cookie);
      return answer.statusCode === 200 ? `200 ${answer.headers['cache-control']}` : String(answer.statusCode);
    };
    const everyone = async () =>
      Promise.all(
        [photo.objectUrl, photo.thumbnailUrl].flatMap((url) => [
          served(url),
          served(url, stranger.cookie),
          served(url, owner.cookie),
          served(url, admin.cookie),
        ]),
      );
    const PUBLIC = '200 public, max-age=31536000, immutable';
    const PRIVATE = '200 private, no-cache';
    expect(await everyone()).toEqual(Array(8).fill(PUBLIC));

    const reported = await report(reporter.cookie, 'photo', photo.id);
    expect(reported.statusCode).toBe(201);
    const { id: caseId } = await caseOf('photo', photo.id);
    // Reported and not yet decided: still public.
    expect(await served(photo.objectUrl)).toBe(PUBLIC);
    await decide(caseId, 'hide', 'Shows a customer’s address');
    // Withheld: as unknown as a missing object to anyone but its owner (who is told what was hidden) and admins.
    expect(await everyone()).toEqual([...['404', '404', PRIVATE, PRIVATE], ...['404', '404', PRIVATE, PRIVATE]]);
    await call('POST', `/api/moderation/cases/${caseId}/appeal`, owner.cookie, { text: 'It is our own van.' });
    await decide(caseId, 'keep', 'The address is not readable');
    expect(await everyone()).toEqual(Array(8).fill(PUBLIC));

    // A hidden listing takes its photos out of view with it.
    expect((await report(reporter.cookie, 'company', company.id, 'scam_or_fraud')).statusCode).toBe(201);
    await decide((await caseOf('company', company.id)).id, 'hide', 'Asks for payment up front');
    expect(await everyone()).toEqual([...['404', '404', PRIVATE, PRIVATE], ...['404', '404', PRIVATE, PRIVATE]]);
  });
});

describe('messages', () => {
  it('a hidden message reads as a placeholder to the other party; removed erases its words for both', async () => {
    const chat = await conversation();
    await report(chat.customer.cookie, 'message', chat.fromCompany, 'offensive');
    const { id: caseId } = await caseOf('message', chat.fromCompany);

    const queue = (await call('GET', '/api/admin/moderation', admin.cookie)).json<ModerationQueue>();
    const entry = queue.cases.find((c) => c.id === caseId)!;
    // The message in its conversation, the reporter's and the author's records.
    expect(entry.item.conversation?.messages.map((m) => [m.id, m.isReported])).toEqual([
      [chat.fromCustomer, false],
      [chat.fromCompany, true],
    ]);
    expect(entry.reports[0].reporter).toMatchObject({ id: chat.customer.user.id, reportsMade: 1, reportsUpheld: 0 });
    expect(entry.author).toMatchObject({ id: chat.owner.user.id, earlierHidden: 0, earlierRemoved: 0 });
    expect(entry.history.map((h) => h.kind)).toEqual(['report']);

    await decide(caseId, 'hide', 'Abusive words');
    const asCustomer = (await call('GET', chat.thread, chat.customer.cookie)).json<
      { id: number; message: string; moderationState: string | null }[]
    >();
    expect(asCustomer.find((m) => m.id === chat.fromCompany)).toMatchObject({
      message: HIDDEN_MESSAGE_PLACEHOLDER,
      moderationState: 'hidden',
    });
    const asSender = (await call('GET', chat.thread, chat.owner.cookie)).json<{ id: number; message: string }[]>();
    expect(asSender.find((m) => m.id === chat.fromCompany)?.message).toBe('Pay me in gift cards first, you idiot.');
    const conversations = (await call('GET', `/api/quotes/${chat.quote.id}/conversations`, chat.customer.cookie)).json<
      { lastMessage: { message: string } | null }[]
    >();
    expect(JSON.stringify(conversations)).not.toContain('gift cards');
    // Its sender's previews read it as written, like the thread does.
    const ownConversations = (await call('GET', `/api/quotes/${chat.quote.id}/conversations`, chat.owner.cookie)).json();
    expect(JSON.stringify(ownConversations)).toContain('gift cards');
    const inbox = (await call('GET', '/api/vendor-quotes', chat.owner.cookie)).json<{ lastMessage: string | null }[]>();
    expect(JSON.stringify(inbox)).toContain('gift cards');

    const removedChat = await conversation();
    await report(removedChat.customer.cookie, 'message', removedChat.fromCompany, 'scam_or_fraud');
    await decide((await caseOf('message', removedChat.fromCompany)).id, 'remove', 'Fraud attempt');
    for (const cookie of [removedChat.customer.cookie, removedChat.owner.cookie]) {
      const thread = (await call('GET', removedChat.thread, cookie)).json<{ id: number; message: string }[]>();
      expect(thread.find((m) => m.id === removedChat.fromCompany)?.message).toBe(REMOVED_MESSAGE_PLACEHOLDER);
    }
    const stored = await t.db.execute<{ message: string }>(
      sql`SELECT message FROM messages WHERE id = ${removedChat.fromCompany}`,
    );
    expect(stored.rows[0].message).toBe(REMOVED_MESSAGE_PLACEHOLDER);
  });
  it('a hidden message’s image is served to its sender’s side only; removed deletes it', async () => {
    const chat = await conversation();
    const posted = await send('POST', chat.thread, chat.customer.cookie, { message: 'See this' }, filePart(await pngBytes()));
    expect(posted.statusCode).toBe(201);
    const { id, imageUrl } = posted.json<{ message: { id: number; imageUrl: string } }>().message;
    expect((await call('GET', imageUrl, chat.owner.cookie)).statusCode).toBe(200);
    await report(chat.owner.cookie, 'message', id, 'offensive');
    const { id: caseId } = await caseOf('message', id);
    await decide(caseId, 'hide', 'Offensive picture');
    expect((await call('GET', imageUrl, chat.owner.cookie)).statusCode).toBe(404);
    expect((await call('GET', imageUrl, chat.customer.cookie)).statusCode).toBe(200);
    const asOwner = (await call('GET', chat.thread, chat.owner.cookie)).json<{ id: number; imageUrl: string | null }[]>();
    expect(asOwner.find((m) => m.id === id)?.imageUrl).toBeNull();
  });
});

describe('listings', () => {
  it('hidden is inactive publicly, cannot be re-activated, and the owner’s edit reopens its case', async () => {
    const { owner, company } = await reviewedCompany();
    const reporter = await person();
    await report(reporter.cookie, 'company', company.id, 'scam_or_fraud');
    const { id: caseId } = await caseOf('company', company.id);
    await decide(caseId, 'hide', 'Licence number is fake');

    // Gone for the public, as if it did not exist (the page, its photos list, its server-rendered
    // page); its owner and admins still see it, inactive.
    expect((await call('GET', `/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/companies/${company.id}`, reporter.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/companies/${company.id}/images`)).statusCode).toBe(404);
    const rendered = await call('GET', `/companies/${company.id}`);
    expect(rendered.statusCode).toBe(404);
    expect(rendered.body).not.toContain(company.name);
    for (const cookie of [owner.cookie, admin.cookie]) {
      const page = await call('GET', `/api/companies/${company.id}`, cookie);
      expect(page.statusCode).toBe(200);
      expect(page.json().isActive).toBe(false);
      expect((await call('GET', `/api/companies/${company.id}/images`, cookie)).statusCode).toBe(200);
    }
    const search = (await call('GET', `/api/search?q=${encodeURIComponent(company.name)}`)).json<{ results: { id: number }[] }>();
    expect(search.results.map((c) => c.id)).not.toContain(company.id);

    const reactivate = await call('PATCH', `/api/companies/${company.id}/active`, owner.cookie, { isActive: true });
    expect(reactivate.statusCode).toBe(403);
    expect(reactivate.json().code).toBe('LISTING_MODERATED');
    const adminToggle = await call('POST', `/api/companies/${company.id}/toggle-active`, admin.cookie);
    expect(adminToggle.json().code).toBe('LISTING_MODERATED');

    const edited = await send('PUT', `/api/companies/${company.id}`, owner.cookie, {
      name: company.name,
      description: 'Licensed plumbers; licence TX-12345 can be checked with the state board.',
      category: 'plumbing-services',
      categoryId: '1',
      subcategories: JSON.stringify(['plumber']),
      phone: '(512) 555-0199',
      email: 'hello@fixed.example',
      address: '12 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await caseOf('company', company.id)).toMatchObject({ status: 'open', decision: 'hide' });
    // Still hidden until an admin decides.
    expect((await call('GET', `/api/companies/${company.id}`)).statusCode).toBe(404);
    const queue = (await call('GET', '/api/admin/moderation?status=open', admin.cookie)).json<ModerationQueue>();
    expect(queue.cases.find((c) => c.id === caseId)?.history.map((h) => h.kind)).toEqual(['report', 'decision', 'edit']);

    await decide(caseId, 'keep', 'Licence checks out now');
    expect((await call('GET', `/api/companies/${company.id}`)).json().isActive).toBe(true);
    // The reporter holds the latest outcome, and was told of both.
    const mine = (await call('GET', '/api/reports/mine', reporter.cookie)).json<{ outcome: string; outcomeReason: string }[]>();
    expect(mine).toEqual([expect.objectContaining({ outcome: 'keep', outcomeReason: 'Licence checks out now' })]);
    expect(await mailsTo(reporter.user.email, 'report_outcome')).toHaveLength(2);
  });

  it('keep brings a listing back as its owner last set it: a pause before or during the hide stays', async () => {
    const listed = async (id: number, cookie: string) => (await call('GET', `/api/companies/${id}`, cookie)).json().isActive;
    const setActive = (id: number, cookie: string, isActive: boolean) =>
      call('PATCH', `/api/companies/${id}/active`, cookie, { isActive });
    const appeal = async (caseId: number, cookie: string) =>
      expect((await call('POST', `/api/moderation/cases/${caseId}/appeal`, cookie, { text: 'We are real.' })).statusCode).toBe(
        200,
      );

    // Paused by its owner, then reported and hidden, then kept: still paused.
    const paused = await reviewedCompany();
    expect((await setActive(paused.company.id, paused.owner.cookie, false)).statusCode).toBe(200);
    await report((await person()).cookie, 'company', paused.company.id, 'fake_or_spam');
    const pausedCase = (await caseOf('company', paused.company.id)).id;
    await decide(pausedCase, 'hide', 'Looks like spam');
    await appeal(pausedCase, paused.owner.cookie);
    expect((await decide(pausedCase, 'keep', 'A real business after all')).statusCode).toBe(200);
    expect(await listed(paused.company.id, paused.owner.cookie)).toBe(false);

    // Listed, hidden, paused by its owner while hidden (allowed, remembered), then kept: paused.
    const active = await reviewedCompany();
    await report((await person()).cookie, 'company', active.company.id, 'fake_or_spam');
    const activeCase = (await caseOf('company', active.company.id)).id;
    await decide(activeCase, 'hide', 'Looks like spam');
    expect((await setActive(active.company.id, active.owner.cookie, false)).statusCode).toBe(200);
    await appeal(activeCase, active.owner.cookie);
    expect((await decide(activeCase, 'keep', 'A real business after all')).statusCode).toBe(200);
    expect(await listed(active.company.id, active.owner.cookie)).toBe(false);

    // Listed, hidden, kept: listed again.
    const plain = await reviewedCompany();
    await report((await person()).cookie, 'company', plain.company.id, 'fake_or_spam');
    const plainCase = (await caseOf('company', plain.company.id)).id;
    await decide(plainCase, 'hide', 'Looks like spam');
    await appeal(plainCase, plain.owner.cookie);
    expect((await decide(plainCase, 'keep', 'A real business after all')).statusCode).toBe(200);
    expect(await listed(plain.company.id, plain.owner.cookie)).toBe(true);
  });

  it('an owner re-activating while an admin hides: one wins cleanly, never a 500 or an active hidden listing', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { owner, company } = await reviewedCompany();
      await call('PATCH', `/api/companies/${company.id}/active`, owner.cookie, { isActive: false });
      await report((await person()).cookie, 'company', company.id, 'fake_or_spam');
      const { id: caseId } = await caseOf('company', company.id);
      const [activated, decided] = await Promise.all([
        call('PATCH', `/api/companies/${company.id}/active`, owner.cookie, { isActive: true }),
        decide(caseId, 'hide', 'Looks like spam'),
      ]);
      expect(decided.statusCode).toBe(200);
      expect([200, 403]).toContain(activated.statusCode);
      const row = await t.db.execute<{ is_active: boolean; moderation_state: string | null }>(
        sql`SELECT is_active, moderation_state FROM companies WHERE id = ${company.id}`,
      );
      expect(row.rows[0]).toEqual({ is_active: false, moderation_state: 'hidden' });
    }
  });

  it('follows the company to its new owner: they see the hidden listing and photo and may appeal; the old owner no longer', async () => {
    const { owner, company } = await reviewedCompany();
    const uploaded = await send(
      'POST',
      `/api/companies/${company.id}/images`,
      owner.cookie,
      {},
      filePart(await pngBytes(64, 64)),
    );
    const photoId = uploaded.json<{ id: number }>().id;
    const reporter = await person();
    await report(reporter.cookie, 'company', company.id, 'fake_or_spam');
    await report(reporter.cookie, 'photo', photoId);
    const listingCase = (await caseOf('company', company.id)).id;
    await decide(listingCase, 'hide', 'Looks like spam');
    await decide((await caseOf('photo', photoId)).id, 'hide', 'Not this business');

    // Handed over (a claim redeemed, an account handed over: every path changes owner_id).
    const heir = await person();
    await t.db.execute(sql`UPDATE companies SET owner_id = ${heir.user.id} WHERE id = ${company.id}`);
    const items = (await call('GET', '/api/moderation/my-items', heir.cookie)).json<{ itemType: string }[]>();
    expect(items.map((item) => item.itemType).sort()).toEqual(['company', 'photo']);
    expect((await call('GET', '/api/moderation/my-items', owner.cookie)).json()).toEqual([]);
    const appeal = (cookie: string) =>
      call('POST', `/api/moderation/cases/${listingCase}/appeal`, cookie, { text: 'New management.' });
    expect((await appeal(owner.cookie)).statusCode).toBe(403);
    expect((await appeal(heir.cookie)).statusCode).toBe(200);
  });

  it('removed is deactivated for good', async () => {
    const { owner, company } = await reviewedCompany();
    const reporter = await person();
    await report(reporter.cookie, 'company', company.id, 'fake_or_spam');
    await decide((await caseOf('company', company.id)).id, 'remove', 'Spam listing');
    expect((await call('GET', `/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/companies/${company.id}`, owner.cookie)).json().isActive).toBe(false);
    expect((await call('PATCH', `/api/companies/${company.id}/active`, owner.cookie, { isActive: true })).statusCode).toBe(403);
    const mine = (await call('GET', '/api/moderation/my-items', owner.cookie)).json<{ decision: string; canAppeal: boolean }[]>();
    expect(mine).toEqual([expect.objectContaining({ decision: 'remove', canAppeal: false })]);
    expect((await report((await person()).cookie, 'company', company.id)).json().code).toBe('ITEM_NOT_REPORTABLE');
  });
});

describe('deciding', () => {
  it('is for admins only, needs a reason, and is audited with before and after', async () => {
    const { company } = await reviewedCompany();
    const reporter = await person();
    await report(reporter.cookie, 'company', company.id);
    const { id: caseId } = await caseOf('company', company.id);
    expect((await call('GET', '/api/admin/moderation', reporter.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/moderation')).statusCode).toBe(401);
    const notAdmin = await call('POST', `/api/admin/moderation/${caseId}/decision`, reporter.cookie, {
      decision: 'keep',
      reason: 'x',
    });
    expect(notAdmin.statusCode).toBe(403);
    const noReason = await call('POST', `/api/admin/moderation/${caseId}/decision`, admin.cookie, {
      decision: 'keep',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Give the reason for the decision');
    expect(
      (await call('POST', `/api/admin/moderation/${caseId}/decision`, admin.cookie, { decision: 'ban', reason: 'x' })).json()
        .error,
    ).toBe('Choose keep, hide or remove');
    expect(
      (await call('POST', '/api/admin/moderation/2000000000/decision', admin.cookie, { decision: 'keep', reason: 'x' }))
        .statusCode,
    ).toBe(404);

    expect((await decide(caseId, 'keep', 'Nothing wrong')).statusCode).toBe(200);
    const audit = await t.db.execute<{
      action: string;
      actor_user_id: number;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(sql`
      SELECT action, actor_user_id, before, after FROM audit_log WHERE entity_type = 'moderation_company' AND entity_id = ${String(company.id)}`);
    expect(audit.rows).toEqual([
      {
        action: 'moderation.keep',
        actor_user_id: admin.user.id,
        before: { caseId, status: 'open', decision: null, item: 'visible' },
        after: { caseId, status: 'decided', decision: 'keep', reason: 'Nothing wrong', item: 'visible' },
      },
    ]);
    const decidedQueue = (await call('GET', '/api/admin/moderation?status=decided', admin.cookie)).json<ModerationQueue>();
    expect(decidedQueue.cases.map((c) => c.id)).toContain(caseId);
    // A kept case opens again on a new report.
    await report((await person()).cookie, 'company', company.id, 'wrong_information');
    expect((await caseOf('company', company.id)).status).toBe('open');
  });
});

describe('the reporter’s outcome', () => {
  it('is mailed when the case is decided and listed under My reports', async () => {
    const { ratingId } = await reviewedCompany();
    const reporter = await person({ firstName: 'Rex' });
    await report(reporter.cookie, 'review', ratingId, 'offensive');
    const before = (await call('GET', '/api/reports/mine', reporter.cookie)).json<{ status: string }[]>();
    expect(before).toEqual([expect.objectContaining({ itemType: 'review', itemId: ratingId, status: 'open', outcome: null })]);
    expect(await mailsTo(reporter.user.email, 'report_outcome')).toEqual([]);
    await decide((await caseOf('review', ratingId)).id, 'hide', 'Insults the owner');
    const after = (await call('GET', '/api/reports/mine', reporter.cookie)).json();
    expect(after).toEqual([
      expect.objectContaining({
        status: 'decided',
        outcome: 'hide',
        outcomeReason: 'Insults the owner',
        decidedAt: expect.any(String),
      }),
    ]);
    const mails = await mailsTo(reporter.user.email, 'report_outcome');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Your report: a review of /);
    expect(mails[0].text).toContain('hid it from the public');
    expect(mails[0].text).toContain('Reason: Insults the owner');
    expect((await call('GET', '/api/reports/mine')).statusCode).toBe(401);
  });

  it('tells the author of a hidden item why, with the appeal', async () => {
    const { reviewer, ratingId } = await reviewedCompany();
    await report((await person()).cookie, 'review', ratingId);
    await decide((await caseOf('review', ratingId)).id, 'hide', 'Contains a phone number');
    const mails = await mailsTo(reviewer.user.email, 'moderation_decision');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Reason: Contains a phone number');
    expect(mails[0].text).toContain('appeal once');
  });
});
