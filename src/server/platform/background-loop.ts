/**
 * Background work that runs one pass at a time: `poke()` starts a pass now, or, if one is running,
 * one more right after it (pokes in between merge), and a timer pokes every `intervalMs` as a
 * fallback. `stop()` takes no new pass and waits a short grace for the current one; work still
 * running after it is left to its lease (the outbox's notices, the runner's jobs), which hands it
 * to another node. Shared by the outbox worker and the job runner.
 */
export class BackgroundLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Pokes now and every `intervalMs` (a second call keeps the first timer). */
  start(intervalMs: number): void {
    if (!this.timer) {
      this.timer = setInterval(() => this.poke(), intervalMs);
      this.timer.unref();
    }
    this.poke();
  }

  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Resolves when the current pass (if any) is done. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
    clearTimeout(grace);
  }
}
