/**
 * One runner for all periodic work (docs/decisions/005-jobs-table.md): each job has a name, an interval,
 * a lease so that one node runs it at a time, and its last run (start, end, outcome, error) in the
 * `jobs` table. The clock lives in the database: a restart runs whatever is due at once and never
 * resets it; a job's failure is recorded and logged, never swallowed. Jobs run one after another,
 * so periodic work never takes more than one core.
 *
 * A small table-driven runner rather than pg-boss or graphile-worker:
 * docs/decisions/005-jobs-table.md says why.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/server/db/client';
import { BackgroundLoop } from '../background-loop';
import { finishJob, listJobs, makeJobDue, registerJobs, takeDueJobs, type JobRow } from './jobs.repository';

export interface Job {
  /** Unique, dotted by domain: `quotes.complete-idle`. */
  name: string;
  everySeconds: number;
  /** Longest a run may take before another node may take the job (default 10 minutes). */
  timeoutSeconds?: number;
  /** Does the work; the string it answers ("3 quotes completed") is kept as the run's result. */
  run(): Promise<string | void>;
}

/** How often the runner looks for due jobs; a due job waits at most this long. */
export const TICK_MS = 30_000;
const DEFAULT_TIMEOUT_SECONDS = 600;
const STOP_GRACE_MS = 5_000;

export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  /** Names this process, so that admins can tell which node holds a job. */
  readonly node = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly loop = new BackgroundLoop(
    () => this.runDue(),
    (error) => this.log.error({ err: error }, 'job runner pass failed'),
  );

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
    this.jobs.set(job.name, job);
  }

  /**
   * Registers the jobs' rows, runs what is due now, then looks again every TICK_MS. Called again
   * after more jobs were added, it registers those too.
   */
  async start(): Promise<void> {
    await registerJobs(
      this.db,
      [...this.jobs.values()].map((job) => ({ name: job.name, intervalSeconds: job.everySeconds })),
    );
    this.loop.start(TICK_MS);
  }

  /** Runs every due job now (after the current pass, if one is running). */
  poke(): void {
    this.loop.poke();
  }

  /** Resolves when the current pass (if any) is done. */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** Takes no more jobs; one still running after a grace is left to its lease (another node takes it later). */
  stop(): Promise<void> {
    return this.loop.stop(STOP_GRACE_MS);
  }

  /** The jobs' rows, for the admin screen. */
  list(): Promise<JobRow[]> {
    return listJobs(this.db, [...this.jobs.keys()]);
  }

  /** An admin's "run now": due at once, and this node looks. */
  async runNow(name: string): Promise<boolean> {
    if (!this.jobs.has(name)) return false;
    const found = await makeJobDue(this.db, name);
    this.poke();
    return found;
  }

  private async runDue(): Promise<void> {
    // Taken one at a time, so that a long job does not hold the others' leases while it runs.
    for (const job of this.jobs.values()) {
      if (this.loop.isStopped) return;
      const timeout = job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
      const [taken] = await takeDueJobs(this.db, [job.name], this.node, timeout);
      if (taken) await this.runOne(job);
    }
  }

  private async runOne(job: Job): Promise<void> {
    const started = performance.now();
    let outcome: { ok: boolean; result: string | null; error: string | null };
    try {
      const result = await job.run();
      outcome = { ok: true, result: result ?? null, error: null };
    } catch (error) {
      this.log.error({ err: error, job: job.name }, 'job failed');
      outcome = { ok: false, result: null, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    const durationMs = Math.round(performance.now() - started);
    await finishJob(this.db, job.name, this.node, { ...outcome, durationMs });
  }
}
