/**
 * A moderator's decision on a message reaches both sides' open threads at once (a frame that makes
 * them fetch it again), so the other party does not keep reading hidden words until a refresh.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, frameOf, openSocket, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

it('sends message_moderated to both sides of the conversation, and to no one else', async () => {
  const [customer, owner, stranger, admin] = await Promise.all([
    createUser(t.db),
    createUser(t.db),
    createUser(t.db),
    createUser(t.db, { isAdmin: true }),
  ]);
  const company = await createCompany(t.db, { ownerId: owner.id });
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id] });
  const inserted = await t.db.execute<{ id: number }>(sql`
    INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message)
    VALUES (${quote.id}, ${company.id}, ${owner.id}, 'company', 'Pay me in gift cards first.') RETURNING id`);
  const messageId = Number(inserted.rows[0].id);
  const [customerCookie, ownerCookie, strangerCookie, adminCookie] = await Promise.all(
    [customer, owner, stranger, admin].map((user) => loginAs(t.app, user)),
  );
  const sockets = await Promise.all([customerCookie, ownerCookie, strangerCookie].map((cookie) => openSocket(t.baseUrl, cookie)));
  try {
    expect(
      (await call('POST', '/api/reports', customerCookie, { itemType: 'message', itemId: messageId, reason: 'scam_or_fraud' }))
        .statusCode,
    ).toBe(201);
    const cases = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM moderation_cases WHERE item_type = 'message' AND item_id = ${messageId}`,
    );
    const decided = await call('POST', `/api/admin/moderation/${cases.rows[0].id}/decision`, adminCookie, {
      decision: 'hide',
      reason: 'Fraud attempt',
    });
    expect(decided.statusCode).toBe(200);
    for (const socket of sockets.slice(0, 2)) {
      expect(await frameOf(socket, 'message_moderated', (d) => d.messageId === messageId)).toEqual({
        quoteId: quote.id,
        companyId: company.id,
        messageId,
      });
    }
    // The stranger's socket heard nothing of it (a frame to it would have come with the others').
    expect(sockets[2].frames.some((f) => f.type === 'message_moderated')).toBe(false);
  } finally {
    for (const socket of sockets) socket.socket.close();
  }
});
