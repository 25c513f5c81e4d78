/** Bad-lead reports: who may report, when, the automatic credit, the admin queue, races. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
const COST = 5;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);

type Party = { id: number };
/**
 * A vendor who paid for a first reply to a customer's request (unless `paid` is false). Another
 * request of the same pair: pass the earlier lead's vendor, company and customer.
 */
async function paidLead({
  paid = true,
  daysAgo = 0,
  zip = '78701',
  subcategoryId = null,
  vendor: givenVendor,
  company: givenCompany,
  customer: givenCustomer,
}: {
  paid?: boolean;
  daysAgo?: number;
  zip?: string | null;
  subcategoryId?: number | null;
  vendor?: Party;
  company?: Party & { name?: string };
  customer?: Party;
} = {}) {
  const vendor = givenVendor ?? (await createUser(t.db, { firstName: 'Rae' }));
  if (!givenVendor) await giveCoins(t.db, vendor.id, 50);
  const company = givenCompany ?? (await createCompany(t.db, { ownerId: vendor.id, name: 'Reporting Plumbing' }));
  const customer = givenCustomer ?? (await createUser(t.db, { firstName: 'Cy', lastName: 'Ames' }));
  const quote = await createQuote(t.db, {
    userId: customer.id,
    companyIds: [company.id],
    replyCoinCost: COST,
    zip,
    subcategoryId,
  });
  await t.db.execute(sql`UPDATE quotes SET submitted_at = now() - make_interval(days => ${daysAgo}) WHERE id = ${quote.id}`);
  const cookie = await loginAs(t.app, vendor as Awaited<ReturnType<typeof createUser>>);
  const thread = `/api/quotes/${quote.id}/companies/${company.id}`;
  if (paid) {
    expect(
      (await send('POST', `${thread}/messages`, cookie, { message: 'Happy to help.', coinCost: String(COST) })).statusCode,
    ).toBe(201);
  }
  return {
    vendor,
    company,
    customer,
    quote,
    cookie,
    thread,
    report: `${thread}/report`,
    customerCookie: await loginAs(t.app, customer as Awaited<ReturnType<typeof createUser>>),
  };
}

const balanceOf = async (userId: number) =>
  (await t.db.execute<{ balance: number }>(sql`SELECT balance FROM coin_balances WHERE user_id = ${userId}`)).rows[0].balance;
