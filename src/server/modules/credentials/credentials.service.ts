/**
 * Licences and insurances of a company. Its owner (or an admin) submits one with a document
 * image, replaces or removes it; an admin verifies or rejects it (a rejection needs a reason),
 * on the audit log and mailed to the owner. The document is a private stored object
 * (`credential_document`: the company's owner and admins only, access/object.policy.ts).
 * A periodic job turns verified credentials past their expiry date into expired and reminds the
 * owner once, CREDENTIAL_REMINDER_DAYS before. A change of the company's name or owner sends
 * verified ones back to `needs_recheck` (a trigger on companies, in the migration).
 */
import type { ManagedCompany } from '@/server/access/company.policy';
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError, badRequest, notFound } from '@/server/lib/app-error';
import type { SessionUser } from '@/server/modules/users/users.service';
import {
  CREDENTIAL_CHANGED_MESSAGE,
  CREDENTIAL_EXPIRED_MESSAGE,
  CREDENTIAL_REMINDER_DAYS,
  CredentialFieldsSchema,
  DOCUMENT_REQUIRED,
  MAX_CREDENTIALS_PER_COMPANY,
  TOO_MANY_CREDENTIALS,
  type Credential,
  type CredentialDecisionBody,
  type CredentialFields,
  type CredentialQueue,
  type CredentialStatus,
} from '@/shared/schemas/credentials';
import { objectUrlOf, QUOTE_IMAGE_TYPES, QUOTE_IMAGE_TYPES_MESSAGE } from '@/shared/schemas/upload';
import type { AuditService } from '../audit/audit.service';
import type { ImagesService } from '../images/images.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { OutboxWorker } from '../notifications/outbox.service';
import {
  credentialDecisionMail,
  credentialExpiredMail,
  credentialExpiredUncheckedMail,
  credentialExpiringMail,
  credentialRecheckMail,
} from './credential-mails';
import {
  companyToday,
  countCompanyCredentials,
  credentialCompanyId,
  decideCredential,
  deleteCredential,
  expirePastDue,
  findCredential,
  insertCredential,
  listCompanyCredentials,
  listCredentialQueue,
  lockCompanyRow,
  lockCredential,
  replaceCredential,
  shareCompanyRow,
  takeDueReminders,
  takeRecheckNotices,
  type RecheckNoticeRow,
  type CredentialRow,
  type NoticeRow,
} from './credentials.repository';

/** Photos and scans; no SVG (a document is never drawn by a script). */
const DOCUMENT_RULES = { allowed: QUOTE_IMAGE_TYPES, typesMessage: QUOTE_IMAGE_TYPES_MESSAGE };
const QUEUE_PAGE_SIZE = 20;
/** Statuses an administrator decides on. */
const WAITING: ReadonlySet<CredentialStatus> = new Set(['pending', 'needs_recheck']);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const toCredential = (row: CredentialRow): Credential => ({
  id: row.id,
  companyId: row.company_id,
  kind: row.kind,
  number: row.number,
  issuer: row.issuer,
  expiresOn: row.expires_on,
  status: row.status,
  decisionReason: row.decision_reason,
  decidedAt: iso(row.decided_at),
  documentUrl: objectUrlOf(row.document_object_id),
  documentThumbnailUrl: row.document_thumbnail_id ? objectUrlOf(row.document_thumbnail_id) : null,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/**
 * The multipart form's text fields, parsed with the shared schema: the first problem names its
 * field. Whether the date is still ahead depends on the company's zone: the service checks that.
 */
export function parseCredentialFields(fields: Record<string, string>): CredentialFields {
  const parsed = CredentialFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue.message, 'BAD_REQUEST', issue.path.map(String).join('.') || undefined);
  }
  return parsed.data;
}

export class CredentialsService {
  constructor(
    private readonly db: Db,
    private readonly images: ImagesService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxWorker,
    private readonly notifications: NotificationsService,
    private readonly appUrl: string,
  ) {}

  async list(company: ManagedCompany): Promise<Credential[]> {
    return (await listCompanyCredentials(this.db, company.id)).map(toCredential);
  }

  /** Refuses the 11th credential before its document is read (the transaction checks again). */
  async assertRoom(companyId: number): Promise<void> {
    if ((await countCompanyCredentials(this.db, companyId)) >= MAX_CREDENTIALS_PER_COMPANY) {
      throw new AppError('CREDENTIAL_LIMIT_REACHED', TOO_MANY_CREDENTIALS);
    }
  }

  /**
   * The expiry date must be after today where the company is (its owner's calendar, not UTC's):
   * checked before the document is processed.
   */
  private async assertExpiryAhead(companyId: number, fields: CredentialFields): Promise<void> {
    const today = await companyToday(this.db, companyId);
    if (today === undefined) throw notFound('Company not found');
    if (fields.expiresOn <= today) throw badRequest(CREDENTIAL_EXPIRED_MESSAGE, 'BAD_REQUEST', 'expiresOn');
  }

