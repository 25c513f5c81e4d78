/**
 * Load measured by the visit, not the request: each visitor asks for a visit's addresses together
 * (as a browser asks for the API calls that paint a screen) and the visit lasts until the last
 * answer. A page the server renders is a visit of one address; the same page painted by the
 * browser is a visit of its API calls. Each run is a worker thread (see visit-worker.ts).
 */
import type { Cleanup } from './cleanup';
import type { Measurement } from './load';
import { runTsWorker } from './ts-worker';

export interface VisitLoad {
  origin: string;
  /** Visits taken in turn, each a list of paths asked for together. */
  visits: string[][];
  /** Visitors at once, each starting its next visit when the last one ended. */
  visitors: number;
  durationSeconds: number;
}

export interface VisitJob extends VisitLoad {
  /** A request unanswered after this long fails its visit. */
  timeoutSeconds: number;
}

/** `ok` and `failed` count visits; p50 and p99 are a whole visit's time. Bounded like runLoad. */
export function runVisits(cleanup: Cleanup, load: VisitLoad): Promise<Measurement> {
  return runTsWorker<Measurement>(cleanup, {
    url: new URL('./visit-worker.ts', import.meta.url),
    workerData: { timeoutSeconds: 30, ...load } satisfies VisitJob,
    name: `visits of ${load.visits[0].join(' + ')}`,
    limitMs: (load.durationSeconds + 60) * 1000,
  });
}