const refundsOf = async (quoteId: number, companyId: number) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE reference = ${`refund:${quoteId}:${companyId}`}`,
    )
  ).rows[0].n;

let adminCookie = '';
beforeAll(async () => {
  adminCookie = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true, firstName: 'Ada' }));
});

describe('reporting a bad lead', () => {
  it('is the paying company’s, once, with a fixed reason; bad input and an unpaid lead are refused', async () => {
    const unpaid = await paidLead({ paid: false });
    expect((await call('GET', unpaid.report, unpaid.cookie)).json()).toMatchObject({
      report: null,
      unavailable: 'You can report a lead only after paying for your reply to it',
    });
    const notPaid = await call('POST', unpaid.report, unpaid.cookie, { reason: 'spam' });
    expect(notPaid.statusCode).toBe(400);
    expect(notPaid.json().code).toBe('LEAD_NOT_REPORTABLE');

    const lead = await paidLead();
    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await call('POST', lead.report, stranger, { reason: 'spam' })).statusCode).toBe(403);
    const byCustomer = await call('POST', lead.report, lead.customerCookie, { reason: 'spam' });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error).toBe('Only the company can report a lead');
    for (const [body, message] of [
      [{ reason: 'bogus' }, 'Choose why this lead was bad'],
      [{}, 'Choose why this lead was bad'],
      [{ reason: 'spam', note: 'x'.repeat(1001) }, 'The note must be at most 1000 characters'],
    ] as const) {
      const refused = await call('POST', lead.report, lead.cookie, body);
      expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 400, error: message });
    }

    const reported = await call('POST', lead.report, lead.cookie, { reason: 'unreachable', note: '  Number is disconnected  ' });
    expect(reported.statusCode).toBe(201);
    expect(reported.json()).toMatchObject({
      reason: 'unreachable',
      note: 'Number is disconnected',
      status: 'pending',
      coins: COST,
      automatic: false,
    });
    const again = await call('POST', lead.report, lead.cookie, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'LEAD_ALREADY_REPORTED', error: 'You already reported this lead' });
    expect((await call('GET', lead.report, lead.cookie)).json()).toMatchObject({
      report: { status: 'pending' },
      history: { pending: 1, credited: 0, refused: 0 },
    });
    expect(await balanceOf(lead.vendor.id)).toBe(50 - COST);
  });

  it('is refused after 14 days, and once the coins came back', async () => {
    const lead = await paidLead();
    await t.db.execute(sql`
      UPDATE coin_ledger SET created_at = now() - interval '15 days'
       WHERE reference = ${`reply:${lead.quote.id}:${lead.company.id}`}`);
    const late = await call('POST', lead.report, lead.cookie, { reason: 'spam' });
    expect(late.json()).toMatchObject({
      code: 'LEAD_NOT_REPORTABLE',
      error: 'Leads can be reported within 14 days of paying for the reply',
    });
    const refunded = await paidLead();
    await t.db.execute(sql`
      INSERT INTO coin_ledger (user_id, delta, reason, reference, company_id, quote_id)
      VALUES (${refunded.vendor.id}, ${COST}, 'refund', ${`refund:${refunded.quote.id}:${refunded.company.id}`},
              ${refunded.company.id}, ${refunded.quote.id})`);
    expect((await call('POST', refunded.report, refunded.cookie, { reason: 'spam' })).json().error).toBe(
      'The coins for this reply already came back',
    );
  });

  it('credits a duplicate at once (the same job the company paid for within 30 days), with a ledger entry, audit and mail', async () => {
    // The company paid to answer the customer's request 10 days ago; the same job comes again.
    const earlier = await paidLead({ daysAgo: 10 });
    const lead = await paidLead({ vendor: earlier.vendor, company: earlier.company, customer: earlier.customer });
    const credited = await call('POST', lead.report, lead.cookie, { reason: 'duplicate' });
    expect(credited.statusCode).toBe(201);
    expect(credited.json()).toMatchObject({ status: 'credited', automatic: true, coins: COST });
    expect(await balanceOf(lead.vendor.id)).toBe(50 - COST);
    expect(await refundsOf(lead.quote.id, lead.company.id)).toBe(1);
    const audit = await t.db.execute<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE entity_type = 'lead_report' AND entity_id = ${String(credited.json().id)} ORDER BY id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['lead_report.create', 'lead_report.auto_credit']);
    const mail = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM notification_outbox
       WHERE kind = 'lead_report' AND dedupe_key = ${`lead-report:${lead.quote.id}:${lead.company.id}:email`}`);
    expect(mail.rows[0].n).toBe(1);

    // 40 days before is not a duplicate: the report waits for an admin.
    const old = await paidLead({ daysAgo: 40 });
    const other = await paidLead({ vendor: old.vendor, company: old.company, customer: old.customer });
    expect((await call('POST', other.report, other.cookie, { reason: 'duplicate' })).json().status).toBe('pending');
  });

  it('is not a duplicate when it is another job: another service, another ZIP code, no ZIP code', async () => {
    const [service, otherService] = (
      await t.db.execute<{ id: number }>(sql`
        SELECT s.id FROM subcategories s JOIN categories c ON c.id = s.category_id
         WHERE c.slug = 'plumbing-services' ORDER BY s.id LIMIT 2`)
    ).rows.map((r) => r.id);
    const cases = [
      { first: { subcategoryId: service }, second: { subcategoryId: otherService } },
      { first: { zip: '78701' }, second: { zip: '78702' } },
      { first: { zip: null }, second: { zip: null } },
    ];
    for (const { first, second } of cases) {
      const earlier = await paidLead({ daysAgo: 3, ...first });
      const lead = await paidLead({ vendor: earlier.vendor, company: earlier.company, customer: earlier.customer, ...second });
      const reported = await call('POST', lead.report, lead.cookie, { reason: 'duplicate' });
      expect({ case: second, status: reported.json().status }).toEqual({ case: second, status: 'pending' });
      expect(await refundsOf(lead.quote.id, lead.company.id)).toBe(0);
    }
  });

  it('of two requests sent in the same instant, only the later is the duplicate', async () => {
    const first = await paidLead();
    const second = await paidLead({ vendor: first.vendor, company: first.company, customer: first.customer });
    await t.db.execute(sql`UPDATE quotes SET submitted_at = now() WHERE id IN (${first.quote.id}, ${second.quote.id})`);
    const [ofFirst, ofSecond] = await Promise.all([
      call('POST', first.report, first.cookie, { reason: 'duplicate' }),
      call('POST', second.report, second.cookie, { reason: 'duplicate' }),
    ]);
    expect([ofFirst.json().status, ofSecond.json().status]).toEqual(['pending', 'credited']);
    expect(await balanceOf(first.vendor.id)).toBe(50 - COST);
  });

  it('is no duplicate of a request the company ignored, or one whose coins came back', async () => {
    // The customer re-sends a request the company never answered: the one reply it paid for stands.
    const ignored = await paidLead({ paid: false, daysAgo: 5 });
    const resent = await paidLead({ vendor: ignored.vendor, company: ignored.company, customer: ignored.customer });
    const reported = await call('POST', resent.report, resent.cookie, { reason: 'duplicate' });
    expect(reported.json().status).toBe('pending');
    expect(await balanceOf(resent.vendor.id)).toBe(50 - COST);

    const refunded = await paidLead({ daysAgo: 5 });
    await t.db.execute(sql`
      INSERT INTO coin_ledger (user_id, delta, reason, reference, company_id, quote_id)
      VALUES (${refunded.vendor.id}, ${COST}, 'refund', ${`refund:${refunded.quote.id}:${refunded.company.id}`},
              ${refunded.company.id}, ${refunded.quote.id})`);
    const again = await paidLead({ vendor: refunded.vendor, company: refunded.company, customer: refunded.customer });
    expect((await call('POST', again.report, again.cookie, { reason: 'duplicate' })).json().status).toBe('pending');
  });
});