  async submit(actor: SessionUser, company: ManagedCompany, fields: CredentialFields, document: Buffer | undefined) {
    await this.assertExpiryAhead(company.id, fields);
    if (!document) throw badRequest(DOCUMENT_REQUIRED, 'BAD_REQUEST', 'document');
    const prepared = await this.images.prepare(document, DOCUMENT_RULES, 'credential_document', actor.id);
    try {
      const id = await this.db.transaction(async (tx) => {
        if (!(await lockCompanyRow(tx, company.id))) throw notFound('Company not found');
        if ((await countCompanyCredentials(tx, company.id)) >= MAX_CREDENTIALS_PER_COMPANY) {
          throw new AppError('CREDENTIAL_LIMIT_REACHED', TOO_MANY_CREDENTIALS);
        }
        await this.images.record(tx, prepared);
        const inserted = await insertCredential(tx, company.id, fields, prepared.answer.objectId, actor.id);
        await this.auditAdminChange(tx, actor, company, 'credential.submit', inserted, null, fields);
        return inserted;
      });
      return this.get(company.id, id);
    } catch (error) {
      await this.images.discard(prepared);
      throw error;
    }
  }

  /** New details, and a new document when one is sent; the credential waits for a decision again. */
  async replace(
    actor: SessionUser,
    company: ManagedCompany,
    credentialId: number,
    fields: CredentialFields,
    document: Buffer | undefined,
  ): Promise<Credential> {
    await this.assertExpiryAhead(company.id, fields);
    const prepared = document ? await this.images.prepare(document, DOCUMENT_RULES, 'credential_document', actor.id) : undefined;
    let purge: () => Promise<void>;
    try {
      purge = await this.db.transaction(async (tx) => {
        if (!(await lockCompanyRow(tx, company.id))) throw notFound('Company not found');
        const before = await findCredential(tx, company.id, credentialId);
        if (!before) throw notFound('Credential not found');
        if (prepared) await this.images.record(tx, prepared);
        const documentId = prepared?.answer.objectId ?? before.document_object_id;
        await replaceCredential(tx, company.id, credentialId, fields, documentId, actor.id);
        await this.auditAdminChange(tx, actor, company, 'credential.replace', credentialId, { status: before.status }, fields);
        return prepared ? this.images.deleteObject(tx, before.document_object_id) : async () => {};
      });
    } catch (error) {
      if (prepared) await this.images.discard(prepared);
      throw error;
    }
    // After the commit, outside the try: the new document is the credential's now, and a failure
    // to remove the old one's bytes must not discard it.
    await purge();
    return this.get(company.id, credentialId);
  }

  async remove(actor: SessionUser, company: ManagedCompany, credentialId: number): Promise<void> {
    const purge = await this.db.transaction(async (tx) => {
      const documentId = await deleteCredential(tx, company.id, credentialId);
      if (!documentId) throw notFound('Credential not found');
      await this.auditAdminChange(tx, actor, company, 'credential.delete', credentialId, { documentId }, null);
      return this.images.deleteObject(tx, documentId);
    });
    await purge();
  }

  private async get(companyId: number, id: number): Promise<Credential> {
    const row = await findCredential(this.db, companyId, id);
    if (!row) throw notFound('Credential not found');
    return toCredential(row);
  }

  /** The admin queue, 20 a page: waiting ones first. */
  async queue(query: { status?: CredentialStatus; page: number }): Promise<CredentialQueue> {
    const rows = await listCredentialQueue(this.db, query.status, QUEUE_PAGE_SIZE, (query.page - 1) * QUEUE_PAGE_SIZE);
    return {
      total: rows[0]?.total ?? 0,
      credentials: rows.map((row) => ({
        ...toCredential(row),
        companyName: row.company_name,
        ownerName: row.owner_name,
        ownerEmail: row.owner_email,
      })),
    };
  }

  /** An admin's decision on a waiting credential: verified, or rejected with a reason; audited and mailed. */
  async decide(admin: SessionUser, id: number, body: CredentialDecisionBody, now = new Date()): Promise<Credential> {
    const decided = await this.db.transaction(async (tx) => {
      const companyId = await credentialCompanyId(tx, id);
      if (companyId === undefined || !(await shareCompanyRow(tx, companyId))) throw notFound('Credential not found');
      const row = await lockCredential(tx, id);
      if (!row) throw notFound('Credential not found');
      if (!WAITING.has(row.status)) {
        throw new AppError('CREDENTIAL_ALREADY_DECIDED', `This credential was already decided (${row.status.replace('_', ' ')})`);
      }
      // A replaced document or a renamed company since the admin opened it: they would vouch for
      // what they never saw.
      if (new Date(row.updated_at).getTime() !== Date.parse(body.updatedAt)) {
        throw new AppError('CREDENTIAL_CHANGED', CREDENTIAL_CHANGED_MESSAGE);
      }
      const verified = body.decision === 'verify';
      // Its last day counts, on the company's calendar.
      if (verified && row.expires_on < row.company_today) {
        throw badRequest('This credential has expired: it cannot be verified; reject it instead', 'BAD_REQUEST', 'decision');
      }
      const status = verified ? 'verified' : 'rejected';
      await decideCredential(tx, id, { status, reason: body.reason, adminId: admin.id });
      await this.audit.record(tx, {
        actorUserId: admin.id,
        action: verified ? 'credential.verify' : 'credential.reject',
        entityType: 'company_credential',
        entityId: id,
        before: { status: row.status },
        after: { status, reason: body.reason, companyId: row.company_id },
      });
      if (row.owner_id !== null) {
        await this.notifications.mailUser(tx, row.owner_id, {
          kind: 'credential_decision',
          dedupeKey: `credential-decision:${id}:${now.getTime()}`,
          message: (email, words) => credentialDecisionMail(words, email, { ...this.notice(row), verified, reason: body.reason }),
        });
      }
      return row.company_id;
    });
    this.outbox.poke();
    return this.get(decided, id);
  }

