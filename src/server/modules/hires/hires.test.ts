/** How a request ends: comparison, hire and close by the customer only, once, counted exactly. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
const COST = 5;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.execute(
    sql`UPDATE category_coin_costs SET cost = ${COST} WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
  );
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

/** A request to three companies: two reply (A with an offer, B without), C stays silent. */
async function request() {
  const customer = await createUser(t.db, { firstName: 'Hana', lastName: 'Ito', phoneNumber: '+15550100' });
  const owners = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
  await Promise.all(owners.map((owner) => giveCoins(t.db, owner.id, 40)));
  const [a, b, c] = await Promise.all(
    owners.map((owner, i) => createCompany(t.db, { ownerId: owner.id, name: `Pro ${'ABC'[i]} ${owner.id}` })),
  );
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [a.id, b.id, c.id] });
  const [customerCookie, aCookie, bCookie, cCookie] = await Promise.all(
    [customer, ...owners].map((user) => loginAs(t.app, user)),
  );
  const base = `/api/quotes/${quote.id}`;
  const offer = await call('POST', `${base}/companies/${a.id}/offers`, aCookie, {
    kind: 'fixed',
    amount: 300,
    currency: 'USD',
    validDays: 10,
    coinCost: COST,
  });
  expect(offer.statusCode, offer.body).toBe(201);
  const reply = await call('POST', `${base}/companies/${b.id}/messages`, bCookie, {
    message: 'We can come on Monday',
    coinCost: COST,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return {
    customer,
    owners,
    a,
    b,
    c,
    quote,
    base,
    customerCookie,
    aCookie,
    bCookie,
    cCookie,
    offerId: offer.json().offer.id as number,
  };
}

const hireCountOf = async (companyId: number) =>
  (await t.db.execute<{ n: number }>(sql`SELECT hire_count AS n FROM companies WHERE id = ${companyId}`)).rows[0].n;
/** The hires of a company counted from the requests themselves. */
const recount = async (companyId: number) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM quotes WHERE hired_company_id = ${companyId} AND outcome = 'hired' AND status = 'completed'`,
    )
  ).rows[0].n;
const noticesOf = async (quoteId: number) =>
  (
    await t.db.execute<{ kind: string; recipient: string; body_text: string }>(sql`
      SELECT kind, recipient, body_text FROM notification_outbox
       WHERE dedupe_key LIKE ${`hired:${quoteId}:%`} OR dedupe_key LIKE ${`not-chosen:${quoteId}:%`} OR dedupe_key LIKE ${`review-invite:${quoteId}:%`}
       ORDER BY kind, recipient`)
  ).rows;
const threadOf = async (r: Awaited<ReturnType<typeof request>>, companyId: number, cookie: string) =>
  (await call('GET', `${r.base}/companies/${companyId}/messages`, cookie)).json<
    {
      senderType: string;
      event: string | null;
      message: string | null;
    }[]
  >();

describe('compare and hire', () => {
  it('compares every company of the request, with offers, hires and response', async () => {
    const r = await request();
    const answer = await call('GET', `${r.base}/comparison`, r.customerCookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = answer.json().rows as {
      company: { id: number };
      response: string;
      offer: { amount: number } | null;
      canHire: boolean;
      hireCount: number;
    }[];
    const byId = new Map(rows.map((row) => [row.company.id, row]));
    expect(byId.get(r.a.id)).toMatchObject({ response: 'replied', offer: { amount: 300 }, canHire: true, hireCount: 0 });
    expect(byId.get(r.b.id)).toMatchObject({ response: 'replied', offer: null, canHire: true });
    expect(byId.get(r.c.id)).toMatchObject({ response: 'waiting', offer: null, canHire: false });
    expect(answer.json().outcome).toBeNull();
  });

  it('says how long each company took to first answer this request', async () => {
    const r = await request();
    // Sent three hours ago: A answered ninety minutes later, B two hours later, C not at all.
    await t.db.execute(sql`UPDATE quotes SET submitted_at = now() - interval '3 hours' WHERE id = ${r.quote.id}`);
    await t.db.execute(sql`UPDATE messages SET created_at = now() - interval '90 minutes'
                            WHERE quote_id = ${r.quote.id} AND company_id = ${r.a.id}`);
    await t.db.execute(sql`UPDATE messages SET created_at = now() - interval '60 minutes'
                            WHERE quote_id = ${r.quote.id} AND company_id = ${r.b.id}`);
    const rows = (await call('GET', `${r.base}/comparison`, r.customerCookie)).json().rows as {
      company: { id: number };
      firstReplyMinutes: number | null;
    }[];
    const minutes = new Map(rows.map((row) => [row.company.id, row.firstReplyMinutes]));
    expect([minutes.get(r.a.id), minutes.get(r.b.id), minutes.get(r.c.id)]).toEqual([90, 120, null]);
  });

  it('hires once: completes the request, counts the hire, tells the others politely, shares only what was chosen', async () => {
    const r = await request();
    const hired = await call('POST', `${r.base}/hire`, r.customerCookie, {
      companyId: r.a.id,
      offerId: r.offerId,
      shareEmail: true,
      sharePhone: false,
    });
    expect(hired.statusCode, hired.body).toBe(200);
    expect(hired.json()).toMatchObject({
      outcome: 'hired',
      hiredCompany: { id: r.a.id },
      acceptedOffer: { id: r.offerId, amount: 300 },
      closeReason: null,
    });

    const quote = (await call('GET', r.base, r.customerCookie)).json();
    expect([quote.status, quote.outcome]).toEqual(['completed', 'hired']);
    expect(await hireCountOf(r.a.id)).toBe(1);
    expect(await recount(r.a.id)).toBe(1);
    expect(await hireCountOf(r.b.id)).toBe(0);
    // The public company page and the listings read the count with the card.
    expect((await call('GET', `/api/companies/${r.a.id}`)).json().hireCount).toBe(1);

    const hiredNote = (await threadOf(r, r.a.id, r.aCookie)).at(-1)!;
    expect(hiredNote).toMatchObject({ senderType: 'system', event: 'hired' });
    expect(hiredNote.message).toContain(r.customer.email);
    expect(hiredNote.message).not.toContain('+15550100');
    expect((await threadOf(r, r.b.id, r.bCookie)).at(-1)).toMatchObject({ senderType: 'system', event: 'not_chosen' });
    // C never replied: nothing is said to it.
    expect((await threadOf(r, r.c.id, r.cCookie)).filter((m) => m.senderType === 'system')).toEqual([]);

    const notices = await noticesOf(r.quote.id);
    expect(notices.map((n) => [n.kind, n.recipient])).toEqual(
      [
        ['hired', r.owners[0].email],
        ['not_chosen', r.owners[1].email],
        ['review_invite', r.customer.email],
      ].sort(),
    );
    expect(notices.find((n) => n.kind === 'hired')!.body_text).toContain(r.customer.email);

    // The vendors' inboxes group it; the conversations say the outcome per company.
    const inboxOf = async (cookie: string) =>
      (await call('GET', '/api/vendor-quotes', cookie)).json<{ quoteId: number; outcome: string | null }[]>();
    expect((await inboxOf(r.aCookie)).find((row) => row.quoteId === r.quote.id)?.outcome).toBe('hired');
    expect((await inboxOf(r.bCookie)).find((row) => row.quoteId === r.quote.id)?.outcome).toBe('not_chosen');
    const conversations = (await call('GET', `${r.base}/conversations`, r.customerCookie)).json<
      {
        companyId: number;
        outcome: string | null;
        offer: { id: number } | null;
      }[]
    >();
    expect(conversations.find((c) => c.companyId === r.a.id)).toMatchObject({ outcome: 'hired', offer: { id: r.offerId } });

    // The system notes are nobody's unread message.
    expect((await call('GET', '/api/vendor-quotes/unread-count', r.bCookie)).json().count).toBe(0);

    // Refused twice, and after completion whatever is asked.
    for (const [path, body] of [
      ['hire', { companyId: r.b.id }],
      ['close', { reason: 'other' }],
    ] as const) {
      const again = await call('POST', `${r.base}/${path}`, r.customerCookie, body);
      expect([again.statusCode, again.json().code]).toEqual([409, 'QUOTE_ALREADY_DECIDED']);
    }
    expect(await hireCountOf(r.b.id)).toBe(0);
  });

  it('of two hires in parallel one lands, and the count moves once', async () => {
    const r = await request();
    const answers = await Promise.all([
      call('POST', `${r.base}/hire`, r.customerCookie, { companyId: r.a.id }),
      call('POST', `${r.base}/hire`, r.customerCookie, { companyId: r.b.id }),
      call('POST', `${r.base}/close`, r.customerCookie, { reason: 'too_expensive' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const total = (await hireCountOf(r.a.id)) + (await hireCountOf(r.b.id));
    expect(total).toBeLessThanOrEqual(1);
    expect(total).toBe((await recount(r.a.id)) + (await recount(r.b.id)));
  });

  it('refuses whom the customer cannot hire, an offer that changed, and everyone but the customer', async () => {
    const r = await request();
    const stranger = await loginAs(t.app, await createUser(t.db));
    for (const cookie of [stranger, r.aCookie, r.bCookie]) {
      expect((await call('POST', `${r.base}/hire`, cookie, { companyId: r.a.id })).statusCode).toBe(403);
      expect((await call('POST', `${r.base}/close`, cookie, { reason: 'other' })).statusCode).toBe(403);
      expect((await call('GET', `${r.base}/comparison`, cookie)).statusCode).toBe(403);
    }
    expect((await call('POST', `${r.base}/hire`, undefined, { companyId: r.a.id })).statusCode).toBe(401);

    const silent = await call('POST', `${r.base}/hire`, r.customerCookie, { companyId: r.c.id });
    expect([silent.statusCode, silent.json().code, silent.json().field]).toEqual([400, 'HIRE_NEEDS_REPLY', 'companyId']);
    const outsider = await createCompany(t.db);
    const notInQuote = await call('POST', `${r.base}/hire`, r.customerCookie, { companyId: outsider.id });
    expect([notInQuote.statusCode, notInQuote.json().code]).toEqual([400, 'HIRE_COMPANY_UNAVAILABLE']);
    // A's offer is revised after the customer read it: hiring on the old one is refused.
    const revised = await call('POST', `${r.base}/companies/${r.a.id}/offers`, r.aCookie, {
      kind: 'fixed',
      amount: 350,
      currency: 'USD',
      validDays: 10,
    });
    expect(revised.statusCode).toBe(201);
    const stale = await call('POST', `${r.base}/hire`, r.customerCookie, { companyId: r.a.id, offerId: r.offerId });
    expect([stale.statusCode, stale.json().code, stale.json().field]).toEqual([409, 'OFFER_CHANGED', 'offerId']);
    // B's offer id is not A's.
    const wrong = await call('POST', `${r.base}/hire`, r.customerCookie, { companyId: r.b.id, offerId: revised.json().offer.id });
    expect(wrong.json().code).toBe('OFFER_CHANGED');
    for (const body of [
      {},
      { companyId: 'one' },
      { companyId: -1 },
      { companyId: r.a.id, offerId: 1.5 },
      { companyId: r.a.id, shareEmail: 'yes' },
    ]) {
      const bad = await call('POST', `${r.base}/hire`, r.customerCookie, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().field, JSON.stringify(body)).toBeDefined();
    }
    for (const body of [{}, { reason: 'bored' }, { reason: 'other', note: 'x'.repeat(501) }]) {
      const bad = await call('POST', `${r.base}/close`, r.customerCookie, body);
      expect([bad.statusCode, typeof bad.json().field], JSON.stringify(body)).toEqual([400, 'string']);
    }
    const quote = (await call('GET', r.base, r.customerCookie)).json();
    expect([quote.status, quote.outcome]).toEqual(['in_progress', null]);
    expect(await hireCountOf(r.a.id)).toBe(0);

    const draft = await createQuote(t.db, { userId: r.customer.id, companyIds: [r.a.id], status: 'draft' });
    const early = await call('POST', `/api/quotes/${draft.id}/hire`, r.customerCookie, { companyId: r.a.id });
    expect([early.statusCode, early.json().code]).toEqual([400, 'QUOTE_NOT_OPEN']);
  });

  it('closes with a reason: no hire counted, the companies that replied told', async () => {
    const r = await request();
    const closed = await call('POST', `${r.base}/close`, r.customerCookie, {
      reason: 'no_longer_needed',
      note: 'Fixed it myself',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      outcome: 'closed',
      closeReason: 'no_longer_needed',
      closeNote: 'Fixed it myself',
      hiredCompany: null,
    });
    expect((await threadOf(r, r.a.id, r.aCookie)).at(-1)).toMatchObject({ senderType: 'system', event: 'request_closed' });
    expect((await noticesOf(r.quote.id)).map((n) => n.kind)).toEqual(['not_chosen', 'not_chosen']);
    expect(await hireCountOf(r.a.id)).toBe(0);
    const quote = (await call('GET', r.base, r.customerCookie)).json();
    expect([quote.status, quote.outcome]).toEqual(['completed', 'closed']);
    // The customer list keeps the spec's statuses: a closed request is simply completed.
    const list = (await call('GET', '/api/quotes?status=completed', r.customerCookie)).json();
    expect(list.data.map((q: { id: number }) => q.id)).toContain(r.quote.id);
  });

  it('an administrator who reopens or deletes a hired request takes the hire off the count', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const adminCookie = await loginAs(t.app, admin);
    const first = await request();
    expect((await call('POST', `${first.base}/hire`, first.customerCookie, { companyId: first.a.id })).statusCode).toBe(200);
    expect(await hireCountOf(first.a.id)).toBe(1);
    const reopened = await call('PATCH', `/api/admin/quotes/${first.quote.id}/status`, adminCookie, { status: 'in_progress' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await hireCountOf(first.a.id)).toBe(0);
    expect((await call('GET', first.base, first.customerCookie)).json().outcome).toBeNull();
    // Reopened, it can be decided again.
    expect((await call('POST', `${first.base}/hire`, first.customerCookie, { companyId: first.a.id })).statusCode).toBe(200);
    expect(await hireCountOf(first.a.id)).toBe(1);
    expect((await call('DELETE', `/api/admin/quotes/${first.quote.id}`, adminCookie)).statusCode).toBe(200);
    expect(await hireCountOf(first.a.id)).toBe(0);
    expect(await recount(first.a.id)).toBe(0);
  });

  it('marks the hired customer’s review, invites it, and counts the hire in the pro’s lead log', async () => {
    const r = await request();
    expect((await call('POST', `${r.base}/hire`, r.customerCookie, { companyId: r.b.id })).statusCode).toBe(200);
    expect((await call('GET', `${r.base}/comparison`, r.customerCookie)).json().reviewInvite).toEqual({
      companyId: r.b.id,
      companyName: r.b.name,
    });
    const review = await call('POST', `/api/companies/${r.b.id}/ratings`, r.customerCookie, { rating: 5, comment: 'Great work' });
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json().hired).toMatchObject({ categoryName: 'Plumbing Services' });
    expect((await call('GET', `${r.base}/comparison`, r.customerCookie)).json().reviewInvite).toBeNull();
    // A customer who sent a request but hired someone else writes an ordinary review.
    const other = await call('POST', `/api/companies/${r.a.id}/ratings`, r.customerCookie, { rating: 3 });
    expect([other.statusCode, other.json().hired]).toEqual([201, null]);
    const listed = (await call('GET', `/api/ratings/company/${r.b.id}`)).json<{ hired: unknown }[]>();
    expect(listed[0].hired).not.toBeNull();

    const log = (await call('GET', `/api/companies/${r.b.id}/lead-log`, r.bCookie)).json();
    expect(log.totals.hires).toBe(1);
    expect(log.costPerHire).toBe(COST);
    const unhired = (await call('GET', `/api/companies/${r.a.id}/lead-log`, r.aCookie)).json();
    expect([unhired.totals.hires, unhired.costPerHire]).toEqual([0, null]);
  });
});
