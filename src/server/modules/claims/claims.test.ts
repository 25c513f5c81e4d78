/**
 * Claims: submitting to unclaimed listings creates one claim each, with an unguessable
 * id, and sends the link by e-mail (or by text for a mobile number); the claim is readable signed
 * out; redeeming makes the caller the owner once, with launch credits, and is refused afterwards.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, companies } from '@/server/db/schema';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { linkFrom } from '@/server/test/smtp-sink';

let t: TestApp;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  t = await startTestApp();
  call = apiCaller(t.app);
});
afterAll(() => t.close());

const DESCRIPTION =
  'We need the whole bathroom retiled, about 60 square feet of floor and the shower walls, before the end of this month.';

/** A customer's draft to these companies, submitted through the API. */
async function submittedQuote(companyIds: number[]) {
  const customer = await createUser(t.db, { firstName: 'Cara', lastName: 'Diaz' });
  const cookie = await loginAs(t.app, customer);
  const quote = await createQuote(t.db, { userId: customer.id, companyIds, status: 'draft' });
  const submitted = await call('POST', `/api/quotes/${quote.id}/submit`, cookie, {
    quoteName: 'Retile the bathroom',
    description: DESCRIPTION,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { customer, cookie, quote };
}

const claimsOf = (quoteId: number) => t.db.select().from(claims).where(eq(claims.quoteId, quoteId));

describe('claims', () => {
  it('creates one claim per unclaimed company and sends its link by e-mail or text', async () => {
    const owner = await createUser(t.db, { isVerified: true });
    const owned = await createCompany(t.db, { ownerId: owner.id });
    const listing = await createCompany(t.db, { name: 'Listed Tiling', email: 'listed.tiling@example.com' });
    const mobile = await createCompany(t.db, { name: 'Mobile Tiling', phone: '+15125550123', isMobilePhone: true });
    const { quote } = await submittedQuote([owned.id, listing.id, mobile.id]);

    const rows = await claimsOf(quote.id);
    expect(rows.map((r) => r.companyId).sort()).toEqual([listing.id, mobile.id].sort());
    for (const row of rows) expect(row.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const byCompany = new Map(rows.map((r) => [r.companyId, r]));
    expect(byCompany.get(mobile.id)).toMatchObject({ isMobile: true, phoneNumber: '+15125550123' });

    const [mail] = await t.smtp.waitFor('listed.tiling@example.com');
    expect(mail.subject).toBe('A customer wants a quote from Listed Tiling');
    expect(mail.text).toContain('Cara D. found Listed Tiling');
    expect(linkFrom(mail, t.baseUrl)).toBe(`${t.baseUrl}/quotes?cid=${byCompany.get(listing.id)!.id}`);
    const [text] = await t.sms.waitFor('+15125550123');
    expect(text.body).toContain(`${t.baseUrl}/quotes?cid=${byCompany.get(mobile.id)!.id}`);
    expect(text.body).toContain('Reply STOP to opt out, HELP for help.');
    // The mobile listing got a text, not a mail.
    expect(t.smtp.to(mobile.email)).toHaveLength(0);
  });

  it('answers a claim signed out with the business and the request; unknown ids are 404', async () => {
    const listing = await createCompany(t.db, { name: 'Readable Roofing', categorySlug: 'roofing-gutters' });
    const { quote } = await submittedQuote([listing.id]);
    const [claim] = await claimsOf(quote.id);
    const answer = await call('GET', `/api/claims/${claim.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id: claim.id,
      companyId: listing.id,
      quoteId: quote.id,
      redeemedAt: null,
      company: { name: 'Readable Roofing', category: 'Roofing & Gutters', zip: listing.zip, email: listing.email },
      quote: { quoteName: 'Retile the bathroom', status: 'in_progress', description: DESCRIPTION },
    });
    for (const id of ['unknown-claim-id-000000000', 'x', '../etc/passwd', "' OR 1=1 --", 'a'.repeat(99)]) {
      const missing = await call('GET', `/api/claims/${encodeURIComponent(id)}`);
      expect(missing.statusCode, id).toBe(404);
    }
  });

  it('makes the redeemer the owner once, with launch credits; a second redeem is refused', async () => {
    const listing = await createCompany(t.db, { name: 'Claimable Cleaning', categorySlug: 'cleaning-services' });
    const { quote } = await submittedQuote([listing.id]);
    const [claim] = await claimsOf(quote.id);
    expect((await call('POST', `/api/claims/${claim.id}/redeem`)).statusCode).toBe(401);

    const vendor = await createUser(t.db, { firstName: 'Vic' });
    const vendorCookie = await loginAs(t.app, vendor);
    const redeemed = await call('POST', `/api/claims/${claim.id}/redeem`, vendorCookie);
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ quoteId: quote.id, companyId: listing.id });
    const [company] = await t.db.select().from(companies).where(eq(companies.id, listing.id));
    expect(company.ownerId).toBe(vendor.id);
    expect((await call('GET', '/api/coins/balance', vendorCookie)).json()).toEqual({ balance: t.config.launchCoins });
    expect((await call('GET', `/api/claims/${claim.id}`)).json().redeemedAt).not.toBeNull();
    // The new owner sees the request in the vendor inbox.
    const inbox = await call('GET', '/api/vendor-quotes', vendorCookie);
    expect(inbox.json().map((row: { quoteId: number }) => row.quoteId)).toContain(quote.id);

    const again = await call('POST', `/api/claims/${claim.id}/redeem`, vendorCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This claim has already been redeemed');
    const someoneElse = await loginAs(t.app, await createUser(t.db));
    expect((await call('POST', `/api/claims/${claim.id}/redeem`, someoneElse)).statusCode).toBe(409);
    expect((await call('POST', '/api/claims/not-a-real-claim-id-0000000/redeem', someoneElse)).statusCode).toBe(404);
  });

  it('lets one of two racing redeemers win, and refuses a second claim of a listing someone else owns', async () => {
    const listing = await createCompany(t.db, { name: 'Raced Electric', categorySlug: 'electrical-services' });
    const first = await submittedQuote([listing.id]);
    const second = await submittedQuote([listing.id]);
    const [claimA] = await claimsOf(first.quote.id);
    const [claimB] = await claimsOf(second.quote.id);
    const [alice, bob] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const [aliceCookie, bobCookie] = await Promise.all([loginAs(t.app, alice), loginAs(t.app, bob)]);
    const answers = await Promise.all([
      call('POST', `/api/claims/${claimA.id}/redeem`, aliceCookie),
      call('POST', `/api/claims/${claimB.id}/redeem`, bobCookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json().error).toBe('This business has already been claimed by another account');
    const owners = await t.db.execute<{ owner_id: number }>(sql`SELECT owner_id FROM companies WHERE id = ${listing.id}`);
    const winner = answers[0].statusCode === 200 ? alice : bob;
    expect(owners.rows[0].owner_id).toBe(winner.id);
  });

  it('does not submit twice when two submits race, so claims and notices are made once', async () => {
    const listing = await createCompany(t.db, { name: 'Once Plumbing', email: 'once.plumbing@example.com' });
    const customer = await createUser(t.db);
    const cookie = await loginAs(t.app, customer);
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [listing.id], status: 'draft' });
    const body = { quoteName: 'Fix the drain', description: DESCRIPTION };
    const answers = await Promise.all([
      call('POST', `/api/quotes/${quote.id}/submit`, cookie, body),
      call('POST', `/api/quotes/${quote.id}/submit`, cookie, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await claimsOf(quote.id)).toHaveLength(1);
    await t.smtp.waitFor('once.plumbing@example.com');
    await t.app.services.outbox.idle();
    expect(t.smtp.to('once.plumbing@example.com')).toHaveLength(1);
  });
});
