import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, ratings } from '@/server/db/schema';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

async function customerWithQuote(status: 'draft' | 'in_progress' = 'in_progress') {
  const company = await createCompany(t.db);
  const customer = await createUser(t.db, { firstName: 'Casey', lastName: 'Nguyen' });
  await createQuote(t.db, { userId: customer.id, companyIds: [company.id], status });
  return { company, customer, cookie: await loginAs(t.app, customer) };
}

async function figures(companyId: number) {
  const [row] = await t.db.select().from(companies).where(eq(companies.id, companyId));
  return { averageRating: row.averageRating, ratingsCount: row.ratingsCount };
}

describe('reviews', () => {
  it('lets a customer who sent a quote leave one half-star review, keeping the figures exact', async () => {
    const { company, customer, cookie } = await customerWithQuote();
    expect((await call('GET', `/api/companies/${company.id}/can-rate`, cookie)).json()).toEqual({ canRate: true });

    const created = await call('POST', `/api/companies/${company.id}/ratings`, cookie, {
      rating: 4.5,
      comment: 'Quick and tidy.',
      companyId: company.id,
      userId: 99999,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      rating: 4.5,
      comment: 'Quick and tidy.',
      userId: customer.id,
      user: { firstName: 'Casey' },
    });
    expect(await figures(company.id)).toEqual({ averageRating: 4.5, ratingsCount: 1 });

    const again = await call('POST', `/api/companies/${company.id}/ratings`, cookie, { rating: 3 });
    expect(again.statusCode).toBe(409);

    const listed = (await call('GET', `/api/ratings/company/${company.id}`)).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('user.email');
    const mine = (await call('GET', `/api/ratings/user/${customer.id}/company/${company.id}`)).json();
    expect(mine.id).toBe(created.json().id);
    expect((await call('GET', `/api/ratings/user/${customer.id + 1000}/company/${company.id}`)).json()).toBeNull();

    const updated = await call('PUT', `/api/ratings/${mine.id}`, cookie, { rating: 2, comment: '' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ rating: 2, comment: null, editedByAdminAt: null });
    expect(await figures(company.id)).toEqual({ averageRating: 2, ratingsCount: 1 });

    expect((await call('DELETE', `/api/ratings/${mine.id}`, cookie)).statusCode).toBe(204);
    expect(await figures(company.id)).toEqual({ averageRating: null, ratingsCount: 0 });
  });

  it('refuses customers who have not sent a quote with the spec’s 403, whatever the body', async () => {
    const { company } = await customerWithQuote();
    const stranger = await createUser(t.db);
    const cookie = await loginAs(t.app, stranger);
    expect((await call('GET', `/api/companies/${company.id}/can-rate`, cookie)).json()).toEqual({ canRate: false });
    for (const body of [{ rating: 5 }, { rating: 'bad' }]) {
      const response = await call('POST', `/api/companies/${company.id}/ratings`, cookie, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('You can only rate businesses you have requested quotes from');
    }
    // A draft that was never sent does not count.
    const drafter = await customerWithQuote('draft');
    expect((await call('POST', `/api/companies/${drafter.company.id}/ratings`, drafter.cookie, { rating: 5 })).statusCode).toBe(
      403,
    );
    expect(await t.db.select().from(ratings).where(eq(ratings.companyId, company.id))).toHaveLength(0);
  });

  it.each([
    [{}, 'Please select a rating'],
    [{ rating: 0 }, 'You must select at least 0.5 stars.'],
    [{ rating: 5.5 }, 'Rating must be between 0.5 and 5 stars.'],
    [{ rating: 3.3 }, 'Ratings go in half stars.'],
    [{ rating: 4, comment: 'x'.repeat(2001) }, 'Comment must be at most 2000 characters'],
  ])('refuses %o with "%s" and stores nothing', async (body, message) => {
    const { company, cookie } = await customerWithQuote();
    const response = await call('POST', `/api/companies/${company.id}/ratings`, cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await t.db.select().from(ratings).where(eq(ratings.companyId, company.id))).toHaveLength(0);
  });

  it('needs a session to review, and refuses changes to someone else’s review', async () => {
    const { company, cookie } = await customerWithQuote();
    const rating = (await call('POST', `/api/companies/${company.id}/ratings`, cookie, { rating: 4 })).json();
    expect((await call('POST', `/api/companies/${company.id}/ratings`, undefined, { rating: 4 })).statusCode).toBe(401);
    expect((await call('GET', `/api/companies/${company.id}/can-rate`)).statusCode).toBe(401);
    expect((await call('PUT', `/api/ratings/${rating.id}`, undefined, { rating: 1 })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/ratings/${rating.id}`)).statusCode).toBe(401);
    const other = await loginAs(t.app, await createUser(t.db));
    expect((await call('PUT', `/api/ratings/${rating.id}`, other, { rating: 1 })).statusCode).toBe(403);
    expect((await call('PUT', `/api/ratings/${rating.id}`, other, { rating: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/ratings/${rating.id}`, other)).statusCode).toBe(403);
    expect((await call('PUT', `/api/ratings/999999`, other, { rating: 1 })).statusCode).toBe(404);
    expect((await call('POST', `/api/companies/999999/ratings`, other, { rating: 1 })).statusCode).toBe(404);
  });

  it('marks a review changed by an administrator', async () => {
    const { company, cookie } = await customerWithQuote();
    const rating = (
      await call('POST', `/api/companies/${company.id}/ratings`, cookie, { rating: 1, comment: 'rude words' })
    ).json();
    const admin = await loginAs(t.app, await createUser(t.db, { isAdmin: true }));
    const edited = await call('PUT', `/api/ratings/${rating.id}`, admin, { rating: 1, comment: 'Removed by moderation' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().editedByAdminAt).not.toBeNull();
  });

  it('counts concurrent reviews exactly', async () => {
    const company = await createCompany(t.db);
    const customers = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db)));
    for (const customer of customers) await createQuote(t.db, { userId: customer.id, companyIds: [company.id] });
    const cookies = await Promise.all(customers.map((c) => loginAs(t.app, c)));
    const results = await Promise.all(
      cookies.map((cookie, i) => call('POST', `/api/companies/${company.id}/ratings`, cookie, { rating: i % 2 ? 5 : 4 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(await figures(company.id)).toEqual({ averageRating: 4.5, ratingsCount: 6 });
  });
});

describe('owner replies', () => {
  it('lets the company’s owner answer a review once, edit and delete the answer; nobody else', async () => {
    const owner = await createUser(t.db, { isVerified: true });
    const company = await createCompany(t.db, { ownerId: owner.id });
    const customer = await createUser(t.db);
    await createQuote(t.db, { userId: customer.id, companyIds: [company.id] });
    const customerCookie = await loginAs(t.app, customer);
    const rating = (await call('POST', `/api/companies/${company.id}/ratings`, customerCookie, { rating: 3.5 })).json();
    const ownerCookie = await loginAs(t.app, owner);

    // The owner cannot review their own business.
    await createQuote(t.db, { userId: owner.id, companyIds: [company.id] });
    expect((await call('POST', `/api/companies/${company.id}/ratings`, ownerCookie, { rating: 5 })).statusCode).toBe(403);

    expect((await call('PUT', `/api/ratings/${rating.id}/reply`, customerCookie, { reply: 'Me too' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/ratings/${rating.id}/reply`, undefined, { reply: 'Hi' })).statusCode).toBe(401);
    const empty = await call('PUT', `/api/ratings/${rating.id}/reply`, ownerCookie, { reply: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Reply is required');

    const replied = await call('PUT', `/api/ratings/${rating.id}/reply`, ownerCookie, { reply: 'Thanks for the feedback!' });
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({ ownerReply: 'Thanks for the feedback!' });
    expect(replied.json().ownerReplyAt).not.toBeNull();
    const edited = await call('PUT', `/api/ratings/${rating.id}/reply`, ownerCookie, { reply: 'Thank you!' });
    expect(edited.json().ownerReply).toBe('Thank you!');
    const listed = (await call('GET', `/api/ratings/company/${company.id}`)).json();
    expect(listed[0].ownerReply).toBe('Thank you!');

    const removed = await call('DELETE', `/api/ratings/${rating.id}/reply`, ownerCookie);
    expect(removed.json()).toMatchObject({ ownerReply: null, ownerReplyAt: null });
    expect((await call('DELETE', `/api/ratings/${rating.id}/reply`, customerCookie)).statusCode).toBe(403);
  });
});
