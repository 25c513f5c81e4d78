/**
 * Bad-lead reports. Within LEAD_REPORT_WINDOW_DAYS of paying for a reply, a pro reports the lead
 * with a fixed reason. A credit is for what the pro could not know before paying:
 * - a duplicate (the same job from the same customer, which the company already paid to answer —
 *   see the repository) is credited at once: the product can tell by itself;
 * - "outside my service area" and "wrong service" cannot be reported when the request, as sent,
 *   lay outside the company's recorded area or services: the cost notice said so before the pro
 *   paid. (Submitting a request leaves such companies out, so this concerns requests sent before
 *   or moved on by an administrator.) Otherwise they claim the job is not what it said, and an
 *   admin judges, like every other reason.
 * Every credit goes through the ledger under the reply's refund reference (the unread-reply refund's
 * too), so a lead is credited once whatever races; a credit closes the lead's conversation; every
 * decision is on the audit log and mailed to the pro.
 */
import type { Db, DbOrTx } from '@/server/db/client';
import type { ConversationParty } from '@/server/access/quote.policy';
import { AppError, badRequest, forbidden, notFound } from '@/server/lib/app-error';
import type { EventBus } from '@/server/platform/events/event-bus';
import {
  ALREADY_BACK_MESSAGE,
  ALREADY_DECIDED_MESSAGE,
  ALREADY_REPORTED_MESSAGE,
  DUPLICATE_LEAD_DAYS,
  LEAD_REPORT_REASON_LABELS,
  LEAD_REPORT_WINDOW_DAYS,
  NOT_PAID_MESSAGE,
  outsideAreaKnownMessage,
  wrongServiceKnownMessage,
  TOO_LATE_MESSAGE,
  type LeadReport,
  type LeadReportBody,
  type LeadReportDecisionBody,
  type LeadReportReason,
  type LeadReportStatus,
  type LeadReportState,
} from '@/shared/schemas/lead-reports';
import type { AuditService } from '../audit/audit.service';
import type { CoinsService } from '../coins/coins.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SessionUser } from '../users/users.service';
import {
  countReportsOf,
  countReportsOfEach,
  decideLeadReport,
  findLeadReport,
  findReportableLead,
  findReportParty,
  insertLeadReport,
  listLeadReports,
  lockLeadReport,
  type LeadReportRow,
  type ReportableLead,
} from './lead-reports.repository';

