/**
 * Statements that must not grow with the number of rows: the admin moderation queue reads a page in
 * a fixed number, whatever the number of cases on it, their kinds, reports and authors (each kind of
 * context, the reports, the reporters' and the authors' records are one statement each for the
 * page); a decision looks up its reporters' addresses once, however many reported the item.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { watchStatements, type StatementWatch } from '@/server/test/wire-statements';
import type { ModerationQueue } from '@/shared/schemas/moderation';

let t: TestApp;
let wire: StatementWatch;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_REPORTS_PER_ACCOUNT: '100' });
  // Background work would add its own statements to the request's.
  await t.app.services.jobs.stop();
  await t.app.services.outbox.stop();
  wire = watchStatements();
});
afterAll(async () => {
  wire.restore();
  await t.close();
});
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

async function person(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { isVerified: true, ...values });
  return { user, cookie: await loginAs(t.app, user) };
}

const report = async (cookie: string, itemType: string, itemId: number, reason = 'offensive') =>
  expect((await call('POST', '/api/reports', cookie, { itemType, itemId, reason })).statusCode).toBe(201);

/** One reported item of each kind: a listing, a review, a photo and a message in a longer conversation. */
async function reportOneOfEach(reporters: { cookie: string }[]) {
  const owner = await person({ firstName: 'Olive' });
  const company = await createCompany(t.db, { ownerId: owner.user.id });
  const customer = await person({ firstName: 'Rita' });
  const quote = await createQuote(t.db, { userId: customer.user.id, companyIds: [company.id] });
  const review = await call('POST', `/api/companies/${company.id}/ratings`, customer.cookie, {
    rating: 1,
    comment: 'They never showed up and kept the deposit.',
  });
  expect(review.statusCode).toBe(201);
  const objectId = randomBytes(16).toString('hex');
  await t.db.execute(sql`
    INSERT INTO stored_objects (id, kind, content_type, byte_size, etag) VALUES (${objectId}, 'company_image', 'image/png', 1, 'x')`);
  const photo = await t.db.execute<{ id: number }>(
    sql`INSERT INTO company_images (company_id, object_id, caption) VALUES (${company.id}, ${objectId}, 'Our van') RETURNING id`,
  );
  const messageIds: number[] = [];
  for (let i = 0; i < 14; i++) {
    const fromCompany = i % 2 === 1;
    const inserted = await t.db.execute<{ id: number }>(sql`
      INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
      VALUES (${quote.id}, ${company.id}, ${fromCompany ? owner.user.id : customer.user.id}, ${fromCompany ? 'company' : 'user'},
              ${`Message ${i}`}, now() - make_interval(mins => ${60 - i}))
      RETURNING id::int AS id`);
    messageIds.push(inserted.rows[0].id);
  }
  for (const reporter of reporters) {
    await report(reporter.cookie, 'company', company.id, 'scam_or_fraud');
    await report(reporter.cookie, 'review', review.json<{ id: number }>().id);
    await report(reporter.cookie, 'photo', photo.rows[0].id);
  }
  // A message only its conversation's other party may report: the customer, a company's message.
  await report(customer.cookie, 'message', messageIds[7]);
  return { owner, company, customer };
}

const queue = (status = 'open') =>
  wire.during(async () => {
    const response = await call('GET', `/api/admin/moderation?status=${status}`, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ModerationQueue>();
  });

let admin: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  admin = await person({ isAdmin: true, firstName: 'Ada' });
});

describe('the admin moderation queue', () => {
  it('reads a page of 20 cases in as many statements as a page of one case of each kind', async () => {
    const reporters = [await person({ firstName: 'Rex' }), await person({ firstName: 'Ria' })];
    await reportOneOfEach(reporters);
    const small = await queue();
    expect(small.result.cases).toHaveLength(4);
    expect(new Set(small.result.cases.map((c) => c.itemType))).toEqual(new Set(['company', 'review', 'photo', 'message']));

    for (let i = 0; i < 4; i++) await reportOneOfEach(i % 2 === 0 ? reporters : [await person({ firstName: 'Ray' })]);
    const full = await queue();
    expect(full.result.total).toBe(20);
    expect(full.result.cases).toHaveLength(20);
    // Each case in its context, so the equal count is not an empty page's.
    for (const entry of full.result.cases) {
      expect(entry.item.exists).toBe(true);
      expect(entry.author).not.toBeNull();
      expect(entry.reports.length).toBeGreaterThan(0);
    }
    expect(full.result.cases.filter((c) => c.itemType === 'message').map((c) => c.item.conversation?.messages.length)).toEqual([
      11, 11, 11, 11, 11,
    ]);
    expect(full.statements.length, full.statements.join('\n')).toBe(small.statements.length);

    // A page of one case reads no more than the page of twenty.
    const lone = await person();
    const listing = await createCompany(t.db, { ownerId: lone.user.id });
    await report(reporters[0].cookie, 'company', listing.id);
    const caseId = (
      await t.db.execute<{ id: number }>(
        sql`SELECT id FROM moderation_cases WHERE item_type = 'company' AND item_id = ${listing.id}`,
      )
    ).rows[0].id;
    expect(
      (await call('POST', `/api/admin/moderation/${caseId}/decision`, admin.cookie, { decision: 'keep', reason: 'Fine' }))
        .statusCode,
    ).toBe(200);
    const one = await queue('decided');
    expect(one.result.cases).toHaveLength(1);
    expect(one.statements.length).toBeLessThanOrEqual(full.statements.length);
  });
});

describe('a decision', () => {
  /** A listing reported by `count` people, decided; answers the statements of the decision. */
  async function decideReportedBy(count: number) {
    const listing = await createCompany(t.db, { ownerId: (await person()).user.id });
    const reporters = [];
    for (let i = 0; i < count; i++) {
      reporters.push(await person());
      await report(reporters[i].cookie, 'company', listing.id);
    }
    const caseId = (
      await t.db.execute<{ id: number }>(
        sql`SELECT id FROM moderation_cases WHERE item_type = 'company' AND item_id = ${listing.id}`,
      )
    ).rows[0].id;
    const { statements } = await wire.during(async () => {
      const response = await call('POST', `/api/admin/moderation/${caseId}/decision`, admin.cookie, {
        decision: 'hide',
        reason: 'Not a real business',
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    // Every reporter is told.
    const mails = await t.db.execute<{ recipient: string }>(
      sql`SELECT recipient FROM notification_outbox WHERE kind = 'report_outcome' AND dedupe_key LIKE ${`report-outcome:%`}
           AND recipient = ANY(${`{${reporters.map((r) => `"${r.user.email}"`).join(',')}}`}::text[])`,
    );
    expect(mails.rows).toHaveLength(count);
    return statements;
  }
  const contactLookups = (statements: string[]) => statements.filter((s) => /\bFROM users WHERE id IN\b/.test(s)).length;

  it('looks up the reporters’ addresses once, however many reported the item', async () => {
    const one = await decideReportedBy(1);
    const four = await decideReportedBy(4);
    expect(contactLookups(one)).toBeGreaterThan(0);
    expect(contactLookups(four), four.join('\n')).toBe(contactLookups(one));
  });
});
