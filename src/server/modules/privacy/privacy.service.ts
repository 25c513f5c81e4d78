/**
 * Personal data: a user's copy of everything the product holds about them (requested here, built
 * by the job `privacy.build-exports`, mailed as a link to a page whose button downloads it once, until it expires), deleting an
 * account (erased or anonymised section by section, personal-data.repository.ts), and the retention
 * of both (the jobs `privacy.export-retention` and `privacy.deleted-accounts-sweep`).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/lib/app-error';
import { randomToken, sha256, verifyPassword } from '@/server/lib/crypto';
import type { RateLimiter } from '@/server/lib/rate-limiter';
import { rateLimitRule, type RateLimitCounts } from '@/server/lib/rate-limits';
import type { EventBus } from '@/server/platform/events/event-bus';
import { dataExportMail, type MailWords } from '@/server/platform/mail/templates';
import type { ObjectStore } from '@/server/platform/objects/object-store';
import { DATA_EXPORT_PAGE } from '@/shared/constants';

/** A site name as part of a file name: lower-case letters, digits and hyphens ("Manchester Trades" → "manchester-trades"). */
const fileNamePart = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'data';
import {
  EXPORT_IN_PROGRESS_MESSAGE,
  EXPORT_LINK_EXPIRED_MESSAGE,
  EXPORT_LINK_UNKNOWN_MESSAGE,
  EXPORT_LINK_USED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type DataExportStatus,
} from '@/shared/schemas/privacy';
import type { AuditService } from '../audit/audit.service';
import { queueEmail, type OutboxWorker } from '../notifications/outbox.service';
import type { UserRow } from '../users/users.service';
import { archiveReadme, PERSONAL_DATA_SECTIONS, type ErasureContext, type PersonalDataSection } from './personal-data.repository';
import {
  clearArchiveKey,
  deleteSpentExportRows,
  expireOverdueExports,
  expireReadyExportsOf,
  findExportByToken,
  findLatestExportOf,
  findRecentlyDeletedUsers,
  findSpentArchives,
  findUser,
  insertPendingExport,
  lockUser,
  markExportFailed,
  markExportReady,
  setPendingArchiveKey,
  spendExportLink,
  takePendingExport,
  type DataExportRow,
} from './privacy.repository';

export const BUILD_EXPORTS_JOB = 'privacy.build-exports';
/** Longest one archive may take to build before another run may take it over. */
const BUILD_LEASE_SECONDS = 600;
const MAX_BUILD_ATTEMPTS = 3;
const RETRY_AFTER_FAILURE_SECONDS = 120;
/** Archives built per run, so one run never holds the job runner for long. */
const EXPORTS_PER_RUN = 10;
/** How long after a deletion the sweep applies the erasure again (a write that raced it). */
export const DELETED_ACCOUNT_SWEEP_DAYS = 7;

export interface PrivacyConfig {
  appUrl: string;
  linkHours: number;
  rateLimits: RateLimitCounts;
  /** The catalogue in a user's language, for the export's mail. */
  wordsFor: (language: string | null) => MailWords;
  /** The operator's site name now, which the archive and its README are named after. */
  siteName: () => string;
}

export interface DownloadableArchive {
  fileName: string;
  byteSize: number | null;
  body: Readable;
}

const newObjectKey = () => randomBytes(18).toString('base64url');

