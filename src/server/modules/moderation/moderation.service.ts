/**
 * Reports and the moderation queue.
 *
 * - Anyone signed in reports a listing, a review, a company photo, or a message of a conversation
 *   they take part in but did not send; never their own item; once per item. Reporting changes
 *   nothing the public sees: a reported review stays up until an admin decides, so a business
 *   cannot bury a bad review by reporting it.
 * - Reports of one item gather in its case. An admin decides with a reason: keep (nothing
 *   changes), hide (gone from public view; the author is told why and may appeal once, which
 *   sends the case back as appealed; the decision after it is final) or remove (a review or photo
 *   deleted, a message's words and image erased, a listing deactivated for good).
 * - An author's edit of a hidden listing or review reopens its case (db/moderated-items.ts).
 * - Each decision is on the audit log with the item's state before and after, and is mailed to
 *   the reporters it answers and, for a hide or removal (or any decision after an appeal), to the
 *   author; every mail goes through the outbox in the decision's transaction.
 */
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError, badRequest, notFound } from '@/server/lib/app-error';
import { moderatedItemMail, reportOutcomeMail, type MailWords } from '@/server/platform/mail/templates';
import {
  ALREADY_APPEALED_MESSAGE,
  ALREADY_REPORTED_MESSAGE,
  CASE_DECIDED_MESSAGE,
  REMOVED_MESSAGE_PLACEHOLDER,
  type AppealBody,
  type ModeratedItem,
  type ModerationCase,
  type ModerationCaseStatus,
  type ModerationDecisionBody,
  type ModerationItemType,
  type ModerationQueue,
  type Report,
  type ReportBody,
} from '@/shared/schemas/moderation';
import { objectUrlOf } from '@/shared/schemas/upload';
import type { EventBus } from '@/server/platform/events/event-bus';
import type { AuditService } from '../audit/audit.service';
import type { ImagesService } from '../images/images.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SessionUser } from '../users/users.service';
import {
  answerReports,
  countReportsOfEach,
  deletePhoto,
  eraseMessage,
  findCase,
  findItem,
  insertEvent,
  insertReport,
  listAuthorRecords,
  listCaseEvents,
  listCaseReports,
  listCases,
  listCompanyContexts,
  listMessagesAround,
  listModeratedItemsOf,
  listPhotoContexts,
  listReviewContexts,
  listReportsOf,
  lockCase,
  lockCompanyRow,
  setCaseAppealed,
  setCaseDecision,
  setCompanyModeration,
  setMessageModeration,
  setPhotoModeration,
  upsertCase,
  type CaseRow,
  type CompanyContextRow,
  type ContextMessageRow,
  type ItemFacts,
  type PhotoContextRow,
  type ReportRow,
  type ReviewContextRow,
} from './moderation.repository';

export type { CaseRow } from './moderation.repository';

const PAGE_SIZE = 20;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Where a review is hidden, shown again or removed, with the company's figures kept exact (modules/ratings). */
export interface ReviewModerator {
  setHiddenByModerator(tx: DbOrTx, ratingId: number, companyId: number, hidden: boolean): Promise<void>;
  removeByModerator(tx: DbOrTx, ratingId: number, companyId: number): Promise<void>;
}

export const toReport = (row: ReportRow): Report => ({
  id: row.id,
  itemType: row.item_type,
  itemId: Number(row.item_id),
  itemLabel: row.item_label,
  reason: row.reason,
  note: row.note,
  status: row.outcome === null ? 'open' : 'decided',
  outcome: row.outcome,
  outcomeReason: row.outcome_reason,
  decidedAt: iso(row.decided_at),
  createdAt: new Date(row.created_at).toISOString(),
});

