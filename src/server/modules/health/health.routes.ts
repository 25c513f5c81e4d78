import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '@/server/db/client';

const PROBE_INTERVAL_MS = 2_000;
/** A database that has not answered the probe within this is reported down (503). */
export const PROBE_TIMEOUT_MS = 3_000;

/**
 * Health answers from memory: a probe asks the database every 2 s in the background. Asking on
 * every request would queue health checks behind searches on the embedded database (one query at
 * a time), and a load balancer would take a busy node for a dead one.
 */
export class DatabaseProbe {
  private healthy = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly database: DatabaseHandle) {}

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.healthy = false;
  }

  get isHealthy(): boolean {
    return this.healthy;
  }

  private async check(): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.database.pool.query('SELECT 1'),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('database probe timed out')), PROBE_TIMEOUT_MS);
        }),
      ]);
      this.healthy = true;
    } catch {
      this.healthy = false;
    } finally {
      clearTimeout(timeout);
    }
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; isReady: () => boolean }> = async (
  app,
  { database, isReady },
) => {
  const probe = new DatabaseProbe(database);
  app.addHook('onReady', () => probe.start());
  app.addHook('onClose', async () => probe.stop());

  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!isReady() || !probe.isHealthy) return reply.status(503).send({ status: 'unavailable' as const });
      return { status: 'ok' as const };
    },
  );
};