const DAY_MS = 86_400_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const toLeadReport = (row: LeadReportRow): LeadReport => ({
  id: row.id,
  quoteId: row.quote_id,
  companyId: row.company_id,
  reason: row.reason,
  note: row.note,
  status: row.status,
  coins: row.coins,
  automatic: row.status !== 'pending' && row.decided_by_user_id === null,
  decisionReason: row.decision_reason,
  decidedAt: iso(row.decided_at),
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * Why the coins of a reported lead come back without an admin, or null when the product cannot
 * tell: a duplicate of a request for the same job the company paid to answer in the
 * DUPLICATE_LEAD_DAYS before.
 */
function automaticCreditReason(reason: LeadReportReason, lead: ReportableLead, companyName: string): string | null {
  if (reason === 'duplicate' && lead.duplicate) {
    return `${companyName} already paid to answer the same customer's request for the same job in the ${DUPLICATE_LEAD_DAYS} days before this one`;
  }
  return null;
}

/**
 * The reasons this lead cannot be reported for, with why: what the cost notice showed before the
 * company paid (the job outside its recorded service area or services).
 */
function reasonsKnownBeforePaying(lead: ReportableLead): Partial<Record<LeadReportReason, string>> {
  return {
    ...(lead.outsideServiceArea === true && { outside_area: outsideAreaKnownMessage(lead.jobZip) }),
    ...(lead.outsideServices === true && { wrong_service: wrongServiceKnownMessage(lead.serviceName) }),
  };
}

/** Where a credit closes the lead's conversation (modules/messages). */
export interface CreditedLeadCloser {
  closeCreditedLead(tx: DbOrTx, quoteId: number, companyId: number): Promise<void>;
}

export class LeadReportsService {
  constructor(
    private readonly db: Db,
    private readonly coins: CoinsService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly events: EventBus,
    private readonly conversations: CreditedLeadCloser,
  ) {}

  /** The vendor's view of one lead: its report, whether it can be reported, the vendor's history. */
  async state(actor: SessionUser, party: ConversationParty, now = new Date()): Promise<LeadReportState> {
    this.assertVendor(party);
    const [quoteId, companyId] = [party.quote.id, party.company.id];
    const [report, lead, history] = await Promise.all([
      findLeadReport(this.db, quoteId, companyId),
      findReportableLead(this.db, quoteId, companyId, DUPLICATE_LEAD_DAYS),
      countReportsOf(this.db, actor.id),
    ]);
    return {
      report: report ? toLeadReport(report) : null,
      unavailable: report ? ALREADY_REPORTED_MESSAGE : this.unavailable(lead, now),
      reasonsUnavailable: reasonsKnownBeforePaying(lead),
      history,
    };
  }

  async report(actor: SessionUser, party: ConversationParty, body: LeadReportBody, now = new Date()): Promise<LeadReport> {
    this.assertVendor(party);
    const [quoteId, companyId] = [party.quote.id, party.company.id];
    const { row, credited } = await this.db.transaction(async (tx) => {
      const lead = await findReportableLead(tx, quoteId, companyId, DUPLICATE_LEAD_DAYS);
      const unavailable = this.unavailable(lead, now);
      if (unavailable) throw badRequest(unavailable, 'LEAD_NOT_REPORTABLE');
      const known = reasonsKnownBeforePaying(lead)[body.reason];
      if (known) throw badRequest(known, 'LEAD_REASON_KNOWN_BEFORE_PAYING');
      const inserted = await insertLeadReport(tx, {
        quoteId,
        companyId,
        reporterUserId: actor.id,
        reason: body.reason,
        note: body.note,
        coins: lead.coins,
      });
      if (!inserted) throw new AppError('LEAD_ALREADY_REPORTED', ALREADY_REPORTED_MESSAGE);
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'lead_report.create',
        entityType: 'lead_report',
        entityId: inserted.id,
        before: null,
        after: { quoteId, companyId, reason: body.reason },
      });
      // The cases the product can tell by itself.
      const reason = automaticCreditReason(body.reason, lead, party.company.name);
      if (reason) {
        const decider = { adminId: null, auditActorId: actor.id };
        const decided = await this.decide(tx, inserted, party, { credit: true, reason }, decider);
        return { row: decided, credited: decided.status === 'credited' };
      }
      return { row: inserted, credited: false };
    });
    this.notifications.flush();
    if (credited) await this.announceBalance(party.company.ownerId ?? actor.id);
    return toLeadReport(row);
  }

  /** An admin's decision on a pending report, with its reason; credited once at most. */
  async decideByAdmin(admin: SessionUser, reportId: number, body: LeadReportDecisionBody): Promise<LeadReport> {
    const { row, reporter } = await this.db.transaction(async (tx) => {
      const report = await lockLeadReport(tx, reportId);
      if (!report) throw notFound('Report not found');
      if (report.status !== 'pending') throw new AppError('LEAD_REPORT_DECIDED', ALREADY_DECIDED_MESSAGE);
      const party = await findReportParty(tx, report.quote_id, report.company_id);
      const decider = { adminId: admin.id, auditActorId: admin.id };
      return { row: await this.decide(tx, report, party, body, decider), reporter: report.reporter_user_id };
    });
    this.notifications.flush();
    if (row.status === 'credited' && reporter !== null) await this.announceBalance(reporter);
    return toLeadReport(row);
  }

  /** The admin queue, 20 a page, with each report's request, its first 50 messages and the reporter's history. */
  async queue(status: LeadReportStatus, page: number) {
    const limit = 20;
    const rows = await listLeadReports(this.db, status, limit, (page - 1) * limit);
    const reporters = [...new Set(rows.map((r) => r.reporter_user_id).filter((id): id is number => id !== null))];
    const histories = await countReportsOfEach(this.db, reporters);
    return {
      total: rows[0]?.total ?? 0,
      reports: rows.map((row) => ({
        ...toLeadReport(row),
        reasonLabel: LEAD_REPORT_REASON_LABELS[row.reason],
        quoteName: row.quote_name,
        quoteDescription: row.quote_description,
        companyName: row.company_name,
        customerName: row.customer_name,
        reporter: row.reporter_name === null ? null : { name: row.reporter_name, email: row.reporter_email ?? '' },
        messageCount: row.message_count,
        messages: row.messages.map((m) => ({
          senderType: m.sender_type,
          message: m.message,
          hasImage: m.has_image,
          createdAt: new Date(m.created_at).toISOString(),
        })),
        reporterHistory: row.reporter_user_id === null ? null : (histories.get(row.reporter_user_id) ?? null),
        job: {
          zip: row.job_zip,
          serviceName: row.service_name,
          outsideServiceArea: row.outside_service_area,
          outsideServices: row.outside_services,
        },
      })),
    };
  }

  private async decide(
    tx: DbOrTx,
    report: LeadReportRow,
    party: { quote: { id: number; quoteName: string }; company: { id: number; name: string; ownerId: number | null } },
    body: LeadReportDecisionBody,
    /** `adminId` null: the product decided by itself, on the reporter's action. */
    { adminId, auditActorId }: { adminId: number | null; auditActorId: number },
  ): Promise<LeadReportRow> {
    const payer = report.reporter_user_id ?? party.company.ownerId;
    // An accepted report closes the lead's conversation, first: its row lock orders the credit
    // against a message being sent (before, or refused after).
    if (body.credit) await this.conversations.closeCreditedLead(tx, report.quote_id, report.company_id);
    let status: Exclude<LeadReportStatus, 'pending'> = body.credit ? 'credited' : 'refused';
    if (body.credit && payer !== null) {
      // The reply's refund reference: the unread-reply refund uses it too, so one credit at most.
      // When that refund came first nothing moves now, and the report says so instead of "credited".
      const balance = await this.coins.refund(tx, {
        userId: payer,
        coins: report.coins,
        reference: `refund:${report.quote_id}:${report.company_id}`,
        quoteId: report.quote_id,
        companyId: report.company_id,
        note: `Bad lead (${LEAD_REPORT_REASON_LABELS[report.reason]}): ${body.reason}`,
      });
      if (balance === undefined) status = 'already_refunded';
    }
    const decided = await decideLeadReport(tx, report.id, {
      status,
      decidedByUserId: adminId,
      reason: body.reason,
    });
    await this.audit.record(tx, {
      actorUserId: auditActorId,
      action: adminId === null ? 'lead_report.auto_credit' : 'lead_report.decide',
      entityType: 'lead_report',
      entityId: report.id,
      before: { status: report.status },
      after: { status: decided.status, reason: body.reason, coins: status === 'credited' ? report.coins : 0 },
    });
    if (payer !== null) {
      await this.notifications.leadReportDecided(tx, {
        userId: payer,
        outcome: status,
        coins: report.coins,
        quoteId: report.quote_id,
        companyId: report.company_id,
        companyName: party.company.name,
        quoteName: party.quote.quoteName,
        reason: body.reason,
      });
    }
    return decided;
  }

  private unavailable(lead: { paidAt: Date | null; refunded: boolean }, now: Date): string | null {
    if (lead.paidAt === null) return NOT_PAID_MESSAGE;
    if (lead.refunded) return ALREADY_BACK_MESSAGE;
    if (now.getTime() - lead.paidAt.getTime() > LEAD_REPORT_WINDOW_DAYS * DAY_MS) return TOO_LATE_MESSAGE;
    return null;
  }

  private assertVendor(party: ConversationParty) {
    if (party.side !== 'company') throw forbidden('Only the company can report a lead');
  }

  private async announceBalance(userId: number) {
    await this.events.publish([userId], 'coin_balance_update', { newBalance: await this.coins.getBalance(userId) });
  }
}
