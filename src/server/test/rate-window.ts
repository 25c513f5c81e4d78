/**
 * The write limits count in fixed windows aligned to the clock (src/server/lib/rate-limiter.ts,
 * decision 003): a test that fills a window and expects the next request refused must not run
 * across a window's end, where the count starts again and the wait is a few seconds. Waits (at
 * most `marginMs`) until the current window has at least that long to run.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export async function awayFromWindowEnd(windowSeconds: number, marginMs = 30_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await sleep(left + 250);
}