  /**
   * The periodic job: verified credentials past their expiry date become expired (the owner is
   * told), and the owner is reminded once of each one expiring within CREDENTIAL_REMINDER_DAYS.
   * Both mark the rows in the statement that reads them and queue mails under dedupe keys of the
   * credential and its date, in one transaction: two nodes or a restart send one mail each.
   */
  async expireAndRemind(): Promise<string> {
    const { expired, reminded } = await this.db.transaction(async (tx) => {
      const expiredRows = await expirePastDue(tx);
      const dueRows = await takeDueReminders(tx, CREDENTIAL_REMINDER_DAYS);
      for (const row of expiredRows) {
        if (row.owner_id === null) continue;
        // "Its badge no longer shows" is only true of a verified one; one that lapsed while waiting
        // for an admin is told it will not be checked.
        await this.notifications.mailUser(
          tx,
          row.owner_id,
          row.was === 'verified'
            ? {
                kind: 'credential_expired',
                dedupeKey: `credential-expired:${row.id}:${row.expires_on}`,
                message: (email, words) => credentialExpiredMail(words, email, this.notice(row)),
              }
            : {
                kind: 'credential_expired_unchecked',
                dedupeKey: `credential-expired-unchecked:${row.id}:${row.expires_on}`,
                message: (email, words) => credentialExpiredUncheckedMail(words, email, this.notice(row)),
              },
        );
      }
      for (const row of dueRows) {
        if (row.owner_id === null) continue;
        await this.notifications.mailUser(tx, row.owner_id, {
          kind: 'credential_expiring',
          dedupeKey: `credential-reminder:${row.id}:${row.expires_on}`,
          message: (email, words) =>
            credentialExpiringMail(words, email, { ...this.notice(row), days: CREDENTIAL_REMINDER_DAYS }),
        });
      }
      return { expired: expiredRows.length, reminded: dueRows.length };
    });
    if (expired + reminded > 0) this.outbox.poke();
    return `${expired} credentials expired, ${reminded} expiry reminders queued`;
  }

  /**
   * The periodic job (every minute): a change of a company's name or owner sent its verified
   * credentials back to a re-check (the trigger flagged them); its current owner gets one mail per
   * company and change, listing them. Unflagged in the transaction that queues the mail.
   */
  async sendRecheckNotices(): Promise<string> {
    const companies = await this.db.transaction(async (tx) => {
      const byCompany = new Map<number, RecheckNoticeRow[]>();
      for (const row of await takeRecheckNotices(tx))
        byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row]);
      for (const [companyId, rows] of byCompany) {
        const ownerId = rows[0].owner_id;
        if (ownerId === null) continue;
        const changedAt = Math.max(...rows.map((row) => new Date(row.updated_at).getTime()));
        await this.notifications.mailUser(tx, ownerId, {
          kind: 'credential_recheck',
          dedupeKey: `credential-recheck:${companyId}:${changedAt}`,
          message: (email, words) =>
            credentialRecheckMail(words, email, {
              companyName: rows[0].company_name,
              credentials: rows,
              url: this.manageUrl(companyId),
            }),
        });
      }
      return byCompany.size;
    });
    if (companies > 0) this.outbox.poke();
    return `${companies} companies told of credentials to re-check`;
  }

  private manageUrl(companyId: number) {
    return `${this.appUrl}/profile?tab=credentials&company=${companyId}`;
  }

  private notice(row: Pick<NoticeRow, 'kind' | 'number' | 'expires_on' | 'company_id' | 'company_name'>) {
    return {
      companyName: row.company_name,
      kind: row.kind,
      number: row.number,
      expiresOn: row.expires_on,
      url: this.manageUrl(row.company_id),
    };
  }

  private async auditAdminChange(
    tx: DbOrTx,
    actor: SessionUser,
    company: ManagedCompany,
    action: string,
    credentialId: number,
    before: unknown,
    after: unknown,
  ) {
    if (!company.asAdmin) return;
    await this.audit.record(tx, {
      actorUserId: actor.id,
      action,
      entityType: 'company_credential',
      entityId: credentialId,
      before,
      after,
    });
  }
}
