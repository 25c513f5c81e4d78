/** The admin's view of the machinery, so stalled or failing background work shows: periodic jobs and the notification outbox. */
import { z } from 'zod';
import { wholeNumberText } from './common';

export const JobStatusSchema = z.object({
  name: z.string(),
  intervalSeconds: z.number(),
  nextDueAt: z.string(),
  /** Set while a node runs it. */
  runningOn: z.string().nullable(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastOutcome: z.enum(['ok', 'failed']).nullable(),
  lastSucceededAt: z.string().nullable(),
  lastResult: z.string().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  runs: z.number(),
  failures: z.number(),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const OutboxSummarySchema = z.object({
  queued: z.number(),
  failed: z.number(),
  /** Seconds since the oldest notice still waiting was queued (0 when none waits). */
  oldestQueuedSeconds: z.number(),
});
export type OutboxSummary = z.infer<typeof OutboxSummarySchema>;

/** The instance itself: what runs, on what, how big, and when it was last backed up. */
export const InstanceStatusSchema = z.object({
  version: z.string(),
  database: z.object({ kind: z.enum(['embedded', 'postgres']), serverVersion: z.string(), bytes: z.number() }),
  /** Migrations applied to the database, of those this code knows. */
  migrations: z.object({ applied: z.number(), known: z.number(), lastAppliedAt: z.string().nullable() }),
  /** Stored objects the database records (photos, logos, attachments) and their bytes. */
  objects: z.object({ count: z.number(), bytes: z.number() }),
  /** The last `npm run backup` on this node, when known. */
  lastBackup: z.object({ at: z.string(), bytes: z.number() }).nullable(),
});
export type InstanceStatus = z.infer<typeof InstanceStatusSchema>;

export const SystemStatusSchema = z.object({
  instance: InstanceStatusSchema,
  jobs: z.array(JobStatusSchema),
  outbox: OutboxSummarySchema,
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export const NOTICE_STATUSES = ['failed', 'queued', 'sent'] as const;
export const NoticesQuerySchema = z.object({ status: z.enum(NOTICE_STATUSES).catch('failed').default('failed') });

export const NoticeSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const JobNameParamsSchema = z.object({ name: z.string().min(1).max(100) });
export const NoticeIdParamsSchema = z.object({ id: wholeNumberText(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) });
