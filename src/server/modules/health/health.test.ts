import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/server/db/client';
import { openTestDatabase } from '@/server/test/test-database';
import { DatabaseProbe } from './health.routes';

describe('the database probe behind /api/health', () => {
  it('is healthy while the database answers and unhealthy once it stops', async () => {
    const database = await openTestDatabase();
    const probe = new DatabaseProbe(database);
    await probe.start();
    expect(probe.isHealthy).toBe(true);
    await database.close();
    await (probe as unknown as { check(): Promise<void> }).check();
    expect(probe.isHealthy).toBe(false);
    probe.stop();
  });

  it('is unhealthy when a probe hangs past its time-out', async () => {
    const hanging = { pool: { query: () => new Promise(() => {}) } } as unknown as DatabaseHandle;
    const probe = new DatabaseProbe(hanging);
    const started = Date.now();
    await probe.start();
    expect(probe.isHealthy).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    probe.stop();
  }, 15_000);
});
