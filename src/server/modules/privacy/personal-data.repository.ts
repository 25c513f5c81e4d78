/**
 * Every kind of personal data the product holds, one section each: what goes into a user's copy of
 * their data (`collect`, one JSON file of the archive) and what deleting the account does to it
 * (`erase`). Export and deletion both walk this list, so a new table with personal data is one more
 * entry here (and a line in docs/privacy.md), not a change to either flow.
 *
 * Queries only (the flows are privacy.service.ts). Erasure runs the sections in order inside one transaction; the account row itself is
 * anonymised last, so that every section before it can still find what belonged to the account.
 */
import { and, eq, getTableColumns, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import {
  authTokens,
  coinBalances,
  coinLedger,
  companies,
  dataExports,
  leadReports,
  claims,
  companyCredentials,
  companyOpeningHours,
  moderationCases,
  moderationReports,
  notificationOutbox,
  payments,
  quoteOffers,
  sessions,
  storedObjects,
  users,
} from '@/server/db/schema';
import { HIDDEN_MESSAGE_PLACEHOLDER } from '@/shared/schemas/moderation';
import { FORMER_CUSTOMER, FORMER_MEMBER } from '@/shared/schemas/privacy';

/** What erasure needs to know about the account, taken before anything of it changes. */
export interface ErasureContext {
  userId: number;
  /** The address and phone the account had: notices addressed to them go too. */
  email: string;
  phoneNumber: string | null;
  /** Object-store keys to delete once the transaction has committed (bytes of a rollback must stay). */
  objectKeys: string[];
}

/** A file of bytes to add to the archive beside the JSON: an object-store key and a path in the ZIP. */
export interface ArchiveAttachment {
  path: string;
  objectKey: string;
}

export interface PersonalDataSection {
  /** Also the archive's file name (`{name}.json`), unless `collect` is absent (erase-only). */
  name: string;
  /** What the file holds, one line (the archive's README.txt repeats it). */
  describes: string;
  collect?(db: DbOrTx, userId: number): Promise<unknown>;
  /** Files of bytes that go with the section (the user's uploaded images). */
  attachments?(db: DbOrTx, userId: number): Promise<ArchiveAttachment[]>;
  erase?(tx: DbOrTx, ctx: ErasureContext): Promise<void>;
}

const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows;

const { passwordHash: _passwordHash, ...profileColumns } = getTableColumns(users);
// The search words and map cells are the index's copy of what the export holds already.
const { searchVector: _searchVector, placeCells: _placeCells, ...companyColumns } = getTableColumns(companies);

/** Objects the account created that are an original (not another image's thumbnail). */
const originalObjectsOf = (userId: number) => sql`
  SELECT o.id, o.kind, o.content_type AS "contentType", o.byte_size AS "byteSize", o.width, o.height,
         o.created_at AS "createdAt"
    FROM stored_objects o
   WHERE o.created_by_user_id = ${userId}
     AND NOT EXISTS (SELECT 1 FROM stored_objects t WHERE t.thumbnail_id = o.id)
   ORDER BY o.created_at, o.id`;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
export const imagePathOf = (id: string, contentType: string) => `images/${id}.${EXTENSIONS[contentType] ?? 'bin'}`;

export const PERSONAL_DATA_SECTIONS: PersonalDataSection[] = [
  {
    name: 'credentials',
    describes:
      'The licences and insurance submitted for your businesses (or by you), and how they were decided; their document images are under images/.',
    collect: (db, userId) =>
      db
        .select({
          id: companyCredentials.id,
          companyId: companyCredentials.companyId,
          companyName: companies.name,
          kind: companyCredentials.kind,
          number: companyCredentials.number,
          issuer: companyCredentials.issuer,
          expiresOn: companyCredentials.expiresOn,
          documentObjectId: companyCredentials.documentObjectId,
          status: companyCredentials.status,
          decisionReason: companyCredentials.decisionReason,
          decidedAt: companyCredentials.decidedAt,
          createdAt: companyCredentials.createdAt,
        })
        .from(companyCredentials)
        .innerJoin(companies, eq(companies.id, companyCredentials.companyId))
        .where(or(eq(companies.ownerId, userId), eq(companyCredentials.submittedByUserId, userId)))
        .orderBy(companyCredentials.id),
    // Before `companies`, which lets go of the listings. A credential vouches for a business under
    // its owner: with the owner gone it vouches for nobody, and its document (often a person's own
    // licence) is the owner's. So both go, whoever submitted it: the document's row and thumbnail
    // here, its bytes after the commit. One the user submitted for someone else's business (an
    // administrator does) is that business's: it stays, no longer linked to the account.
    erase: async (tx, ctx) => {
      const gone = await rowsOf<{ document_object_id: string | null }>(
        tx,
        sql`
        DELETE FROM company_credentials
         WHERE company_id IN (SELECT id FROM companies WHERE owner_id = ${ctx.userId})
        RETURNING document_object_id`,
      );
      const documents = gone.flatMap((row) => (row.document_object_id ? [row.document_object_id] : []));
      if (documents.length > 0) {
        const objects = await rowsOf<{ id: string; thumbnail_id: string | null }>(
          tx,
          sql`
          SELECT o.id, o.thumbnail_id FROM stored_objects o
           WHERE o.id IN (${sql.join(
             documents.map((id) => sql`${id}`),
             sql`, `,
           )})
             AND NOT EXISTS (SELECT 1 FROM company_credentials cc WHERE cc.document_object_id = o.id)`,
        );
        const ids = objects.flatMap((row) => [row.id, ...(row.thumbnail_id ? [row.thumbnail_id] : [])]);
        if (ids.length > 0) {
          await tx.delete(storedObjects).where(inArray(storedObjects.id, ids));
          ctx.objectKeys.push(...ids);
        }
      }
      await tx
        .update(companyCredentials)
        .set({ submittedByUserId: null })
        .where(eq(companyCredentials.submittedByUserId, ctx.userId));
    },
  },
  {
    name: 'opening-hours',
    describes: 'The opening hours and their note that you set for your businesses.',
    collect: (db, userId) =>
      db
        .select({
          companyId: companyOpeningHours.companyId,
          week: companyOpeningHours.week,
          note: companyOpeningHours.note,
          updatedAt: companyOpeningHours.updatedAt,
        })
        .from(companyOpeningHours)
        .innerJoin(companies, eq(companies.id, companyOpeningHours.companyId))
        .where(eq(companies.ownerId, userId)),
    // The hours are the listing's, not the person's: they stay with it.
  },
  {
    name: 'companies',
    describes: 'The businesses you own: every field of their listings.',
    collect: (db, userId) => db.select(companyColumns).from(companies).where(eq(companies.ownerId, userId)),
    // The listing is the business's, not the person's: it stays, deactivated (out of search and
    // category pages; its page answers with the Inactive banner) and without an owner.
    erase: async (tx, { userId }) => {
      await tx
        .update(companies)
        .set({ isActive: false, ownerId: null, updatedAt: new Date() })
        .where(eq(companies.ownerId, userId));
    },
  },
  {
    name: 'quotes',
    describes:
      'Your quote requests: what you asked, your answers to the questions, the businesses asked (with whether they declined), the offers they made, and the images you attached.',
    collect: (db, userId) =>
      rowsOf(
        db,
        sql`
        SELECT q.id, q.quote_name AS "quoteName", q.description, q.status, q.zip, q.answers,
               q.category_id AS "categoryId", cat.name AS "categoryName", q.subcategory_id AS "subcategoryId",
               q.outcome, q.hired_company_id AS "hiredCompanyId", q.close_reason AS "closeReason", q.close_note AS "closeNote",
               q.submitted_at AS "submittedAt", q.completed_at AS "completedAt", q.decided_at AS "decidedAt",
               q.created_at AS "createdAt",
               coalesce((SELECT json_agg(json_build_object('companyId', qc.company_id, 'companyName', c.name,
                                 'askedAt', qc.created_at, 'declinedAt', qc.declined_at, 'closedAt', qc.closed_at,
                                 'source', qc.source) ORDER BY qc.created_at, qc.company_id)
                           FROM quote_companies qc JOIN companies c ON c.id = qc.company_id WHERE qc.quote_id = q.id), '[]') AS "companiesAsked",
               coalesce((SELECT json_agg(json_build_object('id', o.id, 'companyId', o.company_id, 'version', o.version,
                                 'kind', o.kind, 'amountMinor', o.amount_minor, 'lowMinor', o.low_minor, 'highMinor', o.high_minor,
                                 'currency', o.currency, 'includes', o.includes, 'validUntil', o.valid_until,
                                 'withdrawnAt', o.withdrawn_at, 'createdAt', o.created_at) ORDER BY o.created_at, o.id)
                           FROM quote_offers o WHERE o.quote_id = q.id), '[]') AS offers,
               coalesce((SELECT json_agg(json_build_object('objectId', i.object_id, 'caption', i.caption, 'createdAt', i.created_at)
                                 ORDER BY i.id)
                           FROM quote_images i WHERE i.quote_id = q.id), '[]') AS images
          FROM quotes q LEFT JOIN categories cat ON cat.id = q.category_id
         WHERE q.user_id = ${userId}
         ORDER BY q.created_at, q.id`,
      ),
    // Drafts reached nobody and go. A sent request stays with the businesses that hold it (they
    // answered it, some paid to): its words and images stay, named "Former customer"; one still
    // open is completed, so that no business pays to answer someone who is gone.
    erase: async (tx, { userId }) => {
      await tx.execute(sql`DELETE FROM quotes WHERE user_id = ${userId} AND status = 'draft'`);
      await tx.execute(sql`
        UPDATE quotes SET status = 'completed', completed_at = coalesce(completed_at, now()), updated_at = now()
         WHERE user_id = ${userId} AND status IN ('submitted', 'in_progress')`);
      await tx.execute(sql`UPDATE quotes SET close_note = NULL WHERE user_id = ${userId} AND close_note IS NOT NULL`);
    },
  },
  {
    name: 'messages',
    describes:
      'Every message of the conversations you take part in, as the customer or as the owner of the business, with who sent it (you, the customer side, the business side or the product) but no one else’s name or contact details; a message a moderator hid from you reads as the placeholder you saw.',
    collect: (db, userId) =>
      rowsOf(
        db,
        sql`
        SELECT m.id, m.quote_id AS "quoteId", q.quote_name AS "quoteName", m.company_id AS "companyId", c.name AS "companyName",
               m.sender_type AS "senderType", (m.sender_id IS NOT DISTINCT FROM ${userId}) AS "sentByYou",
               CASE WHEN v.seen OR m.moderation_state <> 'hidden' THEN m.message ELSE ${HIDDEN_MESSAGE_PLACEHOLDER} END AS message,
               m.event, m.offer_id AS "offerId", CASE WHEN v.seen THEN m.image_object_id END AS "imageObjectId",
               m.is_read AS "isRead", m.read_at AS "readAt", m.created_at AS "createdAt"
          FROM messages m
          JOIN quotes q ON q.id = m.quote_id
          JOIN companies c ON c.id = m.company_id
          -- As the conversation shows it: a message a moderator hid keeps its words and image for
          -- its sender's side only; the other side saw the placeholder, and so does its copy.
          CROSS JOIN LATERAL (
            SELECT m.moderation_state IS NULL
                OR (q.user_id = ${userId} AND m.sender_type = 'user')
                OR (c.owner_id = ${userId} AND m.sender_type = 'company') AS seen
          ) v
         WHERE q.user_id = ${userId} OR c.owner_id = ${userId}
         ORDER BY m.created_at, m.id`,
      ),
    // Other people's conversations keep the words: the name shown beside them is the account's,
    // which becomes "Former customer" / "Former member" with the account row.
  },
  {
    name: 'offers-made',
    describes: 'The priced offers you made for your businesses, every version.',
    collect: (db, userId) => db.select().from(quoteOffers).where(eq(quoteOffers.createdBy, userId)),
  },
  {
    name: 'reviews',
    describes: 'The reviews you wrote, and the public replies you wrote as an owner to reviews of your businesses.',
    collect: async (db, userId) => ({
      written: await rowsOf(
        db,
        sql`
        SELECT r.id, r.company_id AS "companyId", c.name AS "companyName", r.rating::float AS rating, r.comment,
               r.owner_reply AS "ownerReply", r.owner_reply_at AS "ownerReplyAt", r.hired_category_name AS "hiredCategoryName",
               r.hired_at AS "hiredAt", r.created_at AS "createdAt", r.updated_at AS "updatedAt"
          FROM ratings r JOIN companies c ON c.id = r.company_id
         WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`,
      ),
      repliesAsOwner: await rowsOf(
        db,
        sql`
        SELECT r.id AS "reviewId", r.company_id AS "companyId", c.name AS "companyName", r.owner_reply AS reply,
               r.owner_reply_at AS "repliedAt"
          FROM ratings r JOIN companies c ON c.id = r.company_id
         WHERE c.owner_id = ${userId} AND r.owner_reply IS NOT NULL ORDER BY r.owner_reply_at, r.id`,
      ),
    }),
    // A review keeps its rating and words under "Former customer" (the account row's new name);
    // an owner's reply is the business's and stays with the listing.
  },
  {
    name: 'coins',
    describes: 'Your coin balance and every movement of your coin ledger.',
    collect: async (db, userId) => ({
      balance:
        (await db.select({ balance: coinBalances.balance }).from(coinBalances).where(eq(coinBalances.userId, userId)))[0]
          ?.balance ?? 0,
      ledger: await db
        .select()
        .from(coinLedger)
        .where(eq(coinLedger.userId, userId))
        .orderBy(coinLedger.createdAt, coinLedger.id),
    }),
    // Amounts stay (balances must keep equalling their ledger, and the totals sold and spent stay
    // true); the identity went with the account row; a note an administrator wrote goes.
    erase: async (tx, { userId }) => {
      await tx
        .update(coinLedger)
        .set({ note: null })
        .where(and(eq(coinLedger.userId, userId), isNotNull(coinLedger.note)));
    },
  },
  {
    name: 'payments',
    describes: 'Your coin purchases: package, coins, amount, status and dates.',
    collect: (db, userId) => db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.createdAt),
    // Kept for the accounts (amounts and the processor's reference), without the card's failure text.
    erase: async (tx, { userId }) => {
      await tx.update(payments).set({ failureMessage: null }).where(eq(payments.userId, userId));
    },
  },
  {
    name: 'favorites',
    describes: 'The businesses you saved as favourites.',
    collect: (db, userId) =>
      rowsOf(
        db,
        sql`
        SELECT f.company_id AS "companyId", c.name AS "companyName", f.created_at AS "createdAt"
          FROM favorites f JOIN companies c ON c.id = f.company_id WHERE f.user_id = ${userId} ORDER BY f.created_at`,
      ),
    // The companies' favourite counts move with the rows, as when a favourite is removed.
    erase: async (tx, { userId }) => {
      await tx.execute(sql`
        WITH gone AS (DELETE FROM favorites WHERE user_id = ${userId} RETURNING company_id)
        UPDATE companies c SET favorites_count = c.favorites_count - 1 FROM gone WHERE c.id = gone.company_id`);
    },
  },
  {
    name: 'lead-reports',
    describes: 'The bad-lead reports you made for your businesses, and how they were decided.',
    collect: (db, userId) => db.select().from(leadReports).where(eq(leadReports.reporterUserId, userId)),
  },
  {
    name: 'reports',
    describes: 'What you reported (listings, reviews, messages, photos), your notes, and what the moderators decided.',
    collect: (db, userId) =>
      db
        .select({
          id: moderationReports.id,
          itemType: moderationReports.itemType,
          itemId: moderationReports.itemId,
          item: moderationReports.itemLabel,
          reason: moderationReports.reason,
          note: moderationReports.note,
          outcome: moderationReports.outcome,
          outcomeReason: moderationReports.outcomeReason,
          decidedAt: moderationReports.decidedAt,
          createdAt: moderationReports.createdAt,
        })
        .from(moderationReports)
        .where(eq(moderationReports.reporterUserId, userId))
        .orderBy(moderationReports.id),
    // A report still counts in its case (its reporter is no longer anyone); the note, in the
    // reporter's own words, goes, from the report and from the case's history.
    erase: async (tx, { userId }) => {
      await tx.update(moderationReports).set({ note: null }).where(eq(moderationReports.reporterUserId, userId));
      await tx.execute(sql`
        UPDATE moderation_events SET detail = detail - 'note'
         WHERE actor_user_id = ${userId} AND kind = 'report' AND detail ? 'note'`);
    },
  },
  {
    name: 'moderation',
    describes:
      'Your listings, reviews, messages and photos that moderators decided on: the decision, its reason, and your appeal.',
    collect: (db, userId) =>
      db
        .select({
          caseId: moderationCases.id,
          itemType: moderationCases.itemType,
          itemId: moderationCases.itemId,
          status: moderationCases.status,
          decision: moderationCases.decision,
          decisionReason: moderationCases.decisionReason,
          decidedAt: moderationCases.decidedAt,
          appealText: moderationCases.appealText,
          appealedAt: moderationCases.appealedAt,
        })
        .from(moderationCases)
        .where(and(eq(moderationCases.authorUserId, userId), isNotNull(moderationCases.decision)))
        .orderBy(moderationCases.id),
    // The decision stays (it is about the item, which may stay hidden); the appeal, the author's
    // own words, goes. Found by who appealed, not by the case's author: a listing's case follows
    // the company to its next owner (the companies section may hand it over first).
    erase: async (tx, { userId }) => {
      await tx.execute(sql`
        UPDATE moderation_cases SET appeal_text = NULL
         WHERE id IN (SELECT case_id FROM moderation_events WHERE actor_user_id = ${userId} AND kind = 'appeal')`);
      await tx.execute(sql`
        UPDATE moderation_events SET detail = detail - 'text'
         WHERE actor_user_id = ${userId} AND kind = 'appeal' AND detail ? 'text'`);
    },
  },
  {
    name: 'claims',
    describes: 'The claim links you redeemed to take over a listing.',
    collect: (db, userId) =>
      db
        .select({
          companyId: claims.companyId,
          quoteId: claims.quoteId,
          redeemedAt: claims.redeemedAt,
          createdAt: claims.createdAt,
        })
        .from(claims)
        .where(eq(claims.redeemedByUserId, userId)),
  },
  {
    name: 'notices',
    describes:
      'The e-mails and texts we hold that were sent to your address or phone (links are removed once sent; texts to a phone another account also has are left out, as we cannot tell whose they were).',
    collect: async (db, userId) => {
      const [user] = await db.select({ email: users.email, phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
      if (!user) return [];
      return db
        .select({
          channel: notificationOutbox.channel,
          recipient: notificationOutbox.recipient,
          kind: notificationOutbox.kind,
          subject: notificationOutbox.subject,
          bodyText: notificationOutbox.bodyText,
          createdAt: notificationOutbox.createdAt,
          sentAt: notificationOutbox.sentAt,
          failedAt: notificationOutbox.failedAt,
        })
        .from(notificationOutbox)
        .where(recipientIs(userId, user.email, user.phone))
        .orderBy(notificationOutbox.createdAt, notificationOutbox.id);
    },
    erase: async (tx, { userId, email, phoneNumber }) => {
      await tx.delete(notificationOutbox).where(recipientIs(userId, email, phoneNumber));
    },
  },
  {
    name: 'sessions',
    describes: 'Where you are signed in: when, from which browser and address.',
    collect: (db, userId) =>
      db
        .select({
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          rememberMe: sessions.isPersistent,
          device: sessions.userAgent,
          address: sessions.ipAddress,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(sessions.createdAt),
    erase: async (tx, { userId }) => {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(authTokens).where(eq(authTokens.userId, userId));
    },
  },
  {
    name: 'images',
    describes: 'The images you uploaded (the stored original of each), listed here and included under images/.',
    collect: (db, userId) => rowsOf(db, originalObjectsOf(userId)),
    attachments: async (db, userId) =>
      (await rowsOf<{ id: string; contentType: string }>(db, originalObjectsOf(userId))).map((row) => ({
        path: imagePathOf(row.id, row.contentType),
        objectKey: row.id,
      })),
    // Uploads nobody else needs go (unattached ones, a deleted draft's); those still shown to
    // others — a listing's logo and photos, a sent request's images, a message's image — stay, no
    // longer linked to the account.
    erase: async (tx, ctx) => {
      const unused = await rowsOf<{ id: string; thumbnail_id: string | null }>(
        tx,
        sql`
        SELECT o.id, o.thumbnail_id FROM stored_objects o
         WHERE o.created_by_user_id = ${ctx.userId}
           AND NOT EXISTS (SELECT 1 FROM stored_objects t WHERE t.thumbnail_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM companies c WHERE c.logo_object_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM company_images ci WHERE ci.object_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM quote_images qi WHERE qi.object_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.image_object_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM company_credentials cc WHERE cc.document_object_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.image_url LIKE '%' || o.id || '%')
           AND NOT EXISTS (SELECT 1 FROM subcategories s WHERE s.image_url LIKE '%' || o.id || '%')`,
      );
      const ids = unused.flatMap((row) => [row.id, ...(row.thumbnail_id ? [row.thumbnail_id] : [])]);
      if (ids.length > 0) {
        await tx.delete(storedObjects).where(inArray(storedObjects.id, ids));
        ctx.objectKeys.push(...ids);
      }
      await tx.update(storedObjects).set({ createdByUserId: null }).where(eq(storedObjects.createdByUserId, ctx.userId));
    },
  },
  {
    name: 'data-exports',
    describes: 'Earlier copies of your data (erase only: the archive being downloaded is this one).',
    erase: async (tx, ctx) => {
      const gone = await tx
        .delete(dataExports)
        .where(eq(dataExports.userId, ctx.userId))
        .returning({ objectKey: dataExports.objectKey });
      ctx.objectKeys.push(...gone.flatMap((row) => (row.objectKey ? [row.objectKey] : [])));
    },
  },
  {
    name: 'records',
    describes: 'Administrators’ records about the account (erase only).',
    // An administrator's change to the account kept its name and address before and after: those
    // go, the fact that a change was made stays (an entry with neither, as the deletion's own, is
    // left as it is). Counts of failed sign-ins keyed by the address go.
    erase: async (tx, { userId, email }) => {
      await tx.execute(sql`
        UPDATE audit_log SET before = '{"erased":true}'::jsonb, after = '{"erased":true}'::jsonb
         WHERE entity_type = 'user' AND entity_id = ${String(userId)} AND (before IS NOT NULL OR after IS NOT NULL)`);
      await tx.execute(sql`DELETE FROM rate_limit_hits WHERE key IN (${email}, ${`user:${userId}`})`);
    },
  },
  {
    name: 'profile',
    describes: 'Your account: name, e-mail address, phone, notification choices and dates (never your password).',
    collect: (db, userId) =>
      db
        .select(profileColumns)
        .from(users)
        .where(eq(users.id, userId))
        .then((rows) => rows[0] ?? null),
    // Last: the row keeps its id (the ledger and other people's records point at it) and nothing
    // personal. Its first name becomes the words others see where it wrote something.
    erase: async (tx, { userId }) => {
      const [{ customer }] = (
        await tx.execute<{ customer: boolean }>(sql`
          SELECT (EXISTS (SELECT 1 FROM quotes WHERE user_id = ${userId})
                  OR EXISTS (SELECT 1 FROM ratings WHERE user_id = ${userId})) AS customer`)
      ).rows;
      await tx
        .update(users)
        .set({
          firstName: customer ? FORMER_CUSTOMER : FORMER_MEMBER,
          lastName: '',
          email: deletedEmailOf(userId),
          passwordHash: '!deleted',
          phoneNumber: null,
          isVerified: false,
          isAdmin: false,
          verifiedAt: null,
          emailNotifications: false,
          emailNotificationsQuotes: false,
          emailNotificationsMessages: false,
          textNotifications: false,
          textNotificationsQuotes: false,
          textNotificationsMessages: false,
          emailWeeklySummary: false,
          deletedAt: sql`coalesce(${users.deletedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
    },
  },
];

/** The address a deleted account holds instead of its own: unique, and no mail can reach it. */
export const deletedEmailOf = (userId: number) => `deleted-${userId}@deleted.invalid`;

/**
 * The notices of one account. Outbox rows hold only their recipient: an address is one account's
 * (addresses are unique), but a phone number is not, so texts count as the account's only while no
 * other account has its number — a shared phone's texts are never put in one account's copy nor
 * deleted with it (the outbox retention removes them).
 */
function recipientIs(userId: number, email: string, phone: string | null) {
  const toAddress = and(eq(notificationOutbox.channel, 'email'), eq(notificationOutbox.recipient, email));
  if (!phone) return toAddress;
  return or(
    toAddress,
    and(
      eq(notificationOutbox.channel, 'sms'),
      eq(notificationOutbox.recipient, phone),
      sql`NOT EXISTS (SELECT 1 FROM users other WHERE other.phone_number = ${phone} AND other.id <> ${userId})`,
    ),
  );
}

/** The archive's README.txt: what each file holds. */
export function archiveReadme(productName: string, createdAt: Date): string {
  const lines = PERSONAL_DATA_SECTIONS.filter((section) => section.collect !== undefined).map(
    (section) => `${section.name}.json — ${section.describes}`,
  );
  return [
    `Your data at ${productName}, as of ${createdAt.toISOString()}.`,
    '',
    'Each file is JSON; dates are in UTC (ISO 8601); amounts of money are in the currency’s smallest unit where named *Minor or *Cents.',
    '',
    ...lines,
    'images/ — the image files themselves, named by their id in images.json.',
    '',
  ].join('\n');
}
