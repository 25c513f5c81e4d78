/**
 * Watches a stamp row that moves when reference data changes (search_terms_stamp,
 * zip_codes_stamp), for a cache of that data on every node: `revalidate()` reads the stamp at most
 * once per `revalidateMs` — one read for all the callers arriving meanwhile — and calls `onMove`
 * when it differs from the last one seen (the first read included), so the cache forgets.
 */
export interface StampWatchOptions {
  revalidateMs: number;
  now: () => number;
}

export class StampWatch {
  private stamp: string | number | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly read: () => Promise<string | number>,
    private readonly onMove: () => void,
    private readonly options: StampWatchOptions,
  ) {}

  async revalidate(): Promise<void> {
    if (this.options.now() - this.checkedAt < this.options.revalidateMs) return;
    this.checking ??= this.read()
      .then((stamp) => {
        if (stamp !== this.stamp) {
          this.onMove();
          this.stamp = stamp;
        }
        this.checkedAt = this.options.now();
      })
      .finally(() => {
        this.checking = undefined;
      });
    await this.checking;
  }
}
