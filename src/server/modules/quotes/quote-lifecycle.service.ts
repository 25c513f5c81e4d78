/**
 * The quote lifecycle: the one place that moves a quote between statuses.
 *
 *   draft ──submit (customer)──▶ in_progress ──idle past the platform's timeout──▶ completed
 *     ▲                               │  ▲                                           │
 *     └───────────── an administrator may set any of the three ────────────────────┘
 *
 * The sweep completes every open quote idle past the timeout: in_progress, and `submitted` too
 * (a status older data and API clients may hold, counted as "In Progress" everywhere).
 *
 * Leaving draft fixes the quote's reply price (its category's cost then; a company that moves to
 * another category later still pays it) and, on submit, creates the claims of unowned listings
 * and every notice in the same transaction. The open statuses ("In Progress") are defined once in
 * shared/schemas/quote.ts.
 */
import type { Db, DbOrTx } from '@/server/db/client';
import { tryTransactionLock } from '@/server/db/locks';
import { badRequest, notFound } from '@/server/lib/app-error';
import type { AdminQuoteStatus } from '@/shared/schemas/admin';
import type { StoredAnswer } from '@/shared/schemas/questions';
import {
  NO_COMPANY_TAKES_JOB_MESSAGE,
  NO_COMPANY_TAKING_REQUESTS_MESSAGE,
  QUOTE_NEEDS_COMPANY_MESSAGE,
  QUOTE_NOT_DRAFT_MESSAGE,
  type QuoteCompanyLeftOut,
  type UpdateQuoteBody,
} from '@/shared/schemas/quote';
import type { AuditService } from '../audit/audit.service';
import type { ClaimsService } from '../claims/claims.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { customerDisplayName, type NamedSessionUser, type SessionUser } from '../users/users.service';
import {
  completeIdleQuotes,
  findQuoteRecipients,
  removeQuoteCompanies,
  setQuoteStatusRow,
  submitDraftRow,
  type QuoteRow,
} from './quotes.repository';

/** Advisory lock key of the inactivity sweep (any constant unique to this job). */
const INACTIVITY_SWEEP_LOCK = 4_042_001;

/** Where the sweep reads the platform's inactivity timeout (modules/settings). */
export interface InactivityTimeout {
  quoteInactivityDays(db?: DbOrTx): Promise<number>;
}

/** Where an administrator's status change forgets the hire of a request it reopens (modules/hires). */
export interface HireRecord {
  forgetHire(tx: DbOrTx, quoteId: number): Promise<void>;
}

/** Where a submission records the companies' lead preferences of the day (modules/leads). */
export interface LeadScopeRecorder {
  recordScopeAtSend(tx: DbOrTx, quoteId: number): Promise<void>;
}

export class QuoteLifecycleService {
  constructor(
    private readonly db: Db,
    private readonly claims: ClaimsService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly settings: InactivityTimeout,
    private readonly leadScope: LeadScopeRecorder,
    private readonly hires: HireRecord,
  ) {}

  /**
   * draft → in_progress: at least one company; the claims and notices commit with the change.
   * A company is sent only what it takes in, so that every coin a pro spends on a reply is one it
   * chose: companies that paused new requests, or whose service area or services (as they stand
   * now, recorded on each company) leave the job out, are left out and named in the answer with
   * why (the draft said so before sending); when none is left, nothing changes. `answers`, when
   * given, are the checked answers the request is sent with.
   */
  async submit(
    actor: NamedSessionUser,
    quote: QuoteRow,
    body: UpdateQuoteBody,
    answers?: StoredAnswer[],
  ): Promise<{ row: QuoteRow; skipped: { id: number; name: string; reason: QuoteCompanyLeftOut }[] }> {
    if (quote.status !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE, 'QUOTE_NOT_DRAFT');
    const submitted = await this.db.transaction(async (tx) => {
      const now = new Date();
      const row = await submitDraftRow(tx, quote.id, {
        quoteName: body.quoteName,
        description: body.description,
        ...(body.zip !== undefined && { zip: body.zip }),
        ...(body.subcategoryId !== undefined && { subcategoryId: body.subcategoryId }),
        ...(answers !== undefined && { answers }),
        status: 'in_progress',
        submittedAt: now,
        lastActivityAt: now,
      });
      // A racing submit won: the quote is no longer a draft.
      if (!row) throw badRequest(QUOTE_NOT_DRAFT_MESSAGE, 'QUOTE_NOT_DRAFT');
      // How each company's service area and services stand as it is sent, with the job's final
      // ZIP code and service; reports of the lead are judged by this record.
      await this.leadScope.recordScopeAtSend(tx, quote.id);
      const everyone = await findQuoteRecipients(tx, quote.id);
      if (everyone.length === 0) throw badRequest(QUOTE_NEEDS_COMPANY_MESSAGE, 'QUOTE_NEEDS_COMPANY');
      const recipients = everyone.filter((company) => company.leftOut === null);
      if (recipients.length === 0) {
        // Nothing is sent: the transaction (the status change included) rolls back.
        throw everyone.every((company) => company.leftOut === 'paused')
          ? badRequest(NO_COMPANY_TAKING_REQUESTS_MESSAGE, 'COMPANY_NOT_TAKING_REQUESTS')
          : badRequest(NO_COMPANY_TAKES_JOB_MESSAGE, 'NO_COMPANY_TAKES_JOB');
      }
      const skipped = everyone.flatMap((c) => (c.leftOut ? [{ id: c.companyId, name: c.companyName, reason: c.leftOut }] : []));
      await removeQuoteCompanies(
        tx,
        quote.id,
        skipped.map((company) => company.id),
      );
      const claimIds = await this.claims.createForQuote(tx, quote.id, recipients);
      const customerName = customerDisplayName(actor.firstName, actor.lastName);
      await this.notifications.quoteSubmitted(tx, { id: quote.id, quoteName: row.quoteName, customerName }, recipients, claimIds);
      return { row, skipped };
    });
    this.notifications.flush();
    return submitted;
  }

  /**
   * An administrator sets any status, on the audit log. A hired or closed request set to another
   * status than completed is no longer decided: its outcome goes, and a hire stops counting.
   */
  async setByAdmin(actor: SessionUser, quoteId: number, status: AdminQuoteStatus): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (status !== 'completed') await this.hires.forgetHire(tx, quoteId);
      const before = await setQuoteStatusRow(tx, quoteId, status);
      if (!before) throw notFound('Quote not found');
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'quote.status',
        entityType: 'quote',
        entityId: quoteId,
        before: { status: before },
        after: { status },
      });
    });
  }

  /**
   * Open quotes (submitted or in_progress) with no activity — no message, no submission — for the
   * platform's inactivity timeout become completed (0: never). One node at a time; answers the
   * quotes completed, undefined when another node holds the sweep.
   */
  async completeInactive(): Promise<number[] | undefined> {
    return this.db.transaction(async (tx) => {
      if (!(await tryTransactionLock(tx, INACTIVITY_SWEEP_LOCK))) return undefined;
      const days = await this.settings.quoteInactivityDays(tx);
      return days > 0 ? completeIdleQuotes(tx, days) : [];
    });
  }
}