describe('the admin queue', () => {
  it('shows pending reports with their context; a decision credits once (or not), audited, and the pro sees it', async () => {
    const lead = await paidLead();
    const refusedLead = await paidLead();
    const first = (await call('POST', lead.report, lead.cookie, { reason: 'spam', note: 'Selling SEO' })).json();
    const second = (await call('POST', refusedLead.report, refusedLead.cookie, { reason: 'wrong_service' })).json();

    expect((await call('GET', '/api/admin/lead-reports', lead.cookie)).statusCode).toBe(403);
    const queue = (await call('GET', '/api/admin/lead-reports?status=pending', adminCookie)).json();
    const row = queue.reports.find((r: { id: number }) => r.id === first.id);
    expect(row).toMatchObject({
      reasonLabel: 'Spam',
      note: 'Selling SEO',
      quoteName: 'Kitchen sink repair',
      companyName: 'Reporting Plumbing',
      customerName: 'Cy Ames',
      reporter: { name: 'Rae User' },
      messageCount: 1,
      reporterHistory: { pending: 1, credited: 0, refused: 0 },
    });

    const decide = (id: number, body: unknown) => call('POST', `/api/admin/lead-reports/${id}/decision`, adminCookie, body);
    expect((await decide(first.id, { credit: true })).json().error).toBe('Give the reason for the decision');
    expect((await decide(first.id, { reason: 'ok' })).json().error).toBe('Say whether the coins come back');
    expect((await decide(99_999_999, { credit: true, reason: 'ok' })).statusCode).toBe(404);

    const credited = await decide(first.id, { credit: true, reason: 'The customer account was spam' });
    expect(credited.statusCode).toBe(200);
    expect(credited.json()).toMatchObject({
      status: 'credited',
      automatic: false,
      decisionReason: 'The customer account was spam',
    });
    expect(await balanceOf(lead.vendor.id)).toBe(50);
    const twice = await decide(first.id, { credit: false, reason: 'changed my mind' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('LEAD_REPORT_DECIDED');
    expect(await refundsOf(lead.quote.id, lead.company.id)).toBe(1);

    expect((await decide(second.id, { credit: false, reason: 'The request named this service' })).json().status).toBe('refused');
    expect(await balanceOf(refusedLead.vendor.id)).toBe(50 - COST);
    expect((await call('GET', refusedLead.report, refusedLead.cookie)).json()).toMatchObject({
      report: { status: 'refused', decisionReason: 'The request named this service' },
      history: { pending: 0, credited: 0, refused: 1 },
    });
    const audit = await t.db.execute<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE entity_type = 'lead_report' AND action = 'lead_report.decide'
         AND entity_id IN (${String(first.id)}, ${String(second.id)})`);
    expect(audit.rows).toHaveLength(2);
    const decided = (await call('GET', '/api/admin/lead-reports?status=credited', adminCookie)).json();
    expect(decided.reports.map((r: { id: number }) => r.id)).toContain(first.id);
  });
});

describe('a decision after the unread-reply refund', () => {
  it('says the coins were already back, credits nothing, mails nothing false and counts as neither credited nor refused', async () => {
    const lead = await paidLead();
    const report = (await call('POST', lead.report, lead.cookie, { reason: 'unreachable' })).json();
    // The customer never opened the reply: 8 days on, the sweep gives the coins back.
    await t.db.execute(sql`
      UPDATE coin_ledger SET created_at = now() - interval '8 days' WHERE reference = ${`reply:${lead.quote.id}:${lead.company.id}`}`);
    await t.db.execute(sql`UPDATE messages SET created_at = now() - interval '8 days' WHERE quote_id = ${lead.quote.id}`);
    await t.app.services.refunds.refundUnreadReplies();
    expect(await balanceOf(lead.vendor.id)).toBe(50);

    const decided = await call('POST', `/api/admin/lead-reports/${report.id}/decision`, adminCookie, {
      credit: true,
      reason: 'The phone number was disconnected',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'already_refunded', automatic: false });
    expect(await balanceOf(lead.vendor.id)).toBe(50);
    expect(await refundsOf(lead.quote.id, lead.company.id)).toBe(1);

    const audit = await t.db.execute<{ after: { status: string; coins: number } }>(sql`
      SELECT after FROM audit_log WHERE entity_type = 'lead_report' AND entity_id = ${String(report.id)} AND action = 'lead_report.decide'`);
    expect(audit.rows[0].after).toMatchObject({ status: 'already_refunded', coins: 0 });
    const mail = await t.db.execute<{ subject: string; text: string }>(sql`
      SELECT subject, body_text AS text FROM notification_outbox
       WHERE kind = 'lead_report' AND dedupe_key = ${`lead-report:${lead.quote.id}:${lead.company.id}:email`}`);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].subject).toBe('Your report of "Kitchen sink repair": the coins were already back');
    expect(mail.rows[0].text).toContain('nothing more was added');
    expect(mail.rows[0].text).not.toMatch(/are back in your balance/);

    expect((await call('GET', lead.report, lead.cookie)).json().history).toEqual({ pending: 0, credited: 0, refused: 0 });
    const credited = (await call('GET', '/api/admin/lead-reports?status=credited', adminCookie)).json();
    expect(credited.reports.map((r: { id: number }) => r.id)).not.toContain(report.id);
    const back = (await call('GET', '/api/admin/lead-reports?status=already_refunded', adminCookie)).json();
    expect(back.reports.map((r: { id: number }) => r.id)).toContain(report.id);
  });
});

describe('a credited lead', () => {
  it('closes its conversation for both sides, whether credited at once or by an admin', async () => {
    const earlier = await paidLead({ daysAgo: 3 });
    const duplicate = await paidLead({ vendor: earlier.vendor, company: earlier.company, customer: earlier.customer });
    expect((await call('POST', duplicate.report, duplicate.cookie, { reason: 'duplicate' })).json().status).toBe('credited');

    const spam = await paidLead();
    const report = (await call('POST', spam.report, spam.cookie, { reason: 'spam' })).json();
    // Pending: the conversation goes on.
    expect((await send('POST', `${spam.thread}/messages`, spam.customerCookie, { message: 'Still there?' })).statusCode).toBe(
      201,
    );
    await call('POST', `/api/admin/lead-reports/${report.id}/decision`, adminCookie, { credit: true, reason: 'A bot' });

    for (const lead of [duplicate, spam]) {
      const byVendor = await send('POST', `${lead.thread}/messages`, lead.cookie, { message: 'One more thing' });
      expect(byVendor.statusCode).toBe(400);
      expect(byVendor.json()).toMatchObject({
        code: 'CONVERSATION_CLOSED',
        error: "This lead's coins came back after your report, so the conversation is closed",
      });
      const byCustomer = await send('POST', `${lead.thread}/messages`, lead.customerCookie, { message: 'Hello?' });
      expect(byCustomer.json()).toMatchObject({
        code: 'CONVERSATION_CLOSED',
        error: 'Reporting Plumbing closed this conversation',
      });
      const conversations = (await call('GET', `/api/quotes/${lead.quote.id}/conversations`, lead.customerCookie)).json();
      expect(conversations[0].closedAt).not.toBeNull();
      const rows = (await call('GET', '/api/vendor-quotes', lead.cookie)).json();
      expect(rows.find((r: { quoteId: number }) => r.quoteId === lead.quote.id).closedAt).not.toBeNull();
    }
    // A refused report leaves the conversation open.
    const refused = await paidLead();
    const kept = (await call('POST', refused.report, refused.cookie, { reason: 'spam' })).json();
    await call('POST', `/api/admin/lead-reports/${kept.id}/decision`, adminCookie, { credit: false, reason: 'A real customer' });
    expect((await send('POST', `${refused.thread}/messages`, refused.cookie, { message: 'Sorry for that' })).statusCode).toBe(
      201,
    );
  });

  it('a message racing the credit either lands or is refused as closed; every one after is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const lead = await paidLead();
      const report = (await call('POST', lead.report, lead.cookie, { reason: 'unreachable' })).json();
      const [message, decision] = await Promise.all([
        send('POST', `${lead.thread}/messages`, lead.customerCookie, { message: 'Racing' }),
        call('POST', `/api/admin/lead-reports/${report.id}/decision`, adminCookie, { credit: true, reason: 'Gone' }),
      ]);
      expect(decision.statusCode).toBe(200);
      if (message.statusCode !== 201) expect(message.json().code).toBe('CONVERSATION_CLOSED');
      expect((await send('POST', `${lead.thread}/messages`, lead.customerCookie, { message: 'After' })).statusCode).toBe(400);
    }
  });
});

describe('exactly once under races', () => {
  it('two reports of one lead: one is taken', async () => {
    const lead = await paidLead();
    const answers = await Promise.all([
      call('POST', lead.report, lead.cookie, { reason: 'spam' }),
      call('POST', lead.report, lead.cookie, { reason: 'unreachable' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('a duplicate’s automatic credit racing the unread-reply refund: one credit', async () => {
    for (let round = 0; round < 4; round++) {
      const earlier = await paidLead({ daysAgo: 20 });
      const lead = await paidLead({ vendor: earlier.vendor, company: earlier.company, customer: earlier.customer });
      // The reply was paid 8 days ago and never opened: the sweep refunds it.
      await t.db.execute(sql`
        UPDATE coin_ledger SET created_at = now() - interval '8 days'
         WHERE reference = ${`reply:${lead.quote.id}:${lead.company.id}`}`);
      await t.db.execute(sql`
        UPDATE messages SET created_at = now() - interval '8 days' WHERE quote_id = ${lead.quote.id}`);
      const [reported] = await Promise.all([
        call('POST', lead.report, lead.cookie, { reason: 'duplicate' }),
        t.app.services.refunds.refundUnreadReplies(),
      ]);
      expect([201, 400]).toContain(reported.statusCode);
      expect(await refundsOf(lead.quote.id, lead.company.id)).toBe(1);
      expect(await balanceOf(lead.vendor.id)).toBe(50 - COST);
    }
  });
});