export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    private readonly outbox: OutboxWorker,
    private readonly events: EventBus,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditService,
    private readonly config: PrivacyConfig,
    /** Asks the job runner to build at once (the job also runs every minute on its own). */
    private readonly buildSoon: () => void = () => {},
    private readonly sections: PersonalDataSection[] = PERSONAL_DATA_SECTIONS,
  ) {}

  /** The operator's site name now (the data-export link's page is titled with it). */
  siteName(): string {
    return this.config.siteName();
  }

  // ───────────── the copy of one's data ─────────────

  async exportStatus(userId: number): Promise<DataExportStatus> {
    return this.statusOf(await findLatestExportOf(this.db, userId));
  }

  /** Asks for a copy; one in preparation at a time (409), the write limit counted by the route. */
  async requestExport(userId: number): Promise<DataExportStatus> {
    const row = await this.db.transaction(async (tx) => {
      const inserted = await insertPendingExport(tx, userId);
      if (!inserted) throw new AppError('EXPORT_IN_PROGRESS', EXPORT_IN_PROGRESS_MESSAGE);
      await expireReadyExportsOf(tx, userId, inserted.id);
      return inserted;
    });
    this.buildSoon();
    return this.statusOf(row);
  }

  private statusOf(row: DataExportRow | undefined): DataExportStatus {
    const base = { linkHours: this.config.linkHours };
    if (!row) return { ...base, status: 'none', requestedAt: null, mailedAt: null, expiresAt: null };
    const live = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > new Date();
    const status =
      row.status === 'pending'
        ? 'preparing'
        : row.status === 'ready'
          ? live
            ? 'mailed'
            : 'expired'
          : row.status === 'downloaded'
            ? 'downloaded'
            : row.status === 'failed'
              ? 'failed'
              : 'expired';
    return {
      ...base,
      status,
      requestedAt: row.createdAt.toISOString(),
      mailedAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
    };
  }

  /** The job: builds waiting archives, stores them and mails each link. */
  async buildPendingExports(): Promise<string> {
    let built = 0;
    let failed = 0;
    for (let i = 0; i < EXPORTS_PER_RUN; i += 1) {
      const row = await takePendingExport(this.db, BUILD_LEASE_SECONDS);
      if (!row) break;
      try {
        if (await this.buildOne(row)) built += 1;
      } catch (error) {
        failed += 1;
        const message = error instanceof Error ? error.message : String(error);
        await markExportFailed(this.db, row.id, message, row.attempts >= MAX_BUILD_ATTEMPTS, RETRY_AFTER_FAILURE_SECONDS);
      }
    }
    if (built > 0) this.outbox.poke();
    return `${built} data exports mailed${failed ? `, ${failed} failed` : ''}`;
  }

  private async buildOne(row: DataExportRow): Promise<boolean> {
    const user = await findUser(this.db, row.userId);
    if (!user || user.deletedAt) return false;
    // Written to a file, then streamed to the store: an account's images can far outweigh what
    // a job should hold in memory.
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'lp-export-'));
    try {
      const archiveFile = path.join(workDir, 'archive.zip');
      await this.writeArchive(row.userId, archiveFile);
      const { size: byteSize } = await stat(archiveFile);
      // The key is on the row before any byte is stored (an earlier attempt's is reused), so no
      // archive is ever in the store without a row that leads the retention to it.
      const objectKey = row.objectKey ?? newObjectKey();
      if (!(await setPendingArchiveKey(this.db, row.id, objectKey))) return false;
      await this.store.putFile(objectKey, archiveFile, 'application/zip');
      return await this.mailLink(row, objectKey, byteSize);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** Marks the stored archive ready and mails its link, to a live account only; false when the request went meanwhile. */
  private async mailLink(row: DataExportRow, objectKey: string, byteSize: number): Promise<boolean> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.config.linkHours * 3_600_000);
    const mailed = await this.db
      .transaction(async (tx) => {
        // The account's lock, as its deletion takes it first: a deletion that began meanwhile
        // either finished (no mail to the old address) or waits, and then erases this mail too.
        const owner = await lockUser(tx, row.userId);
        if (!owner || owner.deletedAt) return false;
        const ready = await markExportReady(tx, row.id, { tokenHash: sha256(token), objectKey, byteSize, expiresAt });
        if (!ready) return false;
        // A page, not the file: opening it (as mail scanners do) spends nothing; its button does.
        const url = `${this.config.appUrl}${DATA_EXPORT_PAGE}?token=${encodeURIComponent(token)}`;
        await queueEmail(tx, {
          kind: 'data_export',
          dedupeKey: `data-export:${row.id}`,
          message: dataExportMail(this.config.wordsFor(owner.language), owner.email, owner.firstName, url, this.config.linkHours),
        });
        return true;
      })
      .catch(async (error: unknown) => {
        // Nothing was mailed: the bytes go now rather than wait for the retry or the retention.
        await this.store.delete(objectKey).catch(() => undefined);
        throw error;
      });
    // The request went while the archive was built (the account was deleted): so do its bytes.
    if (!mailed) await this.store.delete(objectKey);
    return mailed;
  }

  /**
   * Writes the ZIP to `file`: one JSON file per section, the images under images/ (each streamed
   * from the store in turn, one open at a time), and a README.txt.
   */
  private async writeArchive(userId: number, file: string): Promise<void> {
    const zip = new yazl.ZipFile();
    const output = zip.outputStream as unknown as Readable; // a Node stream (its types say otherwise)
    const written = pipeline(output, createWriteStream(file));
    try {
      const now = new Date();
      zip.addBuffer(Buffer.from(archiveReadme(this.config.siteName(), now)), 'README.txt', { mtime: now });
      for (const section of this.sections) {
        if (section.collect) {
          const data = await section.collect(this.db, userId);
          zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), `${section.name}.json`, { mtime: now });
        }
        for (const attachment of (await section.attachments?.(this.db, userId)) ?? []) {
          const body = await this.store.get(attachment.objectKey);
          if (!body) continue; // the store lost it: listed in its section, not in the archive
          zip.addReadStream(body, attachment.path, { mtime: now, compress: false });
          // The archive takes its entries in order: this one is read before the next is opened.
          await finished(body);
        }
      }
      zip.end();
    } catch (error) {
      output.destroy(error as Error);
      await written.catch(() => undefined);
      throw error;
    }
    await written;
  }

  /** Whether a mailed link still works, without spending it (the /data-export page asks). */
  async checkLink(token: string): Promise<{ expiresAt: Date }> {
    const row = await findExportByToken(this.db, sha256(token));
    if (!row) throw new AppError('EXPORT_LINK_UNKNOWN', EXPORT_LINK_UNKNOWN_MESSAGE);
    if (row.status === 'downloaded') throw new AppError('EXPORT_LINK_USED', EXPORT_LINK_USED_MESSAGE);
    if (row.status !== 'ready' || !row.expiresAt || row.expiresAt <= new Date()) {
      throw new AppError('EXPORT_LINK_EXPIRED', EXPORT_LINK_EXPIRED_MESSAGE);
    }
    return { expiresAt: row.expiresAt };
  }

  /** Spends a mailed link and answers its archive; an unknown link is 404, a used or expired one 410. */
  async download(token: string): Promise<DownloadableArchive> {
    const row = await findExportByToken(this.db, sha256(token));
    if (!row) throw new AppError('EXPORT_LINK_UNKNOWN', EXPORT_LINK_UNKNOWN_MESSAGE);
    const spent = await spendExportLink(this.db, row.id);
    if (!spent) {
      if (row.status === 'downloaded') throw new AppError('EXPORT_LINK_USED', EXPORT_LINK_USED_MESSAGE);
      if (row.status === 'ready' && row.expiresAt && row.expiresAt > new Date()) {
        // Another request spent it between the two reads.
        throw new AppError('EXPORT_LINK_USED', EXPORT_LINK_USED_MESSAGE);
      }
      throw new AppError('EXPORT_LINK_EXPIRED', EXPORT_LINK_EXPIRED_MESSAGE);
    }
    const body = spent.objectKey ? await this.store.get(spent.objectKey) : undefined;
    if (!body) throw new AppError('EXPORT_LINK_EXPIRED', EXPORT_LINK_EXPIRED_MESSAGE);
    const day = (spent.readyAt ?? spent.createdAt).toISOString().slice(0, 10);
    return { fileName: `${fileNamePart(this.config.siteName())}-data-${day}.zip`, byteSize: spent.byteSize, body };
  }

  /** The job: links past their end expire, spent archives are deleted, and their rows a day later. */
  async pruneExports(): Promise<string> {
    const expired = await expireOverdueExports(this.db);
    const spent = await findSpentArchives(this.db, 500);
    for (const archive of spent) {
      await this.store.delete(archive.objectKey);
      await clearArchiveKey(this.db, archive.id);
    }
    const rows = await deleteSpentExportRows(this.db);
    return `${expired} links expired, ${spent.length} archives and ${rows} requests deleted`;
  }

  // ───────────── deleting the account ─────────────

  /**
   * Deletes `user`'s account once their password is confirmed. Wrong passwords count against the
   * same per-account budget as failed logins, so a session left open cannot be used to guess it.
   */
  async deleteAccount(user: UserRow, password: string): Promise<void> {
    const slot = await this.limiter.hit(rateLimitRule('loginPerAccount', this.config.rateLimits), user.email);
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new AppError('WRONG_PASSWORD', WRONG_PASSWORD_MESSAGE, { field: 'password' });
    }
    await this.limiter.refund(slot);
    await this.erase(user.id, { deletedBy: user.id });
    // Every open tab and socket of the account ends now (its sessions are gone already).
    await this.events.endSessions({ userId: user.id });
  }

  /**
   * Runs every section's erasure in one transaction; the bytes of deleted objects go after it. A
   * deletion (not the sweep's second pass) is on the audit record: who, and 'user.delete' — no
   * before or after, which would hold what was just erased.
   */
  async erase(userId: number, deletion?: { deletedBy: number }): Promise<void> {
    const objectKeys = await this.db.transaction(async (tx) => {
      const current = await lockUser(tx, userId);
      if (!current) return [];
      const ctx: ErasureContext = { userId, email: current.email, phoneNumber: current.phoneNumber, objectKeys: [] };
      for (const section of this.sections) await section.erase?.(tx, ctx);
      if (deletion && !current.deletedAt) {
        await this.audit.record(tx, {
          actorUserId: deletion.deletedBy,
          action: 'user.delete',
          entityType: 'user',
          entityId: userId,
        });
      }
      return ctx.objectKeys;
    });
    for (const key of objectKeys) await this.store.delete(key).catch(() => undefined);
  }

  /**
   * The job: applies the erasure again to accounts deleted in the last days, catching anything
   * written for them while the deletion ran (a session that was being created, a favourite).
   * Every rule is idempotent, so a second pass over an erased account changes nothing.
   */
  async sweepDeletedAccounts(): Promise<string> {
    const deleted = await findRecentlyDeletedUsers(this.db, DELETED_ACCOUNT_SWEEP_DAYS);
    for (const { id } of deleted) await this.erase(id);
    return `${deleted.length} recently deleted accounts checked`;
  }
}
