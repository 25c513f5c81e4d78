/**
 * Realtime events leave services here and reach sockets through the hub. On a PostgreSQL server
 * they travel by NOTIFY, so a socket held by any app node hears about a write made on any other;
 * on the embedded database (one process, and NOTIFY does not cross its connections) they go
 * straight to the local hub.
 */
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerEventType, ServerEvents } from '@/shared/realtime-events';

/** Sessions whose sockets must close: these ones, or every one of a user but one. */
export type EndedSessions = { sessionIdHashes: string[] } | { userId: number; exceptSessionIdHash?: string };

/** Where events land on this node: the realtime hub's sockets (modules/realtime). */
export interface EventSink {
  send<K extends ServerEventType>(userId: number, type: K, data: ServerEvents[K]): void;
  closeSessions(ended: EndedSessions): void;
}

export interface EventBus {
  publish<K extends ServerEventType>(userIds: number[], type: K, data: ServerEvents[K]): Promise<void>;
  /** Closes the sockets of ended sessions on every node. */
  endSessions(ended: EndedSessions): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'lp_events';

/** A frame for some users' sockets, or (`s`) sessions whose sockets must close. */
type Envelope = { u: number[]; t: ServerEventType; d: unknown } | { s: EndedSessions };

function deliver(hub: EventSink, envelope: Envelope): void {
  if ('s' in envelope) {
    hub.closeSessions(envelope.s);
    return;
  }
  for (const userId of envelope.u) hub.send(userId, envelope.t, envelope.d as never);
}

export class LocalEventBus implements EventBus {
  constructor(private readonly hub: EventSink) {}

  async publish<K extends ServerEventType>(userIds: number[], type: K, data: ServerEvents[K]): Promise<void> {
    deliver(this.hub, { u: [...new Set(userIds)], t: type, d: data });
  }

  async endSessions(ended: EndedSessions): Promise<void> {
    deliver(this.hub, { s: ended });
  }

  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

export class PostgresEventBus implements EventBus {
  private listener: { client: pg.PoolClient; release: () => void } | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly hub: EventSink,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Payloads are ids and counts only, far below NOTIFY's 8,000-byte limit. */
  async publish<K extends ServerEventType>(userIds: number[], type: K, data: ServerEvents[K]): Promise<void> {
    const envelope: Envelope = { u: [...new Set(userIds)], t: type, d: data };
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(envelope)]);
  }

  /** Session ids are 64-character hashes: a logout's fits NOTIFY's 8,000 bytes with room to spare. */
  async endSessions(ended: EndedSessions): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ s: ended } satisfies Envelope)]);
  }

  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    let client: pg.PoolClient;
    try {
      // One pooled connection stays checked out for LISTEN for the app's lifetime.
      client = await this.pool.connect();
    } catch (error) {
      this.log.warn({ err: error }, 'realtime listener could not connect; retrying');
      this.scheduleRetry();
      return;
    }
    let released = false;
    // A pooled client may be released once; an error after close() must not release it again.
    const release = () => {
      if (released) return;
      released = true;
      client.release(true);
    };
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        deliver(this.hub, JSON.parse(message.payload) as Envelope);
      } catch (error) {
        this.log.warn({ err: error }, 'unreadable realtime event');
      }
    });
    // A lost listener reconnects: events published meanwhile are missed, and clients refetch
    // when their own socket reconnects.
    client.on('error', (error) => {
      if (this.listener?.client === client) this.listener = undefined;
      release();
      if (this.closed) return;
      this.log.warn({ err: error }, 'realtime listener lost its connection; reconnecting');
      this.scheduleRetry();
    });
    try {
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = { client, release };
    } catch (error) {
      this.log.warn({ err: error }, 'realtime listener could not LISTEN; retrying');
      release();
      this.scheduleRetry();
    }
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.listen();
    }, 1000);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      listener.release();
    }
  }
}