export const toCase = (row: CaseRow): ModerationCase => ({
  id: row.id,
  itemType: row.item_type,
  itemId: Number(row.item_id),
  status: row.status,
  decision: row.decision,
  decisionReason: row.decision_reason,
  decidedAt: iso(row.decided_at),
  appealText: row.appeal_text,
  appealedAt: iso(row.appealed_at),
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

function labelOf(type: ModerationItemType, item: ItemFacts): string {
  switch (type) {
    case 'company':
      return `the listing ${item.companyName}`;
    case 'review':
      return `a review of ${item.companyName}`;
    case 'photo':
      return `a photo of ${item.companyName}`;
    case 'message':
      return `a message about "${item.message?.quoteName ?? ''}" (${item.companyName})`;
  }
}

const canAppeal = (row: CaseRow) => row.decision === 'hide' && row.status === 'decided' && row.appealed_at === null;

export class ModerationService {
  constructor(
    private readonly db: Db,
    private readonly appUrl: string,
    private readonly reviews: ReviewModerator,
    private readonly images: ImagesService,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly events: EventBus,
  ) {}

  async report(actor: SessionUser, body: ReportBody): Promise<Report> {
    const row = await this.db.transaction(async (tx) => {
      const item = await findItem(tx, body.itemType, body.itemId, false);
      if (!item) throw notFound('There is no such item to report');
      this.assertReportable(actor, body.itemType, item);
      const found = await upsertCase(tx, {
        itemType: body.itemType,
        itemId: body.itemId,
        companyId: item.companyId,
        authorUserId: item.authorUserId,
      });
      // An item already hidden: the report is answered at once with the standing decision.
      const standing =
        found.status === 'decided' && found.decision !== null && found.decision !== 'keep'
          ? { decision: found.decision, reason: found.decision_reason }
          : undefined;
      const inserted = await insertReport(tx, {
        caseId: found.id,
        reporterUserId: actor.id,
        itemType: body.itemType,
        itemId: body.itemId,
        itemLabel: labelOf(body.itemType, item),
        reason: body.reason,
        note: body.note,
        outcome: standing,
      });
      if (!inserted) throw new AppError('ALREADY_REPORTED', ALREADY_REPORTED_MESSAGE);
      await insertEvent(tx, {
        caseId: found.id,
        kind: 'report',
        actorUserId: actor.id,
        detail: { reason: body.reason, note: body.note },
      });
      return inserted;
    });
    return toReport(row);
  }

  async myReports(actor: SessionUser): Promise<Report[]> {
    return (await listReportsOf(this.db, actor.id)).map(toReport);
  }

  async myModeratedItems(actor: SessionUser): Promise<ModeratedItem[]> {
    const rows = await listModeratedItemsOf(this.db, actor.id);
    return rows.map((row) => ({
      caseId: row.id,
      itemType: row.item_type,
      itemId: Number(row.item_id),
      itemLabel: row.item_label ?? row.item_type,
      companyId: row.company_id,
      decision: row.decision === 'remove' ? 'remove' : 'hide',
      reason: row.decision_reason ?? '',
      decidedAt: iso(row.decided_at) ?? '',
      status: row.status,
      appealText: row.appeal_text,
      canAppeal: canAppeal(row),
    }));
  }

  /** The author's one appeal of a hide (the policy checked the author): the case goes back to the queue as appealed. */
  async appeal(actor: SessionUser, authored: CaseRow, body: AppealBody): Promise<ModerationCase> {
    const caseId = authored.id;
    const row = await this.db.transaction(async (tx) => {
      const found = await lockCase(tx, caseId);
      if (!found) throw notFound('Case not found');
      if (found.appealed_at !== null) throw new AppError('ALREADY_APPEALED', ALREADY_APPEALED_MESSAGE);
      if (found.decision !== 'hide' || found.status !== 'decided') {
        throw badRequest('Only an item a moderator hid can be appealed, once the decision is made', 'APPEAL_NOT_ALLOWED');
      }
      const appealed = await setCaseAppealed(tx, caseId, body.text);
      await insertEvent(tx, { caseId, kind: 'appeal', actorUserId: actor.id, detail: { text: body.text } });
      return appealed;
    });
    return toCase(row);
  }

  async decide(admin: SessionUser, caseId: number, body: ModerationDecisionBody): Promise<ModerationCase> {
    const { row, purge, message } = await this.db.transaction(async (tx) => {
      const found = await lockCase(tx, caseId);
      if (!found) throw notFound('Case not found');
      if (found.status === 'decided') throw new AppError('MODERATION_CASE_DECIDED', CASE_DECIDED_MESSAGE);
      const afterAppeal = found.status === 'appealed';
      // A review's company first, in the order the ratings service locks them.
      if (found.item_type === 'review' && found.company_id !== null) await lockCompanyRow(tx, found.company_id);
      const item = await findItem(tx, found.item_type, Number(found.item_id), true);
      const before = item?.moderationState ?? (item ? 'visible' : 'gone');
      const purgeObject = item ? await this.apply(tx, found, item, body.decision) : async () => {};
      const decided = await setCaseDecision(tx, caseId, { decision: body.decision, reason: body.reason, adminId: admin.id });
      await insertEvent(tx, {
        caseId,
        kind: 'decision',
        actorUserId: admin.id,
        detail: { decision: body.decision, reason: body.reason, afterAppeal },
      });
      const after = !item ? 'gone' : body.decision === 'keep' ? 'visible' : body.decision === 'hide' ? 'hidden' : 'removed';
      await this.audit.record(tx, {
        actorUserId: admin.id,
        action: `moderation.${body.decision}`,
        entityType: `moderation_${found.item_type}`,
        entityId: Number(found.item_id),
        before: { caseId, status: found.status, decision: found.decision, item: before },
        after: { caseId, status: 'decided', decision: body.decision, reason: body.reason, item: after },
      });
      await this.tellReporters(tx, decided, afterAppeal);
      if (item && (body.decision !== 'keep' || afterAppeal || before === 'hidden')) {
        await this.tellAuthor(tx, decided, item);
      }
      const message = item?.message && { ...item.message, companyId: item.companyId ?? 0 };
      return { row: decided, purge: purgeObject, message };
    });
    await purge();
    this.notifications.flush();
    // Both sides' open threads fetch the message again: the other party no longer reads hidden words.
    if (message) {
      await this.events.publish([message.customerId, ...(message.ownerId ? [message.ownerId] : [])], 'message_moderated', {
        quoteId: message.quoteId,
        companyId: message.companyId,
        messageId: Number(row.item_id),
      });
    }
    return toCase(row);
  }

  async queue(status: ModerationCaseStatus, page: number): Promise<ModerationQueue> {
    const rows = await listCases(this.db, status, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    // The page's context in one statement per kind of row, whatever the number of cases on it.
    const ids = rows.map((row) => row.id);
    const itemIds = (type: ModerationItemType) => rows.filter((row) => row.item_type === type).map((row) => Number(row.item_id));
    const companyIds = [...new Set(rows.flatMap((row) => (row.company_id === null ? [] : [row.company_id])))];
    const [reports, events, authors, companies, reviews, photos, messages] = await Promise.all([
      listCaseReports(this.db, ids),
      listCaseEvents(this.db, ids),
      listAuthorRecords(
        this.db,
        rows.filter((row) => row.author_user_id !== null).map((row) => row.id),
      ),
      listCompanyContexts(this.db, companyIds),
      listReviewContexts(this.db, itemIds('review')),
      listPhotoContexts(this.db, itemIds('photo')),
      listMessagesAround(this.db, itemIds('message')),
    ]);
    const reporterRecords = await countReportsOfEach(this.db, [...new Set(reports.map((r) => r.reporter_user_id))]);
    const context: PageContext = {
      companies: new Map(companies.map((c) => [c.id, c])),
      reviews: new Map(reviews.map((r) => [r.id, r])),
      photos: new Map(photos.map((p) => [p.id, p])),
      messages: groupBy(messages, (m) => m.target_id),
    };
    const reportsOf = groupBy(reports, (r) => r.case_id);
    const eventsOf = groupBy(events, (e) => e.case_id);
    const authorOf = new Map(authors.map((a) => [a.case_id, a]));
    const cases = rows.map((row) => {
      const author = authorOf.get(row.id);
      return {
        ...toCase(row),
        item: this.context(row, context),
        reports: (reportsOf.get(row.id) ?? []).map((r) => ({
          id: r.id,
          reason: r.reason,
          note: r.note,
          createdAt: new Date(r.created_at).toISOString(),
          reporter: {
            id: r.reporter_user_id,
            name: r.reporter_name,
            email: r.reporter_email,
            ...(reporterRecords.get(r.reporter_user_id) ?? { reportsMade: 0, reportsUpheld: 0 }),
          },
        })),
        author: author
          ? {
              id: author.id,
              name: author.name,
              email: author.email,
              accountCreatedAt: new Date(author.created_at).toISOString(),
              earlierHidden: author.earlier_hidden,
              earlierRemoved: author.earlier_removed,
            }
          : null,
        history: (eventsOf.get(row.id) ?? []).map((e) => ({
          kind: e.kind,
          actorName: e.actor_name,
          detail: e.detail,
          createdAt: new Date(e.created_at).toISOString(),
        })),
      };
    });
    return { total: rows[0]?.total ?? 0, cases };
  }

  /** Who may report what: never one's own item; a message only as the other party of its conversation. */
  private assertReportable(actor: SessionUser, type: ModerationItemType, item: ItemFacts) {
    if (item.moderationState === 'removed') throw badRequest('A moderator already removed this', 'ITEM_NOT_REPORTABLE');
    if (type === 'message' && item.message) {
      const { customerId, ownerId, senderType } = item.message;
      if (senderType === 'system') throw badRequest('Notes from the product cannot be reported', 'ITEM_NOT_REPORTABLE');
      const side = actor.id === customerId ? 'user' : actor.id === ownerId ? 'company' : undefined;
      if (side === undefined) {
        throw new AppError('REPORT_NOT_PARTY', 'Only the people in this conversation can report its messages');
      }
      if (side === senderType || item.authorUserId === actor.id) {
        throw new AppError('REPORT_OWN_ITEM', 'You cannot report your own message');
      }
      return;
    }
    if (item.authorUserId === actor.id) {
      // Each refusal written whole: its translation is found by its words.
      const refusal = {
        company: 'You cannot report your own business',
        review: 'You cannot report your own review',
        photo: 'You cannot report your own photo',
        message: 'You cannot report your own message',
      }[type];
      throw new AppError('REPORT_OWN_ITEM', refusal);
    }
  }

  /** What the decision does to the item; answers the deletion of a stored object, to run after commit. */
  private async apply(
    tx: DbOrTx,
    found: CaseRow,
    item: ItemFacts,
    decision: ModerationDecisionBody['decision'],
  ): Promise<() => Promise<void>> {
    const id = Number(found.item_id);
    const none = async () => {};
    if (item.moderationState === 'removed') return none;
    const hide = decision === 'hide';
    switch (found.item_type) {
      case 'company':
        if (decision === 'remove') await setCompanyModeration(tx, id, 'removed');
        else if (hide || item.moderationState === 'hidden') await setCompanyModeration(tx, id, hide ? 'hidden' : null);
        return none;
      case 'review':
        if (decision === 'remove') await this.reviews.removeByModerator(tx, id, item.companyId ?? 0);
        else if (hide !== (item.moderationState === 'hidden')) {
          await this.reviews.setHiddenByModerator(tx, id, item.companyId ?? 0, hide);
        }
        return none;
      case 'photo':
        if (decision === 'remove') {
          const objectId = await deletePhoto(tx, id);
          return objectId ? this.images.deleteObject(tx, objectId) : none;
        }
        await setPhotoModeration(tx, id, hide ? 'hidden' : null);
        return none;
      case 'message':
        if (decision === 'remove') {
          const imageId = await eraseMessage(tx, id, REMOVED_MESSAGE_PLACEHOLDER);
          return imageId ? this.images.deleteObject(tx, imageId) : none;
        }
        await setMessageModeration(tx, id, hide ? 'hidden' : null);
        return none;
    }
  }

  private async tellReporters(tx: DbOrTx, decided: CaseRow, afterAppeal: boolean) {
    const outcome = decided.decision ?? 'keep';
    const reason = decided.decision_reason ?? '';
    const answered = await answerReports(tx, decided.id, outcome, reason);
    const round = afterAppeal ? 'appeal' : (iso(decided.decided_at) ?? '');
    // The reporters' addresses in one look-up, however many reported the item.
    await this.notifications.mailUsers(
      tx,
      answered.map((report) => ({
        userId: report.reporter_user_id,
        kind: 'report_outcome',
        dedupeKey: `report-outcome:${report.id}:${round}`,
        message: (email: string, words: MailWords) =>
          reportOutcomeMail(words, email, {
            itemLabel: report.item_label,
            outcome,
            reason,
            url: `${this.appUrl}/profile?tab=reports`,
          }),
      })),
    );
  }

  private async tellAuthor(tx: DbOrTx, decided: CaseRow, item: ItemFacts) {
    if (decided.author_user_id === null) return;
    const itemLabel = ({ say }: MailWords) =>
      ({
        company: say('mail.moderated.item.company', { company: item.companyName }),
        review: say('mail.moderated.item.review', { company: item.companyName }),
        photo: say('mail.moderated.item.photo', { company: item.companyName }),
        message: say('mail.moderated.item.message', { quote: item.message?.quoteName ?? '' }),
      })[decided.item_type];
    await this.notifications.mailUser(tx, decided.author_user_id, {
      kind: 'moderation_decision',
      dedupeKey: `moderation-decision:${decided.id}:${iso(decided.decided_at) ?? ''}`,
      message: (email, words) =>
        moderatedItemMail(words, email, {
          itemLabel: itemLabel(words),
          decision: decided.decision ?? 'keep',
          reason: decided.decision_reason ?? '',
          canAppeal: canAppeal(decided),
          url: `${this.appUrl}/profile?tab=reports`,
        }),
    });
  }

  /** The item as the admin judges it, in its context. */
  private context(row: CaseRow, page: PageContext): ModerationQueue['cases'][number]['item'] {
    const id = Number(row.item_id);
    const company = row.company_id === null ? undefined : page.companies.get(row.company_id);
    const companyContext = company
      ? {
          id: company.id,
          name: company.name,
          description: company.description,
          city: company.city,
          state: company.state,
          categoryName: company.category_name,
          isActive: company.is_active,
          averageRating: company.average_rating,
          ratingsCount: company.ratings_count,
        }
      : null;
    const base = { company: companyContext, review: null, photo: null, conversation: null };
    switch (row.item_type) {
      case 'company':
        return { ...base, exists: company !== undefined, moderationState: company?.moderation_state ?? null };
      case 'review': {
        const review = page.reviews.get(id);
        return {
          ...base,
          exists: review !== undefined,
          moderationState: review?.moderation_state ?? null,
          review: review
            ? {
                rating: review.rating,
                comment: review.comment,
                authorName: review.author_name,
                createdAt: new Date(review.created_at).toISOString(),
              }
            : null,
        };
      }
      case 'photo': {
        const photo = page.photos.get(id);
        return {
          ...base,
          exists: photo !== undefined,
          moderationState: photo?.moderation_state ?? null,
          photo: photo ? { url: objectUrlOf(photo.object_id), caption: photo.caption } : null,
        };
      }
      case 'message': {
        const messages = page.messages.get(id) ?? [];
        const target = messages.find((m) => m.id === id);
        return {
          ...base,
          exists: target !== undefined,
          moderationState: target?.moderation_state ?? null,
          conversation: target
            ? {
                quoteId: target.quote_id,
                quoteName: target.quote_name,
                messages: messages.map((m) => ({
                  id: m.id,
                  senderType: m.sender_type,
                  senderName: m.sender_name,
                  message: m.message,
                  hasImage: m.has_image,
                  moderationState: m.moderation_state,
                  createdAt: new Date(m.created_at).toISOString(),
                  isReported: m.id === id,
                })),
              }
            : null,
        };
      }
    }
  }

  /** What the moderation policy reads (src/server/access/moderation.policy.ts). */
  findCaseRow(id: number): Promise<CaseRow | undefined> {
    return findCase(this.db, id);
  }
}

/** The queue page's items in their context, read once for the page (by id; messages by the reported one's id). */
interface PageContext {
  companies: Map<number, CompanyContextRow>;
  reviews: Map<number, ReviewContextRow>;
  photos: Map<number, PhotoContextRow>;
  messages: Map<number, ContextMessageRow[]>;
}

function groupBy<T>(rows: T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
