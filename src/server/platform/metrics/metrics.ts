/**
 * What an operator's Prometheus scrapes from GET /metrics, through prom-client: the
 * process (event-loop lag, memory, CPU, handles: its default metrics), every request (latency
 * histogram by route, method and status), the database pool and query time, and, read at scrape
 * time, the outbox, the periodic jobs, open sockets and the coins sold and spent.
 */
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the app reads at scrape time (kept as functions so that metrics depend on no module). */
export interface MetricsSources {
  pool: pg.Pool;
  outbox(): Promise<{ queued: number; failed: number; oldestQueuedSeconds: number }>;
  jobs(): Promise<{ name: string; lastSucceededAt: Date | null; lastOutcome: 'ok' | 'failed' | null }[]>;
  /** WebSockets this node holds. */
  sockets(): number;
  /** HTTP connections open on this node. */
  connections(): Promise<number>;
  /** Coins moved since the database began, by ledger reason (database-wide: the same on every node). */
  coins(): Promise<{ reason: string; coins: number }[]>;
}

/** Seconds, from a request's 1 ms to a slow search's 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly queries: Histogram<'outcome'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by route pattern, method and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.queries = new Histogram({
      name: 'localpros_db_query_duration_seconds',
      help: 'Time of each database statement from the pool, as the app waited for it.',
      labelNames: ['outcome'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    timeQueries(sources.pool, (seconds, failed) => this.queries.observe({ outcome: failed ? 'error' : 'ok' }, seconds));

    new Gauge({
      name: 'localpros_db_pool_connections',
      help: 'Database connections of this node, by state (waiting: requests queued for one).',
      labelNames: ['state'],
      registers,
      collect() {
        const { pool } = sources;
        this.set({ state: 'open' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    // A scrape collects every metric at once: two gauges from one read share it.
    const outbox = onePerScrape(() => sources.outbox());
    const jobs = onePerScrape(() => sources.jobs());
    new Gauge({
      name: 'localpros_outbox_notices',
      help: 'Mails and texts not sent: queued (still tried) or failed for good.',
      labelNames: ['state'],
      registers,
      async collect() {
        const summary = await outbox();
        this.set({ state: 'queued' }, summary.queued);
        this.set({ state: 'failed' }, summary.failed);
      },
    });
    new Gauge({
      name: 'localpros_outbox_oldest_queued_seconds',
      help: 'Age of the oldest queued notice (0 when none waits).',
      registers,
      async collect() {
        this.set((await outbox()).oldestQueuedSeconds);
      },
    });
    new Gauge({
      name: 'localpros_job_last_run_failed',
      help: '1 when the last run of the job failed.',
      labelNames: ['job'],
      registers,
      async collect() {
        for (const job of await jobs()) this.set({ job: job.name }, job.lastOutcome === 'failed' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'localpros_job_last_success_age_seconds',
      help: 'Seconds since the job last finished well (absent until it has).',
      labelNames: ['job'],
      registers,
      async collect() {
        this.reset();
        const now = Date.now();
        for (const job of await jobs()) {
          if (job.lastSucceededAt) this.set({ job: job.name }, (now - job.lastSucceededAt.getTime()) / 1000);
        }
      },
    });
    new Gauge({
      name: 'localpros_open_websockets',
      help: 'WebSockets held by this node.',
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    new Gauge({
      name: 'localpros_open_http_connections',
      help: 'HTTP connections open on this node.',
      registers,
      async collect() {
        this.set(await sources.connections());
      },
    });
    // Summing the ledger reads all of it: once a minute is plenty for a figure of the business.
    const coins = rememberedFor(60_000, () => sources.coins());
    new Gauge({
      name: 'localpros_coins',
      help: 'Coins moved since the database began, by ledger reason (purchase: sold; reply_charge: spent). The same on every node.',
      labelNames: ['reason'],
      registers,
      async collect() {
        for (const total of await coins()) this.set({ reason: total.reason }, total.coins);
      },
    });
  }

  observeRequest(labels: { method: string; route: string; status_code: number }, seconds: number): void {
    this.requests.observe(labels, seconds);
  }

  /** The text exposition format, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** `read`, called at most once while a call is under way (so once per scrape). */
function onePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= read().finally(() => {
      pending = undefined;
    }));
}

/** `read`'s answer, read again only once it is `ms` old. */
function rememberedFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at >= ms) {
      const value = read();
      last = { at: Date.now(), value };
      // A failed read is not remembered.
      value.catch(() => {
        if (last?.value === value) last = undefined;
      });
    }
    return last.value;
  };
}

const TIMED = Symbol('timed');
type TimedClient = pg.PoolClient & { [TIMED]?: true };

/**
 * Times every statement of the pool's connections: each is wrapped once, when first lent out
 * ('acquire' fires for pool.query and pool.connect alike). Promise and callback calls are timed;
 * a submittable (a cursor) is not.
 */
function timeQueries(pool: pg.Pool, observe: (seconds: number, failed: boolean) => void): void {
  pool.on('acquire', (client: TimedClient) => {
    if (client[TIMED]) return;
    client[TIMED] = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const started = process.hrtime.bigint();
      const done = (failed: boolean) => observe(Number(process.hrtime.bigint() - started) / 1e9, failed);
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          done(Boolean(error));
          (last as (error: unknown, result: unknown) => void)(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise)
        result.then(
          () => done(false),
          () => done(true),
        );
      return result;
    };
  });
}
