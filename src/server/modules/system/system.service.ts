/**
 * The admin's view of the machinery: each periodic job with its last run, the outbox's
 * queue and failures, and the two levers — run a job now, try a failed notice again. Both levers
 * are recorded in the audit log.
 */
import type { Db } from '@/server/db/client';
import { notFound } from '@/server/lib/app-error';
import type { JobRunner } from '@/server/platform/jobs/job-runner';
import type { JobRow } from '@/server/platform/jobs/jobs.repository';
import { readLastBackup } from '@/server/ops/last-backup';
import type { InstanceStatus, JobStatus, Notice, SystemStatus } from '@/shared/schemas/system';
import type { AuditService } from '../audit/audit.service';
import type { OutboxWorker } from '../notifications/outbox.service';
import type { SessionUser } from '../users/users.service';
import { readInstanceFigures } from './system.repository';

/** What the app knows of itself at start: its version, its database's kind, where its data is. */
export interface InstanceFacts {
  version: string;
  databaseKind: 'embedded' | 'postgres';
  dataDir: string;
  /** Migrations this code carries. */
  knownMigrations: number;
}

const NOTICE_LIST_LIMIT = 200;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toJobStatus(row: JobRow): JobStatus {
  const isRunning = row.lockedUntil !== null && row.lockedUntil.getTime() > Date.now();
  return {
    name: row.name,
    intervalSeconds: row.intervalSeconds,
    nextDueAt: row.nextDueAt.toISOString(),
    runningOn: isRunning ? row.lockedBy : null,
    lastStartedAt: iso(row.lastStartedAt),
    lastFinishedAt: iso(row.lastFinishedAt),
    lastOutcome: row.lastOutcome,
    lastSucceededAt: iso(row.lastSucceededAt),
    lastResult: row.lastResult,
    lastError: row.lastError,
    lastDurationMs: row.lastDurationMs,
    runs: row.runs,
    failures: row.failures,
  };
}

export class SystemService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobRunner,
    private readonly outbox: OutboxWorker,
    private readonly audit: AuditService,
    private readonly facts: InstanceFacts,
  ) {}

  async status(): Promise<SystemStatus> {
    const [instance, jobs, outbox] = await Promise.all([this.instance(), this.jobs.list(), this.outbox.summary()]);
    return { instance, jobs: jobs.map(toJobStatus), outbox };
  }

  private async instance(): Promise<InstanceStatus> {
    const figures = await readInstanceFigures(this.db);
    const backup = readLastBackup(this.facts.dataDir);
    return {
      version: this.facts.version,
      database: { kind: this.facts.databaseKind, serverVersion: figures.server_version, bytes: figures.database_bytes },
      migrations: {
        applied: figures.migrations_applied,
        known: this.facts.knownMigrations,
        lastAppliedAt: figures.last_migration_at === null ? null : new Date(figures.last_migration_at).toISOString(),
      },
      objects: { count: figures.objects, bytes: figures.object_bytes },
      lastBackup: backup && { at: backup.at, bytes: backup.bytes },
    };
  }

  async notices(status: 'failed' | 'queued' | 'sent'): Promise<Notice[]> {
    const rows = await this.outbox.notices(status, NOTICE_LIST_LIMIT);
    return rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: iso(row.sentAt),
      failedAt: iso(row.failedAt),
    }));
  }

  async runJobNow(actor: SessionUser, name: string): Promise<void> {
    if (!(await this.jobs.runNow(name))) throw notFound('No such job');
    await this.audit.record(this.db, { actorUserId: actor.id, action: 'job.run_now', entityType: 'job', entityId: name });
  }

  async retryNotice(actor: SessionUser, id: number): Promise<void> {
    if (!(await this.outbox.retry(id))) throw notFound('No failed notice with this id');
    await this.audit.record(this.db, { actorUserId: actor.id, action: 'notice.retry', entityType: 'notice', entityId: id });
  }
}
