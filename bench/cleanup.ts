/**
 * Everything the bench starts (databases, servers, workers, child processes, temp directories)
 * registers how to undo it here; the steps run newest first on success, on failure and on
 * SIGINT/SIGTERM, each bounded in time so that one stuck step cannot keep the others from running.
 */
const STEP_TIMEOUT_MS = 20_000;

export class Cleanup {
  private readonly steps: { label: string; undo: () => unknown }[] = [];
  private chain: Promise<void> = Promise.resolve();

  /** Registers an undo step; answers a function that runs it now (once) and forgets it. */
  add(label: string, undo: () => unknown): () => Promise<void> {
    const step = { label, undo };
    this.steps.push(step);
    return async () => {
      const index = this.steps.indexOf(step);
      if (index === -1) return;
      this.steps.splice(index, 1);
      await runStep(step);
    };
  }

  /** Runs every step registered so far, newest first; calls queue behind each other. */
  run(): Promise<void> {
    this.chain = this.chain.then(async () => {
      while (this.steps.length > 0) await runStep(this.steps.pop()!);
    });
    return this.chain;
  }

  /** On Ctrl-C or SIGTERM: clean up, then exit with the signal's conventional code. */
  installSignalHandlers(): void {
    const onSignal = (signal: NodeJS.Signals, code: number) => {
      console.error(`\n${signal}: cleaning up…`);
      void this.run().finally(() => process.exit(code));
    };
    process.once('SIGINT', () => onSignal('SIGINT', 130));
    process.once('SIGTERM', () => onSignal('SIGTERM', 143));
  }
}

async function runStep(step: { label: string; undo: () => unknown }): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(step.undo),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    console.error(`cleanup: ${step.label} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Rejects when `promise` has not settled within `ms` (the work itself must be stopped by its owner). */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
